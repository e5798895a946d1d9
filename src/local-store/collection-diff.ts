// Writes a change's result back as rows: only the rows that differ, in the collector's order,
// with the car summaries following in the same writes (and the user's totals on the counters).
// The rows were read by db/collection-rows.ts.
import type { Collection, OwnedCar, UserState } from '../shared/collection/types';
import { readAllRows, type CollectionRows } from '../db/collection-rows';
import type { GarageDb } from '../db/garage-db';
import type {
  ListItemRow,
  ListName,
  OwnedCarRow,
  OwnedSetRow,
  TradeSellRow,
} from '../db/device-rows';
import { LIST_NAMES } from '../db/device-rows';
import { setTotalsIn, type DeviceCounters } from '../db/device-counters';
import type { OwnedCarSummaryRow } from '../db/owned-summaries';
import { summaryOfCar, totalsOf } from '../db/owned-summaries';
import { sameRow } from './same-row';

/** Hands out row sequence numbers for rows a change creates (kept in meta by the caller). */
export interface SeqSource {
  next(): number;
}

/**
 * Seq numbers for rows in their new order: rows keep theirs while the order they had still
 * holds and new rows come after them (always so for a single change: the rules only append),
 * so an unchanged row is not rewritten. If a rebase finds the order changed, the group is
 * renumbered from the source.
 */
function assignSeqs<T>(
  ordered: T[],
  keyOf: (item: T) => string,
  oldSeq: Map<string, number>,
  seq: SeqSource,
): number[] {
  let last = -Infinity;
  let keeps = true;
  let sawNew = false;
  for (const item of ordered) {
    const old = oldSeq.get(keyOf(item));
    if (old === undefined) sawNew = true;
    else if (sawNew || old <= last) keeps = false;
    else last = old;
  }
  return ordered.map((item) => (keeps ? (oldSeq.get(keyOf(item)) ?? seq.next()) : seq.next()));
}

function withSeqs<T, R>(
  ordered: T[],
  keyOf: (item: T) => string,
  before: { seq: number }[],
  beforeKey: (row: never) => string,
  seq: SeqSource,
  toRow: (item: T, seq: number) => R,
): R[] {
  const oldSeq = new Map(before.map((row) => [beforeKey(row as never), row.seq]));
  const seqs = assignSeqs(ordered, keyOf, oldSeq, seq);
  return ordered.map((item, index) => toRow(item, seqs[index] as number));
}

/** An owned car as its stored row (the first fill writes the same rows: local-store/collection-fill.ts). */
export function ownedCarRowOf(userId: string, car: OwnedCar, seq: number): OwnedCarRow {
  return {
    userId,
    carId: car.carId,
    seq,
    isFavorite: car.isFavorite,
    instances: car.instances,
    instanceIds: car.instances.map((instance) => instance.instanceId),
  };
}

/** The row writes a change makes, table by table: rows to put and keys to delete. */
export interface RowWrites {
  ownedCars: { put: OwnedCarRow[]; delete: [string, string][] };
  ownedSets: { put: OwnedSetRow[]; delete: [string, string][] };
  listItems: { put: ListItemRow[]; delete: [string, ListName, string][] };
  tradeSell: { put: TradeSellRow[]; delete: [string, 'car' | 'set', string][] };
  ownedCarSummaries: { put: OwnedCarSummaryRow[]; delete: [string, string][] };
}

/**
 * What changed between `before` (the rows read) and `after` (the rules' result on the collection
 * those rows make): rows that are gone, rows that differ (an unchanged row is left alone, so a
 * put never wakes queries for nothing), and the car summaries that follow them. Seq numbers for
 * new rows are taken from `seq` here, so the caller may save its counters with the writes.
 * Deleted keys are never among the put ones.
 */
export function diffRows(
  userId: string,
  before: CollectionRows,
  after: Collection,
  seq: SeqSource,
): { writes: RowWrites; next: { cars: OwnedCarRow[]; sets: OwnedSetRow[] } } {
  const nextCars = withSeqs(
    after.ownedCars,
    (car) => car.carId,
    before.ownedCars,
    (row: OwnedCarRow) => row.carId,
    seq,
    (car, carSeq) => ownedCarRowOf(userId, car, carSeq),
  );
  const nextSets = withSeqs(
    after.ownedSets,
    (set) => set.setId,
    before.ownedSets,
    (row: OwnedSetRow) => row.setId,
    seq,
    (set, setSeq): OwnedSetRow => ({
      userId,
      setId: set.setId,
      seq: setSeq,
      instances: set.instances,
      instanceIds: set.instances.map((instance) => instance.instanceId),
    }),
  );
  const nextLists = LIST_NAMES.flatMap((list) =>
    withSeqs(
      after[list],
      (item) => item.id,
      before.listItems.filter((row) => row.list === list),
      (row: ListItemRow) => row.id,
      seq,
      (item, itemSeq): ListItemRow => ({ userId, list, ...item, seq: itemSeq }),
    ),
  );
  const tradeGroup = (
    kind: 'car' | 'set',
    entries: { id: string; forTrade: number; forSale: number }[],
  ) =>
    withSeqs(
      entries,
      (entry) => entry.id,
      before.tradeSell.filter((row) => row.kind === kind),
      (row: TradeSellRow) => row.id,
      seq,
      (entry, entrySeq): TradeSellRow => ({ userId, kind, ...entry, seq: entrySeq }),
    );
  const nextTrade = [
    ...tradeGroup(
      'car',
      after.tradeSellCars.map((e) => ({ id: e.carId, forTrade: e.forTrade, forSale: e.forSale })),
    ),
    ...tradeGroup(
      'set',
      after.tradeSellSets.map((e) => ({ id: e.setId, forTrade: e.forTrade, forSale: e.forSale })),
    ),
  ];

  const carKey = (r: { carId: string }) => r.carId;
  const setKey = (r: { setId: string }) => r.setId;
  const listKey = (r: ListItemRow) => `${r.list}\n${r.id}`;
  const tradeKey = (r: TradeSellRow) => `${r.kind}\n${r.id}`;
  const carsGone = gone(before.ownedCars, nextCars, carKey).map(
    (r) => [userId, r.carId] as [string, string],
  );
  const carsPut = changedOnly(before.ownedCars, nextCars, carKey);
  return {
    writes: {
      ownedCars: { put: carsPut, delete: carsGone },
      ownedSets: {
        put: changedOnly(before.ownedSets, nextSets, setKey),
        delete: gone(before.ownedSets, nextSets, setKey).map(
          (r) => [userId, r.setId] as [string, string],
        ),
      },
      listItems: {
        put: changedOnly(before.listItems, nextLists, listKey),
        delete: gone(before.listItems, nextLists, listKey).map(
          (r) => [userId, r.list, r.id] as [string, ListName, string],
        ),
      },
      tradeSell: {
        put: changedOnly(before.tradeSell, nextTrade, tradeKey),
        delete: gone(before.tradeSell, nextTrade, tradeKey).map(
          (r) => [userId, r.kind, r.id] as [string, 'car' | 'set', string],
        ),
      },
      ownedCarSummaries: { put: carsPut.map(summaryOfCar), delete: carsGone },
    },
    next: { cars: nextCars, sets: nextSets },
  };
}

/** The tables a change's row writes go to, in the order they are written. */
export const ROW_WRITE_TABLES = [
  'ownedCars',
  'ownedSets',
  'listItems',
  'tradeSell',
  'ownedCarSummaries',
] as const satisfies readonly (keyof RowWrites)[];

/**
 * The row writes through Dexie, inside the caller's transaction, all issued at once; empty ones
 * are skipped (each would still cost a round of promises). Deleted keys are never put ones.
 */
function writeRows(db: GarageDb, writes: RowWrites): Promise<unknown>[] {
  const pending: Promise<unknown>[] = [];
  for (const name of ROW_WRITE_TABLES) {
    const { put, delete: keys } = writes[name];
    if (keys.length) pending.push(db.table(name).bulkDelete(keys));
    if (put.length) pending.push(db.table(name).bulkPut(put));
  }
  return pending;
}

/**
 * The rebase: `before` is every row of the user, so the totals are counted, not moved by a
 * delta, and (`mend`) every owned car is checked to have a summary and every summary a car (by
 * key: reading every summary would cost the rebase a second whole read), so a device whose
 * summaries ever went wrong is mended here. From a copy of the rows (`mend` false) that check is
 * left to the next rebase that reads them: listing 10,000 summary keys is most of what such a
 * rebase costs. Row seqs are taken from `counters` and the totals set on them before this
 * returns; the caller writes the counters. The returned promise is the row writes.
 */
function writeCollectionDiff(
  db: GarageDb,
  userId: string,
  before: CollectionRows,
  after: Collection,
  counters: DeviceCounters,
  mend: boolean,
): Promise<RowWrites> {
  const { writes, next } = diffRows(userId, before, after, { next: () => counters.nextRowSeq++ });
  setTotalsIn(counters, userId, totalsOf(next.cars, next.sets));
  const pending = writeRows(db, writes);
  if (mend) pending.push(mendSummaries(db, userId, next.cars, writes.ownedCars.put));
  return Promise.all(pending).then(() => writes);
}

/** Summaries for the cars that have none, and none for cars no longer owned. */
async function mendSummaries(
  db: GarageDb,
  userId: string,
  cars: OwnedCarRow[],
  alreadyPut: OwnedCarRow[],
): Promise<void> {
  const keys = await db.ownedCarSummaries
    .where('[userId+carId]')
    .between([userId, ''], [userId, '\uffff'])
    .primaryKeys();
  const stored = new Set(keys.map(([, carId]) => carId));
  const put = new Set(alreadyPut.map((row) => row.carId));
  const wanted = new Set(cars.map((row) => row.carId));
  const missing = cars.filter((row) => !stored.has(row.carId) && !put.has(row.carId));
  const extra = keys.filter(([, carId]) => !wanted.has(carId));
  await Promise.all([
    missing.length ? db.ownedCarSummaries.bulkPut(missing.map(summaryOfCar)) : null,
    extra.length ? db.ownedCarSummaries.bulkDelete(extra) : null,
  ]);
}

function gone<R>(before: R[], next: R[], keyOf: (row: R) => string): R[] {
  const kept = new Set(next.map(keyOf));
  return before.filter((row) => !kept.has(keyOf(row)));
}

/** Rows that differ from what was read: a put of an unchanged row would still wake every liveQuery. */
function changedOnly<R>(before: R[], next: R[], keyOf: (row: R) => string): R[] {
  const old = new Map(before.map((row) => [keyOf(row), row]));
  return next.filter((row) => {
    const was = old.get(keyOf(row));
    return was === undefined || !sameRow(was, row);
  });
}

/**
 * Makes the user's rows equal `state` (the rebase), touching only what differs; answers the row
 * writes. `rows` are every row of the user as they stand in this transaction, when the caller
 * has them already (a copy checked current by its version); else they are read here. The new
 * rows' seqs are taken from `counters`, and the user's totals set on them: the caller writes
 * them in the same transaction.
 */
export async function replaceAllRows(
  db: GarageDb,
  userId: string,
  state: UserState,
  counters: DeviceCounters,
  rows?: CollectionRows,
): Promise<RowWrites> {
  const before = rows ?? (await readAllRows(db, userId));
  return writeCollectionDiff(db, userId, before, state.collection, counters, !rows);
}
