// The /collection tabs' reads: owned cars and sets joined with the catalogue, and recently added
// instances (the totals: use-owned-totals.ts). Each is a pure async function of (db, userId) and
// a live hook, which re-reads when the collector's rows change or a new catalogue replaces the
// one in memory.
import { useLiveQuery } from 'dexie-react-hooks';
import { type CarInstance, type Condition } from '../shared/collection/types';
import { deviceDb } from '../db/device-db';
import { useDeviceCatalog } from './use-device-catalog';
import type { GarageDb } from '../db/garage-db';
import type { OwnedCarRow } from '../db/device-rows';
import type { OwnedCarSummaryRow } from '../db/owned-summaries';
import type { CarSummary, SetSummary } from '../db/catalog-summaries';
import { carSummaries, setSummaries, unknownCar, unknownSet } from '../db/catalog-summaries';
import type { Sortable } from '../db/owned-rows';
import { latest, ownedCarRows, ownedSetRows, seriesPosition } from '../db/owned-rows';

export interface OwnedCarEntry extends Sortable {
  carId: string;
  car: CarSummary;
  count: number;
  isFavorite: boolean;
  firstAdded: string;
  conditions: Condition[];
  spent: number;
}

function ownedCarEntry(summary: OwnedCarSummaryRow, car: CarSummary): OwnedCarEntry {
  return {
    key: `car:${summary.carId}`,
    carId: summary.carId,
    car,
    name: car.name,
    year: car.year,
    series: car.series,
    brand: car.brand,
    position: seriesPosition(car.seriesNumber),
    seq: summary.seq,
    count: summary.count,
    isFavorite: summary.isFavorite,
    lastAdded: summary.lastAdded,
    firstAdded: summary.firstAdded,
    conditions: Object.keys(summary.conditions) as Condition[],
    spent: summary.spentCents / 100,
  };
}

async function withCatalogue(
  db: GarageDb,
  summaries: OwnedCarSummaryRow[],
): Promise<OwnedCarEntry[]> {
  const cars = await carSummaries(
    db,
    summaries.map((row) => row.carId),
  );
  return summaries.map((row) => ownedCarEntry(row, cars.get(row.carId) ?? unknownCar(row.carId)));
}

/** Every owned car, from the summaries (instance arrays are never read), in the order. (docs/product.md) */
export async function loadOwnedCars(db: GarageDb, userId: string): Promise<OwnedCarEntry[]> {
  const summaries = await db.ownedCarSummaries
    .where('[userId+carId]')
    .between([userId, ''], [userId, '\uffff'])
    .toArray();
  return withCatalogue(
    db,
    summaries.sort((a, b) => a.seq - b.seq),
  );
}

/**
 * The `limit` most recently added cars, in the 'Recently added' sort's order (newest instance
 * first, ties: the later-added car), read from the index in that order: what a first screenful
 * of /collection needs, at the same cost for 10 cars or 10,000.
 */
export async function loadRecentOwnedCars(
  db: GarageDb,
  userId: string,
  limit: number,
): Promise<OwnedCarEntry[]> {
  const summaries = await db.ownedCarSummaries
    .where('[userId+lastAdded+seq]')
    .between([userId, '', -Infinity], [userId, '\uffff', Infinity])
    .reverse()
    .limit(limit)
    .toArray();
  return withCatalogue(db, summaries);
}

export interface OwnedSetEntry extends Sortable {
  setId: string;
  set: SetSummary;
  count: number;
  /** How many of the set's cars the user owns (at least one instance). */
  carsOwned: number;
  total: number;
}

export async function loadOwnedSets(db: GarageDb, userId: string): Promise<OwnedSetEntry[]> {
  const rows = await ownedSetRows(db, userId);
  const sets = await setSummaries(
    db,
    rows.map((row) => row.setId),
  );
  // Only the cars of these sets are looked up, not the whole collection.
  const setCarIds = [...new Set([...sets.values()].flatMap((set) => set.carIds))];
  const ownedRows = await db.ownedCarSummaries.bulkGet(
    setCarIds.map((carId) => [userId, carId] as [string, string]),
  );
  const owned = new Set(setCarIds.filter((_, index) => ownedRows[index] !== undefined));
  return rows.map((row) => {
    const set = sets.get(row.setId) ?? unknownSet(row.setId);
    return {
      key: `set:${row.setId}`,
      setId: row.setId,
      set,
      name: set.name,
      year: set.year,
      series: set.series,
      brand: set.brand,
      position: null,
      seq: row.seq,
      count: row.instances.length,
      lastAdded: latest(row.instances),
      carsOwned: set.carIds.filter((id) => owned.has(id)).length,
      total: set.carIds.length,
    };
  });
}

export interface RecentInstance {
  key: string;
  carId: string;
  car: CarSummary;
  instance: CarInstance;
}

/** Every car instance, newest first (ties: the later-added car, then the later instance). */
export async function loadRecentInstances(
  db: GarageDb,
  userId: string,
  limit = Infinity,
): Promise<RecentInstance[]> {
  const rows = await ownedCarRows(db, userId);
  const flat: { row: OwnedCarRow; instance: CarInstance; index: number }[] = [];
  for (const row of rows) {
    row.instances.forEach((instance, index) => flat.push({ row, instance, index }));
  }
  flat.sort(
    (a, b) =>
      (a.instance.dateAdded < b.instance.dateAdded
        ? 1
        : a.instance.dateAdded > b.instance.dateAdded
          ? -1
          : 0) ||
      b.row.seq - a.row.seq ||
      b.index - a.index,
  );
  const picked = flat.slice(0, limit);
  const cars = await carSummaries(
    db,
    picked.map((item) => item.row.carId),
  );
  return picked.map(({ row, instance }) => ({
    key: `${row.carId}/${instance.instanceId}`,
    carId: row.carId,
    car: cars.get(row.carId) ?? unknownCar(row.carId),
    instance,
  }));
}

/** Every owned car; `enabled: false` reads nothing yet (the screen asks once it has painted). */
export function useOwnedCars(userId: string | null, enabled = true): OwnedCarEntry[] | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (!enabled ? undefined : userId ? loadOwnedCars(deviceDb, userId) : []),
    [userId, enabled, catalog],
  );
}

export function useOwnedSets(userId: string | null, enabled = true): OwnedSetEntry[] | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (!enabled ? undefined : userId ? loadOwnedSets(deviceDb, userId) : []),
    [userId, enabled, catalog],
  );
}

/** The `limit` most recently added cars (see loadRecentOwnedCars); nothing when not `enabled`. */
export function useRecentOwnedCars(
  userId: string | null,
  limit: number,
  enabled = true,
): OwnedCarEntry[] | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (!enabled ? undefined : userId ? loadRecentOwnedCars(deviceDb, userId, limit) : []),
    [userId, limit, enabled, catalog],
  );
}

export function useRecentInstances(userId: string | null): RecentInstance[] | undefined {
  return useLiveQuery(async () => (userId ? loadRecentInstances(deviceDb, userId) : []), [userId]);
}

/**
 * The owned cars whose name, year and series hold every typed word (any case), at most `limit`
 * of them, leaving out the ids in `except`: how a collector finds one of their cars to offer.
 */
export function findOwnedCars(
  cars: readonly OwnedCarEntry[] | undefined,
  query: string,
  limit: number,
  except: ReadonlySet<string> = new Set(),
): OwnedCarEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!cars || words.length === 0) return [];
  const found: OwnedCarEntry[] = [];
  for (const entry of cars) {
    if (except.has(entry.carId)) continue;
    const text = `${entry.name} ${entry.year ?? ''} ${entry.series ?? ''}`.toLowerCase();
    if (words.every((word) => text.includes(word))) found.push(entry);
    if (found.length >= limit) break;
  }
  return found;
}
