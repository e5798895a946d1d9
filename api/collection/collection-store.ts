// Reads a user's collection and preferences from SQL in one query, and writes back what changed.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import {
  carInstances,
  listItems,
  ownedCars,
  ownedSets,
  profiles,
  setInstances,
  tradeSellEntries,
} from '../db/schema';
import {
  collectionTotals,
  emptyUserState,
  type CarInstance,
  type Collection,
  type ListItem,
  type SetInstance,
  type UserState,
} from '../../src/shared/collection/types';
import { orderedDiff, sameFields } from './ordered-diff';

/** The four lists of list_items, named after the collection keys they fill. */
const LIST_NAMES = [
  'favoriteCarIds',
  'wishlistCarIds',
  'favoriteSetIds',
  'wishlistSetIds',
] as const;
type ListName = (typeof LIST_NAMES)[number];

interface StateRow {
  completed_tutorials: string[];
  settings: Record<string, unknown>;
  owned_cars: string[];
  car_instances: (CarInstance & { carId: string })[];
  owned_sets: string[];
  set_instances: (SetInstance & { setId: string })[];
  list_items: { list: ListName; id: string; addedAt: string }[];
  trade_sell: { kind: 'car' | 'set'; id: string; forTrade: number; forSale: number }[];
}

/** Each aggregate is a JSON array in insertion (seq) order; one round trip for the whole state. */
function stateQuery(userId: string) {
  return sql`
    SELECT p.completed_tutorials, p.settings,
      (SELECT coalesce(json_agg(car_id ORDER BY seq), '[]'::json)
         FROM owned_cars WHERE user_id = ${userId}) AS owned_cars,
      (SELECT coalesce(json_agg(json_build_object(
          'carId', car_id, 'instanceId', instance_id, 'condition', condition, 'grade', grade,
          'purchasePrice', purchase_price, 'purchaseDate', purchase_date, 'notes', notes,
          'purchasePlace', purchase_place, 'dateAdded', date_added) ORDER BY seq), '[]'::json)
         FROM car_instances WHERE user_id = ${userId}) AS car_instances,
      (SELECT coalesce(json_agg(set_id ORDER BY seq), '[]'::json)
         FROM owned_sets WHERE user_id = ${userId}) AS owned_sets,
      (SELECT coalesce(json_agg(json_build_object(
          'setId', set_id, 'instanceId', instance_id, 'purchasePrice', purchase_price,
          'dateAdded', date_added, 'purchaseDate', purchase_date, 'notes', notes,
          'purchasePlace', purchase_place) ORDER BY seq), '[]'::json)
         FROM set_instances WHERE user_id = ${userId}) AS set_instances,
      (SELECT coalesce(json_agg(json_build_object('list', list, 'id', item_id, 'addedAt', added_at)
          ORDER BY seq), '[]'::json)
         FROM list_items WHERE user_id = ${userId}) AS list_items,
      (SELECT coalesce(json_agg(json_build_object('kind', kind, 'id', item_id,
          'forTrade', for_trade, 'forSale', for_sale) ORDER BY seq), '[]'::json)
         FROM trade_sell_entries WHERE user_id = ${userId}) AS trade_sell
    FROM profiles p WHERE p.user_id = ${userId}`;
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function assembleState(row: StateRow): UserState {
  const lists = groupBy(row.list_items, (item) => item.list);
  const listOf = (name: ListName): ListItem[] =>
    (lists.get(name) ?? []).map(({ id, addedAt }) => ({ id, addedAt }));
  const favoriteCarIds = listOf('favoriteCarIds');
  const favorites = new Set(favoriteCarIds.map((item) => item.id));
  const instancesByCar = groupBy(row.car_instances, (instance) => instance.carId);
  const instancesBySet = groupBy(row.set_instances, (instance) => instance.setId);
  const collection: Collection = {
    ownedCars: row.owned_cars.map((carId) => ({
      carId,
      isFavorite: favorites.has(carId),
      instances: (instancesByCar.get(carId) ?? []).map(({ carId: _carId, ...instance }) => ({
        ...instance,
        purchasePrice: Number(instance.purchasePrice),
      })),
    })),
    ownedSets: row.owned_sets.map((setId) => ({
      setId,
      instances: (instancesBySet.get(setId) ?? []).map(({ setId: _setId, ...instance }) => ({
        ...instance,
        purchasePrice: Number(instance.purchasePrice),
      })),
    })),
    favoriteCarIds,
    wishlistCarIds: listOf('wishlistCarIds'),
    favoriteSetIds: listOf('favoriteSetIds'),
    wishlistSetIds: listOf('wishlistSetIds'),
    tradeSellSets: row.trade_sell
      .filter((entry) => entry.kind === 'set')
      .map(({ id, forTrade, forSale }) => ({ setId: id, forTrade, forSale })),
    tradeSellCars: row.trade_sell
      .filter((entry) => entry.kind === 'car')
      .map(({ id, forTrade, forSale }) => ({ carId: id, forTrade, forSale })),
  };
  return {
    collection,
    preferences: { completedTutorials: row.completed_tutorials, settings: row.settings },
  };
}

/** The user's state; the profile row must exist (lockProfile) or this throws. */
export async function loadUserState(db: Queryable, userId: string): Promise<UserState> {
  const [row] = await queryRows<StateRow>(db, stateQuery(userId));
  if (!row) throw new Error(`No profile row for user ${userId}`);
  return assembleState(row);
}

/** For reads: a user who has never changed anything has an empty state. */
export async function loadUserStateOrEmpty(db: Queryable, userId: string): Promise<UserState> {
  const [row] = await queryRows<StateRow>(db, stateQuery(userId));
  return row ? assembleState(row) : emptyUserState();
}

type InstanceRow<I> = I & { ownerId: string };

/** Per-owner instance diffs, so adding to one car never reorders another's instances. */
function instanceDiff<I extends { instanceId: string }>(
  beforeOwners: Map<string, I[]>,
  afterOwners: Map<string, I[]>,
) {
  const deleted: string[] = [];
  const inserted: InstanceRow<I>[] = [];
  const updated: InstanceRow<I>[] = [];
  for (const [ownerId, instances] of beforeOwners) {
    if (!afterOwners.has(ownerId)) deleted.push(...instances.map((i) => i.instanceId));
  }
  for (const [ownerId, instances] of afterOwners) {
    const diff = orderedDiff(
      beforeOwners.get(ownerId) ?? [],
      instances,
      (i) => i.instanceId,
      sameFields,
    );
    deleted.push(...diff.deleted.map((i) => i.instanceId));
    inserted.push(...diff.inserted.map((i) => ({ ...i, ownerId })));
    updated.push(...diff.updated.map((i) => ({ ...i, ownerId })));
  }
  return { deleted, inserted, updated };
}

function carInstancesByOwner(collection: Collection): Map<string, CarInstance[]> {
  return new Map(collection.ownedCars.map((car) => [car.carId, car.instances]));
}

function setInstancesByOwner(collection: Collection): Map<string, SetInstance[]> {
  return new Map(collection.ownedSets.map((set) => [set.setId, set.instances]));
}

const byString = (value: string) => value;
const always = () => true;

/**
 * Writes the difference between two states of one user. Deletes run before inserts so a row
 * that moves to the end (removed then re-added) frees its key first.
 */
export async function saveUserStateDiff(
  db: Queryable,
  userId: string,
  before: UserState,
  after: UserState,
): Promise<void> {
  if (before === after) return;
  const b = before.collection;
  const a = after.collection;

  const cars = orderedDiff(
    b.ownedCars.map((car) => car.carId),
    a.ownedCars.map((car) => car.carId),
    byString,
    always,
  );
  const carInst = instanceDiff(carInstancesByOwner(b), carInstancesByOwner(a));
  const sets = orderedDiff(
    b.ownedSets.map((set) => set.setId),
    a.ownedSets.map((set) => set.setId),
    byString,
    always,
  );
  const setInst = instanceDiff(setInstancesByOwner(b), setInstancesByOwner(a));

  if (carInst.deleted.length > 0) {
    await db
      .delete(carInstances)
      .where(
        and(eq(carInstances.userId, userId), inArray(carInstances.instanceId, carInst.deleted)),
      );
  }
  if (cars.deleted.length > 0) {
    await db
      .delete(ownedCars)
      .where(and(eq(ownedCars.userId, userId), inArray(ownedCars.carId, cars.deleted)));
  }
  if (setInst.deleted.length > 0) {
    await db
      .delete(setInstances)
      .where(
        and(eq(setInstances.userId, userId), inArray(setInstances.instanceId, setInst.deleted)),
      );
  }
  if (sets.deleted.length > 0) {
    await db
      .delete(ownedSets)
      .where(and(eq(ownedSets.userId, userId), inArray(ownedSets.setId, sets.deleted)));
  }
  if (cars.inserted.length > 0) {
    await db.insert(ownedCars).values(cars.inserted.map((carId) => ({ userId, carId })));
  }
  if (carInst.inserted.length > 0) {
    await db.insert(carInstances).values(
      carInst.inserted.map(({ ownerId, ...instance }) => ({
        userId,
        carId: ownerId,
        ...instance,
      })),
    );
  }
  for (const { ownerId: _ownerId, instanceId, ...fields } of carInst.updated) {
    await db
      .update(carInstances)
      .set(fields)
      .where(and(eq(carInstances.userId, userId), eq(carInstances.instanceId, instanceId)));
  }
  if (sets.inserted.length > 0) {
    await db.insert(ownedSets).values(sets.inserted.map((setId) => ({ userId, setId })));
  }
  if (setInst.inserted.length > 0) {
    await db.insert(setInstances).values(
      setInst.inserted.map(({ ownerId, ...instance }) => ({
        userId,
        setId: ownerId,
        ...instance,
      })),
    );
  }
  for (const { ownerId: _ownerId, instanceId, ...fields } of setInst.updated) {
    await db
      .update(setInstances)
      .set(fields)
      .where(and(eq(setInstances.userId, userId), eq(setInstances.instanceId, instanceId)));
  }

  await saveListDiffs(db, userId, b, a);
  await saveTradeSellDiff(db, userId, 'car', tradeEntries(b, 'car'), tradeEntries(a, 'car'));
  await saveTradeSellDiff(db, userId, 'set', tradeEntries(b, 'set'), tradeEntries(a, 'set'));
  await saveProfileDiff(db, userId, before, after);
}

async function saveListDiffs(db: Queryable, userId: string, b: Collection, a: Collection) {
  for (const list of LIST_NAMES) {
    const diff = orderedDiff(b[list], a[list], (item) => item.id, sameFields);
    const inList = and(eq(listItems.userId, userId), eq(listItems.list, list));
    if (diff.deleted.length > 0) {
      const ids = diff.deleted.map((item) => item.id);
      await db.delete(listItems).where(and(inList, inArray(listItems.itemId, ids)));
    }
    if (diff.inserted.length > 0) {
      await db
        .insert(listItems)
        .values(
          diff.inserted.map((item) => ({ userId, list, itemId: item.id, addedAt: item.addedAt })),
        );
    }
    for (const item of diff.updated) {
      await db
        .update(listItems)
        .set({ addedAt: item.addedAt })
        .where(and(inList, eq(listItems.itemId, item.id)));
    }
  }
}

interface TradeEntry {
  id: string;
  forTrade: number;
  forSale: number;
}

function tradeEntries(collection: Collection, kind: 'car' | 'set'): TradeEntry[] {
  return kind === 'car'
    ? collection.tradeSellCars.map(({ carId, forTrade, forSale }) => ({
        id: carId,
        forTrade,
        forSale,
      }))
    : collection.tradeSellSets.map(({ setId, forTrade, forSale }) => ({
        id: setId,
        forTrade,
        forSale,
      }));
}

async function saveTradeSellDiff(
  db: Queryable,
  userId: string,
  kind: 'car' | 'set',
  before: TradeEntry[],
  after: TradeEntry[],
) {
  if (before === after || (before.length === 0 && after.length === 0)) return;
  const diff = orderedDiff(before, after, (entry) => entry.id, sameFields);
  const mine = and(eq(tradeSellEntries.userId, userId), eq(tradeSellEntries.kind, kind));
  if (diff.deleted.length > 0) {
    await db.delete(tradeSellEntries).where(
      and(
        mine,
        inArray(
          tradeSellEntries.itemId,
          diff.deleted.map((entry) => entry.id),
        ),
      ),
    );
  }
  if (diff.inserted.length > 0) {
    await db.insert(tradeSellEntries).values(
      diff.inserted.map(({ id, forTrade, forSale }) => ({
        userId,
        kind,
        itemId: id,
        forTrade,
        forSale,
      })),
    );
  }
  for (const { id, forTrade, forSale } of diff.updated) {
    await db
      .update(tradeSellEntries)
      .set({ forTrade, forSale })
      .where(and(mine, eq(tradeSellEntries.itemId, id)));
  }
}

/** Totals always equal the instance counts: they are recomputed from the state written. */
async function saveProfileDiff(db: Queryable, userId: string, before: UserState, after: UserState) {
  const beforeTotals = collectionTotals(before.collection);
  const afterTotals = collectionTotals(after.collection);
  const changes: Partial<typeof profiles.$inferInsert> = {};
  if (
    beforeTotals.totalCarCount !== afterTotals.totalCarCount ||
    beforeTotals.totalSetCount !== afterTotals.totalSetCount
  ) {
    Object.assign(changes, afterTotals);
  }
  if (before.preferences.settings !== after.preferences.settings) {
    changes.settings = after.preferences.settings;
  }
  if (before.preferences.completedTutorials !== after.preferences.completedTutorials) {
    changes.completedTutorials = after.preferences.completedTutorials;
  }
  if (Object.keys(changes).length === 0) return;
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}
