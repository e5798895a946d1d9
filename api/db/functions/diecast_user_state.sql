-- diecast_user_state: a collector's whole state (every car and set they own, list or offer,
-- through diecast_state_of) with their settings: the full read of api/collection/collection-store.ts.
-- Last defined by api/db/migrations/0015_changes_leave_settings_alone.sql.
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
