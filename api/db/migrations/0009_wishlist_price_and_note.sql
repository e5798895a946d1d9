-- A wishlist car may carry the most the collector means to pay and a note (issue 12): two
-- nullable columns on list_items (null for favourites and for a wish with none), read by
-- diecast_state_of and written by diecast_apply_diff's list item inserts and updates. Both
-- functions are otherwise as 0002 / 0008 left them.
ALTER TABLE "list_items" ADD COLUMN "max_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "list_items" ADD COLUMN "note" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION diecast_state_of(p_user text, p_car_ids text[], p_set_ids text[])
RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'completedTutorials', p.completed_tutorials,
    'settings', p.settings,
    'ownedCars', (SELECT coalesce(jsonb_agg(car_id ORDER BY seq), '[]'::jsonb)
                    FROM owned_cars WHERE user_id = p_user AND car_id = ANY(p_car_ids)),
    'carInstances', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'carId', car_id, 'instanceId', instance_id, 'condition', condition,
                        'grade', grade, 'purchasePrice', purchase_price,
                        'purchaseDate', purchase_date, 'notes', notes,
                        'purchasePlace', purchase_place, 'dateAdded', date_added) ORDER BY seq),
                        '[]'::jsonb)
                    FROM car_instances WHERE user_id = p_user AND car_id = ANY(p_car_ids)),
    'ownedSets', (SELECT coalesce(jsonb_agg(set_id ORDER BY seq), '[]'::jsonb)
                    FROM owned_sets WHERE user_id = p_user AND set_id = ANY(p_set_ids)),
    'setInstances', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'setId', set_id, 'instanceId', instance_id,
                        'purchasePrice', purchase_price, 'dateAdded', date_added,
                        'purchaseDate', purchase_date, 'notes', notes,
                        'purchasePlace', purchase_place) ORDER BY seq), '[]'::jsonb)
                    FROM set_instances WHERE user_id = p_user AND set_id = ANY(p_set_ids)),
    'listItems', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'list', list, 'id', item_id, 'addedAt', added_at,
                        'maxPrice', max_price, 'note', note) ORDER BY seq),
                        '[]'::jsonb)
                    FROM list_items WHERE user_id = p_user
                      AND ((list IN ('favoriteCarIds', 'wishlistCarIds')
                            AND item_id = ANY(p_car_ids))
                        OR (list IN ('favoriteSetIds', 'wishlistSetIds')
                            AND item_id = ANY(p_set_ids)))),
    'tradeSell', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'kind', kind, 'id', item_id, 'forTrade', for_trade,
                        'forSale', for_sale) ORDER BY seq), '[]'::jsonb)
                    FROM trade_sell_entries WHERE user_id = p_user
                      AND ((kind = 'car' AND item_id = ANY(p_car_ids))
                        OR (kind = 'set' AND item_id = ANY(p_set_ids)))))
  FROM profiles p WHERE p.user_id = p_user);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION diecast_apply_diff(
  p_user text, p_expected_version bigint, p_diff jsonb
) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
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
        settings = coalesce(p_diff->'profile'->'settings', settings),
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
  IF jsonb_array_length(p_diff->'deleteCarInstances') > 0 THEN
    DELETE FROM car_instances WHERE user_id = p_user
      AND instance_id IN (SELECT jsonb_array_elements_text(p_diff->'deleteCarInstances'));
  END IF;
  IF jsonb_array_length(p_diff->'deleteOwnedCars') > 0 THEN
    DELETE FROM owned_cars WHERE user_id = p_user
      AND car_id IN (SELECT jsonb_array_elements_text(p_diff->'deleteOwnedCars'));
  END IF;
  IF jsonb_array_length(p_diff->'deleteSetInstances') > 0 THEN
    DELETE FROM set_instances WHERE user_id = p_user
      AND instance_id IN (SELECT jsonb_array_elements_text(p_diff->'deleteSetInstances'));
  END IF;
  IF jsonb_array_length(p_diff->'deleteOwnedSets') > 0 THEN
    DELETE FROM owned_sets WHERE user_id = p_user
      AND set_id IN (SELECT jsonb_array_elements_text(p_diff->'deleteOwnedSets'));
  END IF;
  IF jsonb_array_length(p_diff->'deleteListItems') > 0 THEN
    DELETE FROM list_items l USING jsonb_array_elements(p_diff->'deleteListItems') AS d(v)
      WHERE l.user_id = p_user AND l.list = d.v->>'list' AND l.item_id = d.v->>'id';
  END IF;
  IF jsonb_array_length(p_diff->'deleteTradeSell') > 0 THEN
    DELETE FROM trade_sell_entries t USING jsonb_array_elements(p_diff->'deleteTradeSell') AS d(v)
      WHERE t.user_id = p_user AND t.kind = d.v->>'kind' AND t.item_id = d.v->>'id';
  END IF;

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

  -- Updates in place keep a row's position.
  IF jsonb_array_length(p_diff->'updateCarInstances') > 0 THEN
    UPDATE car_instances c SET condition = u.v->>'condition', grade = u.v->>'grade',
        purchase_price = (u.v->>'purchasePrice')::numeric, purchase_date = u.v->>'purchaseDate',
        notes = u.v->>'notes', purchase_place = u.v->>'purchasePlace',
        date_added = u.v->>'dateAdded'
      FROM jsonb_array_elements(p_diff->'updateCarInstances') AS u(v)
      WHERE c.user_id = p_user AND c.instance_id = u.v->>'instanceId';
  END IF;
  IF jsonb_array_length(p_diff->'updateSetInstances') > 0 THEN
    UPDATE set_instances s SET purchase_price = (u.v->>'purchasePrice')::numeric,
        purchase_date = u.v->>'purchaseDate', notes = u.v->>'notes',
        purchase_place = u.v->>'purchasePlace', date_added = u.v->>'dateAdded'
      FROM jsonb_array_elements(p_diff->'updateSetInstances') AS u(v)
      WHERE s.user_id = p_user AND s.instance_id = u.v->>'instanceId';
  END IF;
  IF jsonb_array_length(p_diff->'updateListItems') > 0 THEN
    UPDATE list_items l SET added_at = u.v->>'addedAt',
        max_price = (u.v->>'maxPrice')::numeric, note = u.v->>'note'
      FROM jsonb_array_elements(p_diff->'updateListItems') AS u(v)
      WHERE l.user_id = p_user AND l.list = u.v->>'list' AND l.item_id = u.v->>'id';
  END IF;
  IF jsonb_array_length(p_diff->'updateTradeSell') > 0 THEN
    UPDATE trade_sell_entries t SET for_trade = (u.v->>'forTrade')::int,
        for_sale = (u.v->>'forSale')::int
      FROM jsonb_array_elements(p_diff->'updateTradeSell') AS u(v)
      WHERE t.user_id = p_user AND t.kind = u.v->>'kind' AND t.item_id = u.v->>'id';
  END IF;

  IF jsonb_array_length(p_diff->'keys') > 0 THEN
    INSERT INTO processed_keys (user_id, key, request_hash, status, response)
      SELECT p_user, k.v->>'key', k.v->>'requestHash', (k.v->>'status')::int, k.v->'body'
      FROM jsonb_array_elements(p_diff->'keys') AS k(v)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN true;
END;
$$;
