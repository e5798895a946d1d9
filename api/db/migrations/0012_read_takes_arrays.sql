-- diecast_read takes its keys and ids as text[] parameters (the driver sends them as arrays)
-- instead of two jsonb documents it unpacked with five statements of its own on every call,
-- and skips the lookups a change without sets or set instances cannot need; the profile row,
-- the keys, the catalogue rows and the state are read in one statement. What it answers is
-- unchanged (migration 0002): the version, totals, stored keys, catalogue rows and state.
DROP FUNCTION diecast_read(text, jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION diecast_read(
  p_user text, p_keys text[], p_car_ids text[], p_set_ids text[],
  p_car_instance_ids text[], p_set_instance_ids text[]
) RETURNS jsonb
LANGUAGE plpgsql STABLE
-- See migration 0011: one generic plan per statement for the session.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_set_ids text[] := p_set_ids;
  v_new_car_instance_ids text[] := p_car_instance_ids;
  v_car_ids text[] := p_car_ids;
BEGIN
  -- The sets of the set instances it names, and the '<set instance>~k' ids a set instance
  -- gives its cars (so a taken one is seen): only when it names a set instance.
  IF cardinality(p_set_instance_ids) > 0 THEN
    v_set_ids := v_set_ids || ARRAY(
      SELECT set_id FROM set_instances
        WHERE user_id = p_user AND instance_id = ANY(p_set_instance_ids));
    v_new_car_instance_ids := v_new_car_instance_ids || ARRAY(
      SELECT s.id || '~' || k
        FROM unnest(p_set_instance_ids) AS s(id),
             generate_series(1, (SELECT coalesce(max(jsonb_array_length(car_ids)), 0)
                                   FROM catalog_sets WHERE id = ANY(v_set_ids))) AS k);
  END IF;
  IF cardinality(v_set_ids) > 0 THEN
    v_car_ids := v_car_ids || ARRAY(SELECT jsonb_array_elements_text(car_ids)
                                      FROM catalog_sets WHERE id = ANY(v_set_ids));
  END IF;
  -- The owners of the instance ids it creates, so a taken id is seen.
  IF cardinality(v_new_car_instance_ids) > 0 THEN
    v_car_ids := v_car_ids || ARRAY(SELECT car_id FROM car_instances
                                      WHERE user_id = p_user
                                        AND instance_id = ANY(v_new_car_instance_ids));
  END IF;
  -- The left join keeps the one row when the user has no profile row yet (version null).
  RETURN (SELECT jsonb_build_object(
    'version', p.state_version,
    'totalCarCount', p.total_car_count,
    'totalSetCount', p.total_set_count,
    'keys', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'key', key, 'requestHash', request_hash, 'status', status, 'body', response)),
                '[]'::jsonb)
             FROM processed_keys WHERE user_id = p_user AND key = ANY(p_keys)),
    'cars', (SELECT coalesce(jsonb_agg(id), '[]'::jsonb)
             FROM catalog_cars WHERE id = ANY(p_car_ids)),
    'sets', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'id', id, 'name', name, 'carIds', car_ids)), '[]'::jsonb)
             FROM catalog_sets WHERE id = ANY(p_set_ids)),
    'state', CASE WHEN p.user_id IS NULL THEN NULL
                  ELSE diecast_state_of(p_user, v_car_ids, v_set_ids) END)
    FROM (SELECT 1) AS one LEFT JOIN profiles p ON p.user_id = p_user);
END;
$$;
