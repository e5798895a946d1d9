-- A collection change no longer reads or writes the collector's whole settings: until now every
-- change's read carried profiles.settings whole (diecast_state_of built it into the state), and
-- a settings change wrote the whole object back, so a profile grown to megabytes of settings
-- made every change of its collector slow and slowed the others beside it. Now:
-- - diecast_state_of leaves the settings out; diecast_user_state (the full read) adds them, and
--   diecast_read adds them only when asked (p_settings: a push or call holding a settings
--   change, whose rule checks the caps of src/shared/collector-caps.ts);
-- - diecast_apply_diff merges the keys a change sets (`||`), never the whole object;
-- - diecast_read counts each capped list (wishlist, favourites, trade/sale stock) when asked
--   (p_count_up_to > 0: a change that may grow one), up to that many entries, so a count costs
--   no more than a full list.
-- What else the functions read and write is unchanged (copied from migration 0014).
DROP FUNCTION diecast_read(text, text[], text[], text[], text[], text[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION diecast_state_of(p_user text, p_car_ids text[], p_set_ids text[])
RETURNS jsonb
LANGUAGE plpgsql STABLE
-- See migrations 0011 and 0013: one generic plan per statement for the session, no table scans.
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off AS $$
BEGIN
  RETURN (
    WITH cars AS (SELECT DISTINCT id FROM unnest(p_car_ids) AS u(id)),
         sets AS (SELECT DISTINCT id FROM unnest(p_set_ids) AS u(id))
    SELECT jsonb_build_object(
    'completedTutorials', p.completed_tutorials,
    'ownedCars', (SELECT coalesce(jsonb_agg(o.car_id ORDER BY o.seq), '[]'::jsonb)
                    FROM cars CROSS JOIN LATERAL (
                      SELECT car_id, seq FROM owned_cars
                        WHERE user_id = p_user AND car_id = cars.id OFFSET 0) AS o),
    'carInstances', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'carId', i.car_id, 'instanceId', i.instance_id, 'condition', i.condition,
                        'grade', i.grade, 'purchasePrice', i.purchase_price,
                        'purchaseDate', i.purchase_date, 'notes', i.notes,
                        'purchasePlace', i.purchase_place, 'dateAdded', i.date_added)
                        ORDER BY i.seq), '[]'::jsonb)
                    FROM cars CROSS JOIN LATERAL (
                      SELECT * FROM car_instances
                        WHERE user_id = p_user AND car_id = cars.id OFFSET 0) AS i),
    'ownedSets', (SELECT coalesce(jsonb_agg(o.set_id ORDER BY o.seq), '[]'::jsonb)
                    FROM sets CROSS JOIN LATERAL (
                      SELECT set_id, seq FROM owned_sets
                        WHERE user_id = p_user AND set_id = sets.id OFFSET 0) AS o),
    'setInstances', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'setId', i.set_id, 'instanceId', i.instance_id,
                        'purchasePrice', i.purchase_price, 'dateAdded', i.date_added,
                        'purchaseDate', i.purchase_date, 'notes', i.notes,
                        'purchasePlace', i.purchase_place) ORDER BY i.seq), '[]'::jsonb)
                    FROM sets CROSS JOIN LATERAL (
                      SELECT * FROM set_instances
                        WHERE user_id = p_user AND set_id = sets.id OFFSET 0) AS i),
    'listItems', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'list', l.list, 'id', l.item_id, 'addedAt', l.added_at,
                        'maxPrice', l.max_price, 'note', l.note) ORDER BY l.seq), '[]'::jsonb)
                    FROM (SELECT lists.list, cars.id FROM cars,
                            (VALUES ('favoriteCarIds'), ('wishlistCarIds')) AS lists(list)
                          UNION ALL
                          SELECT lists.list, sets.id FROM sets,
                            (VALUES ('favoriteSetIds'), ('wishlistSetIds')) AS lists(list))
                         AS wanted
                    CROSS JOIN LATERAL (
                      SELECT * FROM list_items
                        WHERE user_id = p_user AND list = wanted.list
                          AND item_id = wanted.id OFFSET 0) AS l),
    'tradeSell', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'kind', t.kind, 'id', t.item_id, 'forTrade', t.for_trade,
                        'forSale', t.for_sale) ORDER BY t.seq), '[]'::jsonb)
                    FROM (SELECT 'car' AS kind, id FROM cars
                          UNION ALL
                          SELECT 'set' AS kind, id FROM sets) AS wanted
                    CROSS JOIN LATERAL (
                      SELECT * FROM trade_sell_entries
                        WHERE user_id = p_user AND kind = wanted.kind
                          AND item_id = wanted.id OFFSET 0) AS t))
  FROM profiles p WHERE p.user_id = p_user);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION diecast_user_state(p_user text) RETURNS jsonb
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- Every car instance belongs to an owned car, so owned, listed and offered ids cover them all.
  RETURN diecast_state_of(p_user,
    ARRAY(SELECT car_id FROM owned_cars WHERE user_id = p_user
          UNION SELECT item_id FROM list_items
                 WHERE user_id = p_user AND list IN ('favoriteCarIds', 'wishlistCarIds')
          UNION SELECT item_id FROM trade_sell_entries WHERE user_id = p_user AND kind = 'car'),
    ARRAY(SELECT set_id FROM owned_sets WHERE user_id = p_user
          UNION SELECT item_id FROM list_items
                 WHERE user_id = p_user AND list IN ('favoriteSetIds', 'wishlistSetIds')
          UNION SELECT item_id FROM trade_sell_entries WHERE user_id = p_user AND kind = 'set'))
    || (SELECT jsonb_build_object('settings', settings) FROM profiles WHERE user_id = p_user);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION diecast_read(
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION diecast_apply_diff(
  p_user text, p_expected_version bigint, p_diff jsonb
) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_id text;
  v_row jsonb;
BEGIN
  -- Optimistic concurrency: apply only on top of the state version the diff was computed from.
  -- A concurrent writer holds the row lock until it commits; then state_version no longer
  -- matches, nothing is written, and the caller reads again and recomputes.
  -- The version bump carries the profile fields the diff changes (one row update, not two).
  IF p_expected_version IS NULL THEN
    INSERT INTO profiles (user_id, state_version, username, total_car_count, total_set_count,
                          settings, completed_tutorials)
      VALUES (p_user, 1, p_diff->'profile'->>'username',
              coalesce((p_diff->'profile'->>'totalCarCount')::int, 0),
              coalesce((p_diff->'profile'->>'totalSetCount')::int, 0),
              coalesce(p_diff->'profile'->'settings', '{}'::jsonb),
              coalesce(p_diff->'profile'->'completedTutorials', '[]'::jsonb))
      ON CONFLICT DO NOTHING;
  ELSE
    UPDATE profiles SET
        state_version = state_version + 1,
        updated_at = now(),
        username = coalesce(p_diff->'profile'->>'username', username),
        total_car_count = coalesce((p_diff->'profile'->>'totalCarCount')::int, total_car_count),
        total_set_count = coalesce((p_diff->'profile'->>'totalSetCount')::int, total_set_count),
        -- Only the keys the change sets: the rest of the settings is never read here.
        settings = CASE WHEN p_diff->'profile' ? 'settings'
                        THEN settings || (p_diff->'profile'->'settings') ELSE settings END,
        completed_tutorials = coalesce(p_diff->'profile'->'completedTutorials',
                                       completed_tutorials)
      WHERE user_id = p_user AND state_version = p_expected_version;
  END IF;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  -- A single change pays its work units in the same write (one round trip, one commit): over
  -- the collector's budget the whole call fails with DG429 and the version bump is undone.
  IF p_diff ? 'budget' THEN
    INSERT INTO write_budgets AS w (user_id, units, refilled_at)
      VALUES (p_user, (p_diff->'budget'->>'capacity')::float8
                        - (p_diff->'budget'->>'units')::float8, clock_timestamp())
    ON CONFLICT (user_id) DO UPDATE
      SET units = least((p_diff->'budget'->>'capacity')::float8, w.units
                    + extract(epoch from clock_timestamp() - w.refilled_at)::float8
                      * (p_diff->'budget'->>'refillPerSecond')::float8)
                  - (p_diff->'budget'->>'units')::float8,
          refilled_at = clock_timestamp()
      WHERE least((p_diff->'budget'->>'capacity')::float8, w.units
                + extract(epoch from clock_timestamp() - w.refilled_at)::float8
                  * (p_diff->'budget'->>'refillPerSecond')::float8)
            >= (p_diff->'budget'->>'units')::float8;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'over the write budget' USING ERRCODE = 'DG429';
    END IF;
  END IF;
  -- A username is unique in any case through the usernames directory (a unique index on
  -- profiles could not be kept once profiles are distributed by user_id).
  IF p_diff->'profile'->>'username' IS NOT NULL THEN
    PERFORM diecast_claim_username(p_user, p_diff->'profile'->>'username');
  END IF;

  -- Deletes first, so a row that moves to the end (removed, then added again) frees its key.
  -- One statement a row, by its whole key: a join with the diff's array could be planned as a
  -- read of all the collector's rows (O(collection) per change); a key lookup cannot.
  FOR v_id IN SELECT jsonb_array_elements_text(p_diff->'deleteCarInstances') LOOP
    DELETE FROM car_instances WHERE user_id = p_user AND instance_id = v_id;
  END LOOP;
  FOR v_id IN SELECT jsonb_array_elements_text(p_diff->'deleteOwnedCars') LOOP
    DELETE FROM owned_cars WHERE user_id = p_user AND car_id = v_id;
  END LOOP;
  FOR v_id IN SELECT jsonb_array_elements_text(p_diff->'deleteSetInstances') LOOP
    DELETE FROM set_instances WHERE user_id = p_user AND instance_id = v_id;
  END LOOP;
  FOR v_id IN SELECT jsonb_array_elements_text(p_diff->'deleteOwnedSets') LOOP
    DELETE FROM owned_sets WHERE user_id = p_user AND set_id = v_id;
  END LOOP;
  FOR v_row IN SELECT jsonb_array_elements(p_diff->'deleteListItems') LOOP
    DELETE FROM list_items
      WHERE user_id = p_user AND list = v_row->>'list' AND item_id = v_row->>'id';
  END LOOP;
  FOR v_row IN SELECT jsonb_array_elements(p_diff->'deleteTradeSell') LOOP
    DELETE FROM trade_sell_entries
      WHERE user_id = p_user AND kind = v_row->>'kind' AND item_id = v_row->>'id';
  END LOOP;

  -- Inserts in document order: the identity column (seq) keeps the collection's order.
  IF jsonb_array_length(p_diff->'insertOwnedCars') > 0 THEN
    INSERT INTO owned_cars (user_id, car_id)
      SELECT p_user, e.v FROM jsonb_array_elements_text(p_diff->'insertOwnedCars')
        WITH ORDINALITY AS e(v, n) ORDER BY e.n;
  END IF;
  IF jsonb_array_length(p_diff->'insertCarInstances') > 0 THEN
    INSERT INTO car_instances (user_id, instance_id, car_id, condition, grade, purchase_price,
                               purchase_date, notes, purchase_place, date_added)
      SELECT p_user, e.v->>'instanceId', e.v->>'carId', e.v->>'condition', e.v->>'grade',
             (e.v->>'purchasePrice')::numeric, e.v->>'purchaseDate', e.v->>'notes',
             e.v->>'purchasePlace', e.v->>'dateAdded'
      FROM jsonb_array_elements(p_diff->'insertCarInstances') WITH ORDINALITY AS e(v, n)
      ORDER BY e.n;
  END IF;
  IF jsonb_array_length(p_diff->'insertOwnedSets') > 0 THEN
    INSERT INTO owned_sets (user_id, set_id)
      SELECT p_user, e.v FROM jsonb_array_elements_text(p_diff->'insertOwnedSets')
        WITH ORDINALITY AS e(v, n) ORDER BY e.n;
  END IF;
  IF jsonb_array_length(p_diff->'insertSetInstances') > 0 THEN
    INSERT INTO set_instances (user_id, instance_id, set_id, purchase_price, purchase_date, notes,
                               purchase_place, date_added)
      SELECT p_user, e.v->>'instanceId', e.v->>'setId', (e.v->>'purchasePrice')::numeric,
             e.v->>'purchaseDate', e.v->>'notes', e.v->>'purchasePlace', e.v->>'dateAdded'
      FROM jsonb_array_elements(p_diff->'insertSetInstances') WITH ORDINALITY AS e(v, n)
      ORDER BY e.n;
  END IF;
  IF jsonb_array_length(p_diff->'insertListItems') > 0 THEN
    INSERT INTO list_items (user_id, list, item_id, added_at, max_price, note)
      SELECT p_user, e.v->>'list', e.v->>'id', e.v->>'addedAt', (e.v->>'maxPrice')::numeric,
             e.v->>'note'
      FROM jsonb_array_elements(p_diff->'insertListItems') WITH ORDINALITY AS e(v, n)
      ORDER BY e.n;
  END IF;
  IF jsonb_array_length(p_diff->'insertTradeSell') > 0 THEN
    INSERT INTO trade_sell_entries (user_id, kind, item_id, for_trade, for_sale)
      SELECT p_user, e.v->>'kind', e.v->>'id', (e.v->>'forTrade')::int, (e.v->>'forSale')::int
      FROM jsonb_array_elements(p_diff->'insertTradeSell') WITH ORDINALITY AS e(v, n)
      ORDER BY e.n;
  END IF;

  -- Updates in place keep a row's position; one statement a row, by its whole key.
  FOR v_row IN SELECT jsonb_array_elements(p_diff->'updateCarInstances') LOOP
    UPDATE car_instances SET condition = v_row->>'condition', grade = v_row->>'grade',
        purchase_price = (v_row->>'purchasePrice')::numeric, purchase_date = v_row->>'purchaseDate',
        notes = v_row->>'notes', purchase_place = v_row->>'purchasePlace',
        date_added = v_row->>'dateAdded'
      WHERE user_id = p_user AND instance_id = v_row->>'instanceId';
  END LOOP;
  FOR v_row IN SELECT jsonb_array_elements(p_diff->'updateSetInstances') LOOP
    UPDATE set_instances SET purchase_price = (v_row->>'purchasePrice')::numeric,
        purchase_date = v_row->>'purchaseDate', notes = v_row->>'notes',
        purchase_place = v_row->>'purchasePlace', date_added = v_row->>'dateAdded'
      WHERE user_id = p_user AND instance_id = v_row->>'instanceId';
  END LOOP;
  FOR v_row IN SELECT jsonb_array_elements(p_diff->'updateListItems') LOOP
    UPDATE list_items SET added_at = v_row->>'addedAt', max_price = (v_row->>'maxPrice')::numeric,
        note = v_row->>'note'
      WHERE user_id = p_user AND list = v_row->>'list' AND item_id = v_row->>'id';
  END LOOP;
  FOR v_row IN SELECT jsonb_array_elements(p_diff->'updateTradeSell') LOOP
    UPDATE trade_sell_entries SET for_trade = (v_row->>'forTrade')::int,
        for_sale = (v_row->>'forSale')::int
      WHERE user_id = p_user AND kind = v_row->>'kind' AND item_id = v_row->>'id';
  END LOOP;

  IF jsonb_array_length(p_diff->'keys') > 0 THEN
    INSERT INTO processed_keys (user_id, key, request_hash, status, response)
      SELECT p_user, k.v->>'key', k.v->>'requestHash', (k.v->>'status')::int, k.v->'body'
      FROM jsonb_array_elements(p_diff->'keys') AS k(v)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN true;
END;
$$;
