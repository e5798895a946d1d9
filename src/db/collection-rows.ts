// Turns a user's collection rows into the docs/product.md objects and back: a slice for one change, or all.
import type { CatalogLookup } from '../shared/collection/rules';
import { setCarInstanceId, wishlistItem } from '../shared/collection/rules';
import type { MutationReferences } from '../shared/collection/mutations';
import {
  emptyCollection,
  type Collection,
  type ProfilePreferences,
  type UserState,
} from '../shared/collection/types';
import type {
  GarageDb,
  ListItemRow,
  ListName,
  OwnedCarRow,
  OwnedSetRow,
  ProfileRow,
  TradeSellRow,
} from './garage-db';
import { LIST_NAMES } from './garage-db';
import {
  emptyTotals,
  movedTotals,
  sameTotals,
  summaryOfCar,
  totalsOf,
  type OwnedTotalsRow,
} from './owned-summaries';

/** The rows a change reads, as they were, so the write can tell what it changed. */
export interface CollectionRows {
  ownedCars: OwnedCarRow[];
  ownedSets: OwnedSetRow[];
  listItems: ListItemRow[];
  tradeSell: TradeSellRow[];
}

const bySeq = <T extends { seq: number }>(rows: T[]) => rows.sort((a, b) => a.seq - b.seq);
const present = <T>(row: T | undefined): row is T => row !== undefined;

export function rowsToCollection(rows: CollectionRows): Collection {
  const collection = emptyCollection();
  collection.ownedCars = bySeq([...rows.ownedCars]).map(({ carId, isFavorite, instances }) => ({
    carId,
    isFavorite,
    instances,
  }));
  collection.ownedSets = bySeq([...rows.ownedSets]).map(({ setId, instances }) => ({
    setId,
    instances,
  }));
  for (const row of bySeq([...rows.listItems])) {
    collection[row.list].push(wishlistItem(row, row.maxPrice, row.note));
  }
  for (const row of bySeq([...rows.tradeSell])) {
    const { forTrade, forSale } = row;
    if (row.kind === 'car') collection.tradeSellCars.push({ carId: row.id, forTrade, forSale });
    else collection.tradeSellSets.push({ setId: row.id, forTrade, forSale });
  }
  return collection;
}

export function preferencesOf(profile: ProfileRow | undefined): ProfilePreferences {
  return {
    completedTutorials: profile?.completedTutorials ?? [],
    settings: profile?.settings ?? {},
  };
}

/** Everything the user has on this device. */
export async function readAllRows(db: GarageDb, userId: string): Promise<CollectionRows> {
  const range = <T>(
    table: {
      where(index: string): { between(a: unknown, b: unknown): { toArray(): Promise<T[]> } };
    },
    index: string,
  ) => table.where(index).between([userId, -Infinity], [userId, Infinity]).toArray();
  const [ownedCars, ownedSets, listItems, tradeSell] = await Promise.all([
    range<OwnedCarRow>(db.ownedCars, '[userId+seq]'),
    range<OwnedSetRow>(db.ownedSets, '[userId+seq]'),
    db.listItems
      .where('[userId+list+id]')
      .between([userId, '', ''], [userId, '\uffff', '\uffff'])
      .toArray(),
    db.tradeSell
      .where('[userId+kind+id]')
      .between([userId, '', ''], [userId, '\uffff', '\uffff'])
      .toArray(),
  ]);
  return { ownedCars, ownedSets, listItems, tradeSell };
}

/** The cars and sets a change reads, and the car instance ids whose owners it must see. */
interface ReadPlan {
  setIds: Set<string>;
  carIds: Set<string>;
  carInstanceIds: string[];
}

/** What a change naming `refs` reads, given the sets it touches (named, or owning its ids). */
function planRead(refs: MutationReferences, setIds: Iterable<string>, catalog: CatalogLookup) {
  const plan: ReadPlan = {
    setIds: new Set(setIds),
    carIds: new Set(refs.carIds),
    carInstanceIds: [],
  };
  let longestSet = 0;
  for (const setId of plan.setIds) {
    const set = catalog.getSet(setId);
    if (!set) continue;
    longestSet = Math.max(longestSet, set.carIds.length);
    for (const carId of set.carIds) plan.carIds.add(carId);
  }
  plan.carInstanceIds = [...refs.carInstanceIds];
  for (const setInstanceId of refs.setInstanceIds) {
    for (let k = 0; k < longestSet; k++) {
      plan.carInstanceIds.push(setCarInstanceId(setInstanceId, k));
    }
  }
  return plan;
}

/**
 * Only the rows one change can touch, the same rule as the server's diecast_read: the cars and
 * sets it names (a set's cars too), and the owners of the instance ids it creates, so a taken
 * id is seen (also the '<set instance>~k' ids a set instance gives its cars).
 *
 * All of it is read in one round (each round trip to IndexedDB is most of what a change costs
 * before the screen shows it): the rows of what the change names and the owners of its ids
 * together. Only when an owner is a car or set it does not name (an id already taken, which a
 * device-made UUID never is) is there a second round, for that one.
 */
export async function readRowsFor(
  db: GarageDb,
  userId: string,
  refs: MutationReferences,
  catalog: CatalogLookup,
): Promise<CollectionRows> {
  const ownersOf = async <R extends { userId: string }>(
    table: { where(index: string): { anyOf(keys: string[]): { toArray(): Promise<R[]> } } },
    ids: string[],
  ) =>
    (ids.length ? await table.where('instanceIds').anyOf(ids).toArray() : []).filter(
      (row) => row.userId === userId,
    );

  const named = planRead(refs, refs.setIds, catalog);
  const [setOwners, carOwners, first] = await Promise.all([
    ownersOf<OwnedSetRow>(db.ownedSets, refs.setInstanceIds),
    ownersOf<OwnedCarRow>(db.ownedCars, named.carInstanceIds),
    readRowsOf(db, userId, [...named.carIds], [...named.setIds]),
  ]);
  // The sets owning a set instance id it creates count as touched, as on the server.
  const plan = planRead(refs, [...named.setIds, ...setOwners.map((row) => row.setId)], catalog);
  const checked = new Set(named.carInstanceIds);
  const unchecked = plan.carInstanceIds.filter((id) => !checked.has(id));
  const moreOwners = await ownersOf<OwnedCarRow>(db.ownedCars, unchecked);
  for (const row of [...carOwners, ...moreOwners]) plan.carIds.add(row.carId);

  const missingCars = [...plan.carIds].filter((carId) => !named.carIds.has(carId));
  const missingSets = [...plan.setIds].filter((setId) => !named.setIds.has(setId));
  if (missingCars.length === 0 && missingSets.length === 0) return first;
  const more = await readRowsOf(db, userId, missingCars, missingSets);
  return {
    ownedCars: [...first.ownedCars, ...more.ownedCars],
    ownedSets: [...first.ownedSets, ...more.ownedSets],
    listItems: [...first.listItems, ...more.listItems],
    tradeSell: [...first.tradeSell, ...more.tradeSell],
  };
}

/** The user's rows of these cars and sets: owned rows, list items and trade/sale entries. */
async function readRowsOf(
  db: GarageDb,
  userId: string,
  cars: string[],
  sets: string[],
): Promise<CollectionRows> {
  const listKeys: [string, ListName, string][] = [];
  for (const list of LIST_NAMES) {
    for (const id of list.endsWith('CarIds') ? cars : sets) listKeys.push([userId, list, id]);
  }
  const [ownedCars, ownedSets, listItems, tradeSell] = await Promise.all([
    db.ownedCars.bulkGet(cars.map((carId) => [userId, carId] as [string, string])),
    db.ownedSets.bulkGet(sets.map((setId) => [userId, setId] as [string, string])),
    db.listItems.bulkGet(listKeys),
    db.tradeSell.bulkGet([
      ...cars.map((id) => [userId, 'car', id] as [string, 'car', string]),
      ...sets.map((id) => [userId, 'set', id] as [string, 'set', string]),
    ]),
  ]);
  return {
    ownedCars: ownedCars.filter(present),
    ownedSets: ownedSets.filter(present),
    listItems: listItems.filter(present),
    tradeSell: tradeSell.filter(present),
  };
}

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

/**
 * Seq numbers are taken from `seq` before this returns (so the caller may save its counters
 * alongside); the returned promise is the writes.
 *
 * Writes what changed between `before` (the rows read) and `after` (the rules' result on the
 * collection those rows make): deletes rows that are gone, puts rows that differ, and leaves
 * the rest alone, so the insertion order (docs/product.md) holds and a put never wakes queries for nothing.
 * The car summaries and the user's totals follow in the same writes; `whole` says `before` is
 * every row of the user (the rebase), so the totals are counted, not moved by a delta. A caller
 * that read the totals row with the rows (`totals`; null when there is none) saves a round trip.
 */
export function writeCollectionDiff(
  db: GarageDb,
  userId: string,
  before: CollectionRows,
  after: Collection,
  seq: SeqSource,
  { whole = false, totals }: { whole?: boolean; totals?: OwnedTotalsRow | null } = {},
): Promise<void> {
  const nextCars = withSeqs(
    after.ownedCars,
    (car) => car.carId,
    before.ownedCars,
    (row: OwnedCarRow) => row.carId,
    seq,
    (car, carSeq): OwnedCarRow => ({
      userId,
      carId: car.carId,
      seq: carSeq,
      isFavorite: car.isFavorite,
      instances: car.instances,
      instanceIds: car.instances.map((instance) => instance.instanceId),
    }),
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
  const carsGone = gone(before.ownedCars, nextCars, carKey);
  const carsPut = changedOnly(before.ownedCars, nextCars, carKey);
  const deletes = <K>(table: { bulkDelete(keys: K[]): Promise<void> }, keys: K[]) =>
    keys.length ? table.bulkDelete(keys) : null;
  const puts = <R>(table: { bulkPut(rows: R[]): Promise<unknown> }, rows: R[]) =>
    rows.length ? table.bulkPut(rows) : null;
  // Deleted keys are never among the put ones, so every write can go at once; empty ones are
  // skipped (each would still cost a round of promises inside the transaction).
  const writes = [
    deletes(
      db.ownedCars,
      carsGone.map((r) => [userId, r.carId] as [string, string]),
    ),
    deletes(
      db.ownedSets,
      gone(before.ownedSets, nextSets, setKey).map((r) => [userId, r.setId] as [string, string]),
    ),
    deletes(
      db.listItems,
      gone(before.listItems, nextLists, listKey).map(
        (r) => [userId, r.list, r.id] as [string, ListName, string],
      ),
    ),
    deletes(
      db.tradeSell,
      gone(before.tradeSell, nextTrade, tradeKey).map(
        (r) => [userId, r.kind, r.id] as [string, 'car' | 'set', string],
      ),
    ),
    puts(db.ownedCars, carsPut),
    puts(db.ownedSets, changedOnly(before.ownedSets, nextSets, setKey)),
    puts(db.listItems, changedOnly(before.listItems, nextLists, listKey)),
    puts(db.tradeSell, changedOnly(before.tradeSell, nextTrade, tradeKey)),
    deletes(
      db.ownedCarSummaries,
      carsGone.map((r) => [userId, r.carId] as [string, string]),
    ),
    puts(db.ownedCarSummaries, carsPut.map(summaryOfCar)),
    whole
      ? recount(db, userId, nextCars, nextSets, carsPut)
      : moveTotals(db, userId, before, { cars: nextCars, sets: nextSets }, totals),
  ];
  return Promise.all(writes).then(() => undefined);
}

/** A change's rows moved the user's totals by what they added or removed. */
async function moveTotals(
  db: GarageDb,
  userId: string,
  before: CollectionRows,
  after: { cars: OwnedCarRow[]; sets: OwnedSetRow[] },
  totals: OwnedTotalsRow | null | undefined,
): Promise<void> {
  const read = totals === undefined ? await db.ownedTotals.get(userId) : totals;
  const old = read ?? emptyTotals(userId);
  const next = movedTotals(old, { cars: before.ownedCars, sets: before.ownedSets }, after);
  if (!sameTotals(old, next)) await db.ownedTotals.put(next);
}

/**
 * The rebase has every row, so the totals are counted afresh, and every owned car is checked to
 * have a summary and every summary a car (by key: reading every summary would cost the rebase a
 * second whole read). A device whose summaries or totals ever went wrong is mended here.
 */
async function recount(
  db: GarageDb,
  userId: string,
  cars: OwnedCarRow[],
  sets: OwnedSetRow[],
  alreadyPut: OwnedCarRow[],
): Promise<void> {
  const [keys, oldTotals] = await Promise.all([
    db.ownedCarSummaries
      .where('[userId+carId]')
      .between([userId, ''], [userId, '\uffff'])
      .primaryKeys(),
    db.ownedTotals.get(userId),
  ]);
  const stored = new Set(keys.map(([, carId]) => carId));
  const put = new Set(alreadyPut.map((row) => row.carId));
  const wanted = new Set(cars.map((row) => row.carId));
  const missing = cars.filter((row) => !stored.has(row.carId) && !put.has(row.carId));
  const extra = keys.filter(([, carId]) => !wanted.has(carId));
  const totals = totalsOf(userId, cars, sets);
  await Promise.all([
    missing.length ? db.ownedCarSummaries.bulkPut(missing.map(summaryOfCar)) : null,
    extra.length ? db.ownedCarSummaries.bulkDelete(extra) : null,
    sameTotals(oldTotals ?? emptyTotals(userId), totals) ? null : db.ownedTotals.put(totals),
  ]);
}

function gone<R>(before: R[], next: R[], keyOf: (row: R) => string): R[] {
  const kept = new Set(next.map(keyOf));
  return before.filter((row) => !kept.has(keyOf(row)));
}

/** Rows that differ from what was read: a put of an unchanged row would still wake every liveQuery. */
function changedOnly<R>(before: R[], next: R[], keyOf: (row: R) => string): R[] {
  const old = new Map(before.map((row) => [keyOf(row), JSON.stringify(row)]));
  return next.filter((row) => old.get(keyOf(row)) !== JSON.stringify(row));
}

/** Makes the user's rows equal `state` (the rebase), touching only what differs. */
export async function replaceAllRows(
  db: GarageDb,
  userId: string,
  state: UserState,
  seq: SeqSource,
): Promise<void> {
  await writeCollectionDiff(db, userId, await readAllRows(db, userId), state.collection, seq, {
    whole: true,
  });
}
