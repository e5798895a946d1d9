-- diecast_state_of: the part of a collector's state that names the given cars and sets (owned
-- ids, copies, lists, trade and sale entries) and their completed tutorials, as one jsonb
-- document, each row looked up by its whole key; never the settings.
-- Last defined by api/db/migrations/0015_changes_leave_settings_alone.sql.
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
