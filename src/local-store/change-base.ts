// A context's copy of what a collector's changes read: all their rows, their profile and the
// device counters (their totals with them), with the collection version it was taken at
// (db/collection-version.ts). With it, a change computes its writes before its transaction
// opens and reads nothing inside it but the version, so it costs about what its writes cost
// (docs/decisions/0003-change-as-one-plain-versioned-write.md).
//
// The copy is only ever trusted through the version: the change's transaction checks it before
// anything it writes can commit, and a change that finds it moved goes the slow way (reading its
// rows in the transaction) and takes a new copy. Kept per database instance, for one collector.
import { listSizesOfRows, type CollectionRows, type RowSource } from '../db/collection-rows';
import type { RowWrites } from './collection-diff';
import { COLLECTION_VERSION_KEY } from '../db/collection-version';
import { readCounters, type DeviceCounters } from '../db/device-counters';
import { LIST_NAMES } from '../db/device-rows';
import type { GarageDb } from '../db/garage-db';
import type {
  ListItemRow,
  OwnedCarRow,
  OwnedSetRow,
  ProfileRow,
  TradeSellRow,
} from '../db/device-rows';

export interface ChangeBase {
  userId: string;
  /** The collection version these rows are (the token in meta; null: none written yet). */
  version: string | null;
  cars: Map<string, OwnedCarRow>;
  sets: Map<string, OwnedSetRow>;
  /** By `<list>\n<id>`. */
  lists: Map<string, ListItemRow>;
  /** By `<kind>\n<id>`. */
  trade: Map<string, TradeSellRow>;
  /** Instance id → the car (or set) whose row holds it. */
  carOfInstance: Map<string, string>;
  setOfInstance: Map<string, string>;
  profile: ProfileRow | undefined;
  counters: DeviceCounters;
}

const listKey = (list: string, id: string) => `${list}\n${id}`;

/** What a change reads besides its rows, as stored at `version`. */
export interface BaseRest {
  version: string | null;
  profile: ProfileRow | undefined;
  counters: DeviceCounters;
}

export function changeBaseOf(userId: string, rows: CollectionRows, rest: BaseRest): ChangeBase {
  const base: ChangeBase = {
    userId,
    ...rest,
    cars: new Map(),
    sets: new Map(),
    lists: new Map(),
    trade: new Map(),
    carOfInstance: new Map(),
    setOfInstance: new Map(),
  };
  for (const row of rows.ownedCars) putCar(base, row);
  for (const row of rows.ownedSets) putSet(base, row);
  for (const row of rows.listItems) base.lists.set(listKey(row.list, row.id), row);
  for (const row of rows.tradeSell) base.trade.set(listKey(row.kind, row.id), row);
  return base;
}

/** Owned rows by car or set id, with who holds each instance id. */
interface OwnedRows<R extends { instanceIds: string[] }> {
  rows: Map<string, R>;
  ownerOf: Map<string, string>;
}

function putOwned<R extends { instanceIds: string[] }>(owned: OwnedRows<R>, id: string, row: R) {
  deleteOwned(owned, id);
  owned.rows.set(id, row);
  for (const instanceId of row.instanceIds) owned.ownerOf.set(instanceId, id);
}

function deleteOwned<R extends { instanceIds: string[] }>(owned: OwnedRows<R>, id: string) {
  for (const instanceId of owned.rows.get(id)?.instanceIds ?? []) owned.ownerOf.delete(instanceId);
  owned.rows.delete(id);
}

const carsOf = (base: ChangeBase) => ({ rows: base.cars, ownerOf: base.carOfInstance });
const setsOf = (base: ChangeBase) => ({ rows: base.sets, ownerOf: base.setOfInstance });
const putCar = (base: ChangeBase, row: OwnedCarRow) => putOwned(carsOf(base), row.carId, row);
const putSet = (base: ChangeBase, row: OwnedSetRow) => putOwned(setsOf(base), row.setId, row);
const deleteCar = (base: ChangeBase, carId: string) => deleteOwned(carsOf(base), carId);
const deleteSet = (base: ChangeBase, setId: string) => deleteOwned(setsOf(base), setId);

/**
 * The copy as a change's row source. Rows are handed out as copies: the rules and the diff must
 * never be able to change the base by changing what they were given.
 */
export function baseRowSource(base: ChangeBase): RowSource {
  const copies = <T>(rows: (T | undefined)[]) =>
    rows.filter((row): row is T => row !== undefined).map((row) => structuredClone(row));
  const uniqueIds = (ids: (string | undefined)[]) => [...new Set(ids)];
  return {
    rowsOf: async (cars, sets) => ({
      ownedCars: copies(cars.map((id) => base.cars.get(id))),
      ownedSets: copies(sets.map((id) => base.sets.get(id))),
      // The same keys, in the same order, as readRowsOf reads from IndexedDB.
      listItems: copies(
        LIST_NAMES.flatMap((list) =>
          (list.endsWith('CarIds') ? cars : sets).map((id) => base.lists.get(listKey(list, id))),
        ),
      ),
      tradeSell: copies([
        ...cars.map((id) => base.trade.get(listKey('car', id))),
        ...sets.map((id) => base.trade.get(listKey('set', id))),
      ]),
    }),
    setOwners: async (ids) =>
      copies(
        uniqueIds(ids.map((id) => base.setOfInstance.get(id))).map((setId) =>
          setId === undefined ? undefined : base.sets.get(setId),
        ),
      ),
    carOwners: async (ids) =>
      copies(
        uniqueIds(ids.map((id) => base.carOfInstance.get(id))).map((carId) =>
          carId === undefined ? undefined : base.cars.get(carId),
        ),
      ),
    listSizes: async () =>
      listSizesOfRows({ listItems: [...base.lists.values()], tradeSell: [...base.trade.values()] }),
  };
}

/** The base after a change of its own committed: its writes, and what it wrote besides rows. */
export function applyToBase(base: ChangeBase, writes: RowWrites, rest: BaseRest): void {
  for (const [, carId] of writes.ownedCars.delete) deleteCar(base, carId);
  for (const row of writes.ownedCars.put) putCar(base, row);
  for (const [, setId] of writes.ownedSets.delete) deleteSet(base, setId);
  for (const row of writes.ownedSets.put) putSet(base, row);
  for (const [, list, id] of writes.listItems.delete) base.lists.delete(listKey(list, id));
  for (const row of writes.listItems.put) base.lists.set(listKey(row.list, row.id), row);
  for (const [, kind, id] of writes.tradeSell.delete) base.trade.delete(listKey(kind, id));
  for (const row of writes.tradeSell.put) base.trade.set(listKey(row.kind, row.id), row);
  Object.assign(base, rest);
}

/**
 * Inside the caller's transaction (with `meta` in its scope): this context's copy for `userId`
 * when it is exactly what IndexedDB holds now, its version being the stored one.
 */
export async function currentChangeBase(
  db: GarageDb,
  userId: string,
): Promise<ChangeBase | undefined> {
  const base = changeBaseFor(db, userId);
  if (!base || base.version === null) return undefined;
  const stored = await db.meta.get(COLLECTION_VERSION_KEY);
  return stored?.value === base.version ? base : undefined;
}

/** Every row of the copy, as readAllRows would read them (in no particular order). */
export function rowsOfBase(base: ChangeBase): CollectionRows {
  return {
    ownedCars: [...base.cars.values()],
    ownedSets: [...base.sets.values()],
    listItems: [...base.lists.values()],
    tradeSell: [...base.trade.values()],
  };
}

/**
 * Last in a transaction that wrote `userId`'s rows: what a copy needs besides the rows, as that
 * transaction leaves it (the version its writes made included).
 */
export async function baseRestNow(db: GarageDb, userId: string): Promise<BaseRest> {
  const [version, profile, counters] = await Promise.all([
    db.meta.get(COLLECTION_VERSION_KEY),
    db.profiles.get(userId),
    readCounters(db),
  ]);
  return {
    version: typeof version?.value === 'string' ? version.value : null,
    profile,
    counters,
  };
}

const bases = new WeakMap<GarageDb, ChangeBase>();

/** This context's copy for `userId` on `db`, if it has one (trusted only through its version). */
export function changeBaseFor(db: GarageDb, userId: string): ChangeBase | undefined {
  const base = bases.get(db);
  return base?.userId === userId ? base : undefined;
}

export function keepChangeBase(db: GarageDb, base: ChangeBase): void {
  bases.set(db, base);
}

export function dropChangeBase(db: GarageDb): void {
  bases.delete(db);
}
