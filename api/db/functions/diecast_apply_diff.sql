-- diecast_apply_diff: writes a collection change in one call, only on top of the state version it
-- was computed from (false, nothing written, when another write came first): the profile fields
-- and version bump, the write-budget charge (DG429 over it), the username claim, the row diff by
-- whole key and the idempotency keys.
-- Last defined by api/db/migrations/0015_changes_leave_settings_alone.sql.
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
