-- diecast_read: the one read of a collection change: the state version and totals, the stored
-- outcomes of its idempotency keys, the catalogue rows it names, the rows it can touch (with the
-- cars of the sets and set copies it names, and the owners of the copy ids it creates), the
-- capped lists' sizes and the settings only when asked.
-- Last defined by api/db/migrations/0015_changes_leave_settings_alone.sql.
CREATE OR REPLACE FUNCTION diecast_read(
  p_user text, p_keys text[], p_car_ids text[], p_set_ids text[],
  p_car_instance_ids text[], p_set_instance_ids text[], p_settings boolean, p_count_up_to int
) RETURNS jsonb
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off AS $$
DECLARE
  v_set_ids text[] := p_set_ids;
  v_new_car_instance_ids text[] := p_car_instance_ids;
  v_car_ids text[] := p_car_ids;
BEGIN
  -- The sets of the set instances it names, and the '<set instance>~k' ids a set instance
  -- gives its cars (so a taken one is seen): only when it names a set instance.
  IF cardinality(p_set_instance_ids) > 0 THEN
    v_set_ids := v_set_ids || ARRAY(
      SELECT s.set_id FROM unnest(p_set_instance_ids) AS wanted(id)
        CROSS JOIN LATERAL (SELECT set_id FROM set_instances
                              WHERE user_id = p_user AND instance_id = wanted.id OFFSET 0) AS s);
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
    v_car_ids := v_car_ids || ARRAY(
      SELECT i.car_id FROM unnest(v_new_car_instance_ids) AS wanted(id)
        CROSS JOIN LATERAL (SELECT car_id FROM car_instances
                              WHERE user_id = p_user AND instance_id = wanted.id OFFSET 0) AS i);
  END IF;
  -- The left join keeps the one row when the user has no profile row yet (version null).
  RETURN (SELECT jsonb_build_object(
    'version', p.state_version,
    'totalCarCount', p.total_car_count,
    'totalSetCount', p.total_set_count,
    'keys', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'key', k.key, 'requestHash', k.request_hash, 'status', k.status,
                'body', k.response)), '[]'::jsonb)
             FROM (SELECT DISTINCT id FROM unnest(p_keys) AS u(id)) AS wanted
             CROSS JOIN LATERAL (SELECT * FROM processed_keys
                                   WHERE user_id = p_user AND key = wanted.id OFFSET 0) AS k),
    'cars', (SELECT coalesce(jsonb_agg(id), '[]'::jsonb)
             FROM catalog_cars WHERE id = ANY(p_car_ids)),
    'sets', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'id', id, 'name', name, 'carIds', car_ids)), '[]'::jsonb)
             FROM catalog_sets WHERE id = ANY(p_set_ids)),
    -- Each capped list's entries, counted only as far as telling a full one takes.
    'sizes', CASE WHEN p.user_id IS NULL OR p_count_up_to = 0 THEN NULL
                  ELSE jsonb_build_object(
      'wishlist', (SELECT count(*) FROM (SELECT 1 FROM list_items
                     WHERE user_id = p_user AND list IN ('wishlistCarIds', 'wishlistSetIds')
                     LIMIT p_count_up_to) AS c),
      'favorites', (SELECT count(*) FROM (SELECT 1 FROM list_items
                     WHERE user_id = p_user AND list IN ('favoriteCarIds', 'favoriteSetIds')
                     LIMIT p_count_up_to) AS c),
      'tradeStock', (SELECT count(*) FROM (SELECT 1 FROM trade_sell_entries
                     WHERE user_id = p_user LIMIT p_count_up_to) AS c)) END,
    'state', CASE WHEN p.user_id IS NULL THEN NULL
                  WHEN p_settings THEN diecast_state_of(p_user, v_car_ids, v_set_ids)
                                       || jsonb_build_object('settings', p.settings)
                  ELSE diecast_state_of(p_user, v_car_ids, v_set_ids) END)
    FROM (SELECT 1) AS one LEFT JOIN profiles p ON p.user_id = p_user);
END;
$$;
