-- diecast_claim_username: a username (any case) and its look-alike skeleton become the
-- collector's, letting their former ones go; unique_violation when another collector holds either.
-- Last defined by api/db/migrations/0019_lookalike_usernames_and_key_retention.sql.
CREATE OR REPLACE FUNCTION diecast_claim_username(p_user text, p_name text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_owner text;
  v_skeleton text := diecast_username_skeleton(p_name);
BEGIN
  SELECT user_id INTO v_owner FROM usernames WHERE name = lower(p_name);
  IF v_owner = p_user THEN
    RETURN;
  END IF;
  IF v_owner IS NOT NULL THEN
    RAISE EXCEPTION 'username % is already taken', p_name USING ERRCODE = 'unique_violation';
  END IF;
  -- Mine go first: a new name like my own ('AIice' for 'Alice') is mine to take.
  DELETE FROM usernames WHERE user_id = p_user;
  DELETE FROM username_skeletons WHERE user_id = p_user;
  INSERT INTO usernames (name, user_id) VALUES (lower(p_name), p_user) ON CONFLICT (name) DO NOTHING;
  SELECT user_id INTO v_owner FROM usernames WHERE name = lower(p_name);
  IF v_owner IS DISTINCT FROM p_user THEN
    RAISE EXCEPTION 'username % is already taken', p_name USING ERRCODE = 'unique_violation';
  END IF;
  INSERT INTO username_skeletons (skeleton, user_id) VALUES (v_skeleton, p_user)
    ON CONFLICT (skeleton) DO NOTHING;
  SELECT user_id INTO v_owner FROM username_skeletons WHERE skeleton = v_skeleton;
  IF v_owner IS DISTINCT FROM p_user THEN
    RAISE EXCEPTION 'username % is too like a name that is taken', p_name
      USING ERRCODE = 'unique_violation';
  END IF;
END;
$$;
