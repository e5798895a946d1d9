-- Two things a collector's account must not bend (issue #32):
-- 1. A username too like another collector's ('AIice' beside 'Alice') is taken. Each name's
--    skeleton (diecast_username_skeleton, the same fold as src/shared/profile/username-lookalikes.ts)
--    is claimed in a directory of its own, keyed by the skeleton as usernames is by the name, so
--    the uniqueness holds under concurrency and on a database distributed by user id. Names
--    already held that share a skeleton are kept: the first holder (by profile creation, then
--    name) gets the skeleton, the others keep their names without one (no name is taken away,
--    and the migration cannot fail on them), and nobody new can take a name like either.
-- 2. processed_keys is swept after 400 days (api/collection/key-retention.ts, docs/sync.md):
--    an index on created_at makes each small batch cheap, and swept_key_marks keeps, per device
--    (the clientId of its `<clientId>:<seq>` keys), the highest seq swept, so a key of that
--    device at or below it that is no longer stored is refused, never applied a second time.
CREATE OR REPLACE FUNCTION diecast_username_skeleton(p_name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(replace(replace(replace(lower(p_name), '_', ''), 'rn', 'm'), 'vv', 'w'),
                   '01i5', 'olls')
$$;
--> statement-breakpoint
CREATE TABLE "username_skeletons" (
	"skeleton" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "username_skeletons_user_idx" ON "username_skeletons" USING btree ("user_id");
--> statement-breakpoint
INSERT INTO username_skeletons (skeleton, user_id)
  SELECT DISTINCT ON (diecast_username_skeleton(u.name)) diecast_username_skeleton(u.name), u.user_id
  FROM usernames u LEFT JOIN profiles p ON p.user_id = u.user_id
  ORDER BY diecast_username_skeleton(u.name), p.created_at NULLS LAST, u.name
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- diecast_claim_username: the name (any case) and its skeleton become p_user's, and p_user's
-- other name and skeleton are let go; a name or a skeleton another collector holds raises
-- unique_violation (the API answers 409). New capitals of the name p_user holds change nothing
-- here (a look-alike kept from before this migration included).
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
--> statement-breakpoint
CREATE INDEX "processed_keys_created_idx" ON "processed_keys" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "swept_key_marks" (
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"swept_through" bigint NOT NULL,
	CONSTRAINT "swept_key_marks_user_id_client_id_pk" PRIMARY KEY("user_id","client_id")
);
