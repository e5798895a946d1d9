// Reads a user's collection rows (all of them, or the slice one change touches) and turns them
// into the docs/product.md objects; local-store/collection-diff.ts writes them back.
import type { IndexableType, Table } from 'dexie';
import type { CatalogLookup } from '../shared/collection/rules';
import { setCarInstanceId, wishlistItem } from '../shared/collection/rules';
import type { MutationReferences } from '../shared/collection/mutations';
import {
  emptyCollection,
  type Collection,
  type ProfilePreferences,
} from '../shared/collection/types';
import type { GarageDb } from './garage-db';
import type {
  ListItemRow,
  ListName,
  OwnedCarRow,
  OwnedSetRow,
  ProfileRow,
  TradeSellRow,
} from './device-rows';
import { LIST_NAMES } from './device-rows';
import { CAPPED_LISTS, type CappedList, type ListSizes } from '../shared/collector-caps';

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

/**
 * Rows asked of IndexedDB at a time when reading all of a collector's rows. Each answer is its
 * own task on the page, and turning an answer into objects is most of what it costs: read whole,
 * a 10,000-car collection was one long task
 * (docs/decisions/0010-idle-copy-in-pieces-list-renders-once-a-frame.md).
 */
export const ROWS_PER_READ = 2_000;

/**
 * Every row of `index` in [lower, upper), ROWS_PER_READ at a time, each piece going on from the
 * last key of the one before. In a transaction the pieces are one moment of the database.
 */
async function readRange<T, TKey>(
  table: Table<T, TKey>,
  index: string,
  [lower, upper]: [IndexableType, IndexableType],
  keyOf: (row: T) => IndexableType,
): Promise<T[]> {
  const rows: T[] = [];
  let from = lower;
  let includeFrom = true;
  for (;;) {
    const piece = await table
      .where(index)
      .between(from, upper, includeFrom, false)
      .limit(ROWS_PER_READ)
      .toArray();
    for (const row of piece) rows.push(row);
    const last = piece.at(-1);
    if (piece.length < ROWS_PER_READ || last === undefined) return rows;
    from = keyOf(last);
    includeFrom = false;
  }
}

/** Everything the user has on this device. */
export async function readAllRows(db: GarageDb, userId: string): Promise<CollectionRows> {
  const bySeqRange: [IndexableType, IndexableType] = [
    [userId, -Infinity],
    [userId, Infinity],
  ];
  const byIdRange: [IndexableType, IndexableType] = [
    [userId, '', ''],
    [userId, '\uffff', '\uffff'],
  ];
  const [ownedCars, ownedSets, listItems, tradeSell] = await Promise.all([
    readRange(db.ownedCars, '[userId+seq]', bySeqRange, (row) => [userId, row.seq]),
    readRange(db.ownedSets, '[userId+seq]', bySeqRange, (row) => [userId, row.seq]),
    readRange(db.listItems, '[userId+list+id]', byIdRange, (row) => [userId, row.list, row.id]),
    readRange(db.tradeSell, '[userId+kind+id]', byIdRange, (row) => [userId, row.kind, row.id]),
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
 * Where a change's rows come from: IndexedDB inside the change's transaction (dexieRowSource),
 * or the context's copy of every row (local-store/change-base.ts). Each method answers only `userId`'s
 * rows.
 */
export interface RowSource {
  /** The owned rows, list items and trade/sale entries of these cars and sets. */
  rowsOf(cars: string[], sets: string[]): Promise<CollectionRows>;
  /** The set rows holding any of these set instance ids. */
  setOwners(instanceIds: string[]): Promise<OwnedSetRow[]>;
  /** The car rows holding any of these car instance ids. */
  carOwners(instanceIds: string[]): Promise<OwnedCarRow[]>;
  /** How many entries each capped list holds, all of it (collector-caps.ts). */
  listSizes(): Promise<ListSizes>;
}

/** The capped list a list row counts towards. */
export const CAPPED_LIST_OF: Record<ListName, CappedList> = {
  favoriteCarIds: 'favorites',
  favoriteSetIds: 'favorites',
  wishlistCarIds: 'wishlist',
  wishlistSetIds: 'wishlist',
};

/** The capped lists' entries among `rows`. */
export function listSizesOfRows(rows: Pick<CollectionRows, 'listItems' | 'tradeSell'>): ListSizes {
  const sizes: ListSizes = { wishlist: 0, favorites: 0, tradeStock: rows.tradeSell.length };
  for (const row of rows.listItems) sizes[CAPPED_LIST_OF[row.list]]++;
  return sizes;
}

/** The capped lists' entries a change's rules do not see: all of them less those it read. */
export function outsideOfRows(whole: ListSizes, rows: CollectionRows): ListSizes {
  const read = listSizesOfRows(rows);
  const outside = { ...whole };
  for (const list of CAPPED_LISTS) outside[list] = Math.max(0, whole[list] - read[list]);
  return outside;
}

/** Counts through the indexes: no row is read. */
async function countListSizes(db: GarageDb, userId: string): Promise<ListSizes> {
  const inList = (list: ListName) =>
    db.listItems
      .where('[userId+list+id]')
      .between([userId, list, ''], [userId, list, '\uffff'])
      .count();
  const [lists, tradeStock] = await Promise.all([
    Promise.all(LIST_NAMES.map(inList)),
    db.tradeSell
      .where('[userId+kind+id]')
      .between([userId, '', ''], [userId, '\uffff', '\uffff'])
      .count(),
  ]);
  const sizes: ListSizes = { wishlist: 0, favorites: 0, tradeStock };
  LIST_NAMES.forEach((list, index) => (sizes[CAPPED_LIST_OF[list]] += lists[index] ?? 0));
  return sizes;
}

export function dexieRowSource(db: GarageDb, userId: string): RowSource {
  const ownersOf = async <R extends { userId: string }>(
    table: { where(index: string): { anyOf(keys: string[]): { toArray(): Promise<R[]> } } },
    ids: string[],
  ) =>
    (await table.where('instanceIds').anyOf(ids).toArray()).filter((row) => row.userId === userId);
  return {
    rowsOf: (cars, sets) => readRowsOf(db, userId, cars, sets),
    setOwners: (ids) => ownersOf<OwnedSetRow>(db.ownedSets, ids),
    carOwners: (ids) => ownersOf<OwnedCarRow>(db.ownedCars, ids),
    listSizes: () => countListSizes(db, userId),
  };
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
 *
 * `minted` are the ids this device's clock made for this very change (UUIDs): no row can own
 * one yet, nor a '<set instance>~k' id of one, so their owners are not looked up. That index
 * query is one of the costliest requests of an add
 * (docs/decisions/0006-rows-marker-and-totals-in-the-counters-row.md).
 */
export async function readRowsFor(
  source: RowSource,
  refs: MutationReferences,
  catalog: CatalogLookup,
  minted: ReadonlySet<string> = new Set(),
): Promise<CollectionRows> {
  const mayBeTaken = (id: string) => !minted.has(id) && !minted.has(id.replace(/~\d+$/, ''));
  const ownersOf = async <R>(lookUp: (ids: string[]) => Promise<R[]>, candidates: string[]) => {
    const ids = candidates.filter(mayBeTaken);
    return ids.length ? lookUp(ids) : [];
  };

  const named = planRead(refs, refs.setIds, catalog);
  const [setOwners, carOwners, first] = await Promise.all([
    ownersOf(source.setOwners, refs.setInstanceIds),
    ownersOf(source.carOwners, named.carInstanceIds),
    source.rowsOf([...named.carIds], [...named.setIds]),
  ]);
  // The sets owning a set instance id it creates count as touched, as on the server.
  const plan = planRead(refs, [...named.setIds, ...setOwners.map((row) => row.setId)], catalog);
  const checked = new Set(named.carInstanceIds);
  const unchecked = plan.carInstanceIds.filter((id) => !checked.has(id));
  const moreOwners = await ownersOf(source.carOwners, unchecked);
  for (const row of [...carOwners, ...moreOwners]) plan.carIds.add(row.carId);

  const missingCars = [...plan.carIds].filter((carId) => !named.carIds.has(carId));
  const missingSets = [...plan.setIds].filter((setId) => !named.setIds.has(setId));
  if (missingCars.length === 0 && missingSets.length === 0) return first;
  const more = await source.rowsOf(missingCars, missingSets);
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
