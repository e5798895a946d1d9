// Reads a user's state and writes back what changed, each in one call to a SQL function
// (api/db/functions/diecast_read.sql, diecast_apply_diff.sql): two round trips a change,
// each a statement prepared once per connection, cached plans. A change reads and writes the
// settings only when it is a settings change, and then writes only the keys it sets.
// One file on purpose: the read slice and the written diff are two halves of one contract with
// diecast_read / diecast_apply_diff (the row shapes, the state version, the removed rows), and
// changing one without the other breaks the optimistic write.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import { queryPrepared, type PreparedStatement } from '../db/prepared-statements';
import {
  collectionTotals,
  emptyUserState,
  type CarInstance,
  type Collection,
  type ListItem,
  type SetInstance,
  type UserState,
} from '../../src/shared/collection/types';
import { wishlistItem, type CatalogLookup } from '../../src/shared/collection/rules';
import type { MutationReferences } from '../../src/shared/collection/mutations';
import { orderedDiff, sameFields } from './ordered-diff';
import type { BudgetCharge } from '../http/write-budget';
import { groupBy } from '../../src/shared/group-by';
import {
  CAPPED_LISTS,
  LIST_COUNT_LIMIT,
  listSizesOf,
  type ListSizes,
} from '../../src/shared/collector-caps';
import { withSweptKeys } from './key-retention';

/** The four lists of list_items, named after the collection keys they fill. */
const LIST_NAMES = [
  'favoriteCarIds',
  'wishlistCarIds',
  'favoriteSetIds',
  'wishlistSetIds',
] as const;
type ListName = (typeof LIST_NAMES)[number];
type TradeKind = 'car' | 'set';

/** diecast_user_state's document: flat rows in insertion order, grouped here. */
interface StateDocument {
  completedTutorials: string[];
  /** Only in a full read, or a change's read that asked for them (a settings change). */
  settings?: Record<string, unknown>;
  ownedCars: string[];
  carInstances: (CarInstance & { carId: string })[];
  ownedSets: string[];
  setInstances: (SetInstance & { setId: string })[];
  listItems: ListRow[];
  tradeSell: { kind: TradeKind; id: string; forTrade: number; forSale: number }[];
}

/** A list_items row as diecast_state_of reads it (max price and note: wishlist cars only). */
interface ListRow {
  list: ListName;
  id: string;
  addedAt: string;
  maxPrice?: number | string | null;
  note?: string | null;
}

function assembleState(doc: StateDocument): UserState {
  const lists = groupBy(doc.listItems, (item) => item.list);
  // One shape on both sides (wishlistItem): a max price and a note only when said.
  const listOf = (name: ListName): ListItem[] =>
    (lists.get(name) ?? []).map(({ id, addedAt, maxPrice, note }) =>
      wishlistItem(
        { id, addedAt },
        maxPrice === null || maxPrice === undefined ? null : Number(maxPrice),
        note,
      ),
    );
  const favoriteCarIds = listOf('favoriteCarIds');
  const favorites = new Set(favoriteCarIds.map((item) => item.id));
  const instancesByCar = groupBy(doc.carInstances, (instance) => instance.carId);
  const instancesBySet = groupBy(doc.setInstances, (instance) => instance.setId);
  const collection: Collection = {
    ownedCars: doc.ownedCars.map((carId) => ({
      carId,
      isFavorite: favorites.has(carId),
      instances: (instancesByCar.get(carId) ?? []).map(({ carId: _carId, ...instance }) => ({
        ...instance,
        purchasePrice: Number(instance.purchasePrice),
      })),
    })),
    ownedSets: doc.ownedSets.map((setId) => ({
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
    tradeSellSets: doc.tradeSell
      .filter((entry) => entry.kind === 'set')
      .map(({ id, forTrade, forSale }) => ({ setId: id, forTrade, forSale })),
    tradeSellCars: doc.tradeSell
      .filter((entry) => entry.kind === 'car')
      .map(({ id, forTrade, forSale }) => ({ carId: id, forTrade, forSale })),
  };
  return {
    collection,
    preferences: { completedTutorials: doc.completedTutorials, settings: doc.settings ?? {} },
  };
}

async function readStateDocument(db: Queryable, userId: string): Promise<StateDocument | null> {
  const [row] = await queryRows<{ state: StateDocument | null }>(
    db,
    sql`SELECT diecast_user_state(${userId}) AS state`,
  );
  return row?.state ?? null;
}

/** The user's state; the profile row must exist or this throws. */
export async function loadUserState(db: Queryable, userId: string): Promise<UserState> {
  const doc = await readStateDocument(db, userId);
  if (!doc) throw new Error(`No profile row for user ${userId}`);
  return assembleState(doc);
}

/** For reads: a user who has never changed anything has an empty state. */
export async function loadUserStateOrEmpty(db: Queryable, userId: string): Promise<UserState> {
  const doc = await readStateDocument(db, userId);
  return doc ? assembleState(doc) : emptyUserState();
}

export interface StoredKeyOutcome {
  requestHash: string;
  status: number;
  body: Record<string, unknown>;
}

/** Takes the user's profile row lock (creating the row) until the transaction ends. */
export async function lockUserState(db: Queryable, userId: string): Promise<void> {
  await db.execute(sql`INSERT INTO profiles (user_id) VALUES (${userId})
    ON CONFLICT (user_id) DO UPDATE SET updated_at = now()`);
}

export interface Totals {
  totalCarCount: number;
  totalSetCount: number;
}

/**
 * Every change's read and write: prepared once per connection (api/db/prepared-statements.ts).
 * Exported for bench:api's bare server, which sends exactly these with nothing of ours around them.
 */
export const READ_STATEMENT: PreparedStatement = {
  name: 'diecast_read',
  // With the marks of the collector's devices whose old keys were swept (a row a device, most
  // collectors none): a key no longer stored may not be applied again (api/collection/key-retention.ts).
  text: `SELECT diecast_read($1, $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean, $8::int) AS read,
    (SELECT coalesce(jsonb_object_agg(client_id, swept_through), '{}'::jsonb)
       FROM swept_key_marks WHERE user_id = $1) AS marks`,
};
export const APPLY_STATEMENT: PreparedStatement = {
  name: 'diecast_apply_diff',
  text: 'SELECT diecast_apply_diff($1, $2::bigint, $3::jsonb) AS applied',
};

export interface MutationRead {
  /** The state version read; null when the user has no profile row yet. */
  version: number | null;
  /** The profile totals for the whole collection. */
  totals: Totals;
  /**
   * Only the rows the change can touch (see diecast_read), and the completed tutorials; the
   * settings only when the references ask for them (else empty).
   */
  state: UserState;
  /** The capped lists' entries outside `state`, when the references ask for list sizes. */
  outside?: ListSizes;
  processedKeys: Map<string, StoredKeyOutcome>;
  catalog: CatalogLookup;
}

/**
 * One snapshot of what the rules need: the part of the user's state the change can touch, its
 * version and the totals, the stored outcomes of `keys`, and the catalogue rows mentioned.
 */
export async function readForMutation(
  db: Queryable,
  userId: string,
  keys: string[],
  references: MutationReferences,
): Promise<MutationRead> {
  const unique = (ids: string[]) => [...new Set(ids)];
  const refs = {
    carIds: unique(references.carIds),
    setIds: unique(references.setIds),
    carInstanceIds: unique(references.carInstanceIds),
    setInstanceIds: unique(references.setInstanceIds),
  };
  const [row] = await queryPrepared<{
    read: {
      version: number | string | null;
      totalCarCount: number | null;
      totalSetCount: number | null;
      keys: (StoredKeyOutcome & { key: string })[];
      cars: string[];
      sets: { id: string; name: string; carIds: string[] }[];
      state: StateDocument | null;
      sizes: ListSizes | null;
    };
    marks: Record<string, number | string>;
  }>(db, READ_STATEMENT, [
    userId,
    keys,
    refs.carIds,
    refs.setIds,
    refs.carInstanceIds,
    refs.setInstanceIds,
    references.settings,
    references.listSizes ? LIST_COUNT_LIMIT : 0,
  ]);
  if (!row) throw new Error('diecast_read returned no row');
  const { read, marks } = row;
  const knownCars = new Set(read.cars);
  // A set's cars come from the same catalogue import, which only writes sets whose cars exist.
  for (const set of read.sets) for (const carId of set.carIds) knownCars.add(carId);
  const setsById = new Map(read.sets.map((set) => [set.id, set]));
  const state = read.state ? assembleState(read.state) : emptyUserState();
  return {
    version: read.version === null ? null : Number(read.version),
    totals: { totalCarCount: read.totalCarCount ?? 0, totalSetCount: read.totalSetCount ?? 0 },
    state,
    ...(references.listSizes ? { outside: outsideOf(read.sizes, state) } : {}),
    processedKeys: withSweptKeys(
      new Map(
        read.keys.map(({ key, requestHash, status, body }) => [key, { requestHash, status, body }]),
      ),
      keys,
      marks,
    ),
    catalog: { hasCar: (carId) => knownCars.has(carId), getSet: (setId) => setsById.get(setId) },
  };
}

/** The capped lists' entries the read did not bring: all of them less the ones in `state`. */
function outsideOf(sizes: ListSizes | null, state: UserState): ListSizes {
  const read = listSizesOf(state.collection);
  const outside = { wishlist: 0, favorites: 0, tradeStock: 0 };
  for (const list of CAPPED_LISTS) {
    outside[list] = Math.max(0, Number(sizes?.[list] ?? 0) - read[list]);
  }
  return outside;
}

type Keyed<T, K extends string> = T & Record<K, string>;

/** What diecast_apply_diff writes. Arrays are in the order rows must be inserted. */
export interface StateDiff {
  deleteCarInstances: string[];
  deleteOwnedCars: string[];
  deleteSetInstances: string[];
  deleteOwnedSets: string[];
  deleteListItems: { list: ListName; id: string }[];
  deleteTradeSell: { kind: TradeKind; id: string }[];
  insertOwnedCars: string[];
  insertCarInstances: Keyed<CarInstance, 'carId'>[];
  insertOwnedSets: string[];
  insertSetInstances: Keyed<SetInstance, 'setId'>[];
  insertListItems: ListRowWrite[];
  insertTradeSell: TradeRow[];
  updateCarInstances: CarInstance[];
  updateSetInstances: SetInstance[];
  updateListItems: ListRowWrite[];
  updateTradeSell: TradeRow[];
  /** Units to charge the collector's write budget in the same write (a single change). */
  budget?: BudgetCharge;
  profile?: {
    username?: string;
    totalCarCount?: number;
    totalSetCount?: number;
    /** The settings keys the change set, merged into the stored ones (the rest is unread). */
    settings?: Record<string, unknown>;
    completedTutorials?: string[];
  };
}

/** A list item row to write: absent max price and note are stored as NULL. */
type ListRowWrite = ListItem & { list: ListName };

interface TradeRow {
  kind: TradeKind;
  id: string;
  forTrade: number;
  forSale: number;
}

/** Per-owner instance diffs, so adding to one car never reorders another's instances. */
function instanceDiff<I extends { instanceId: string }, K extends string>(
  ownerKey: K,
  beforeOwners: Map<string, I[]>,
  afterOwners: Map<string, I[]>,
) {
  const deleted: string[] = [];
  const inserted: Keyed<I, K>[] = [];
  const updated: I[] = [];
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
    inserted.push(...diff.inserted.map((i) => ({ ...i, [ownerKey]: ownerId }) as Keyed<I, K>));
    updated.push(...diff.updated);
  }
  return { deleted, inserted, updated };
}

const byString = (value: string) => value;
const always = () => true;

function tradeRows(collection: Collection): TradeRow[] {
  return [
    ...collection.tradeSellCars.map(({ carId, forTrade, forSale }) => ({
      kind: 'car' as const,
      id: carId,
      forTrade,
      forSale,
    })),
    ...collection.tradeSellSets.map(({ setId, forTrade, forSale }) => ({
      kind: 'set' as const,
      id: setId,
      forTrade,
      forSale,
    })),
  ];
}

/**
 * The rows to delete, insert and update to turn `before` into `after` (order included). The
 * states may be the part a change touches; totals move by what changed in that part.
 */
/** Keys of rows that a batch removed at some step (see orderedDiff's `reinserted`). */
export interface RemovedAlongTheWay {
  cars: Set<string>;
  sets: Set<string>;
  lists: Record<ListName, Set<string>>;
  trade: Record<'car' | 'set', Set<string>>;
}

export function nothingRemovedYet(): RemovedAlongTheWay {
  return {
    cars: new Set(),
    sets: new Set(),
    lists: {
      favoriteCarIds: new Set(),
      wishlistCarIds: new Set(),
      favoriteSetIds: new Set(),
      wishlistSetIds: new Set(),
    },
    trade: { car: new Set(), set: new Set() },
  };
}

/** Adds to `removed` every row present in `previous` and gone from `next` (one step of a batch). */
export function noteRemovedRows(
  removed: RemovedAlongTheWay,
  previous: UserState,
  next: UserState,
): void {
  const gone = (was: string[], now: string[], into: Set<string>) => {
    if (was.length === 0) return;
    const present = new Set(now);
    for (const key of was) if (!present.has(key)) into.add(key);
  };
  const p = previous.collection;
  const n = next.collection;
  if (p === n) return;
  gone(
    p.ownedCars.map((c) => c.carId),
    n.ownedCars.map((c) => c.carId),
    removed.cars,
  );
  gone(
    p.ownedSets.map((s) => s.setId),
    n.ownedSets.map((s) => s.setId),
    removed.sets,
  );
  for (const list of LIST_NAMES) {
    gone(
      p[list].map((i) => i.id),
      n[list].map((i) => i.id),
      removed.lists[list],
    );
  }
  gone(
    p.tradeSellCars.map((e) => e.carId),
    n.tradeSellCars.map((e) => e.carId),
    removed.trade.car,
  );
  gone(
    p.tradeSellSets.map((e) => e.setId),
    n.tradeSellSets.map((e) => e.setId),
    removed.trade.set,
  );
}

export function buildStateDiff(
  before: UserState,
  after: UserState,
  stored: Totals,
  removed: RemovedAlongTheWay = nothingRemovedYet(),
): StateDiff {
  const b = before.collection;
  const a = after.collection;
  const cars = orderedDiff(
    b.ownedCars.map((car) => car.carId),
    a.ownedCars.map((car) => car.carId),
    byString,
    always,
    removed.cars,
  );
  const sets = orderedDiff(
    b.ownedSets.map((set) => set.setId),
    a.ownedSets.map((set) => set.setId),
    byString,
    always,
    removed.sets,
  );
  const carInstances = instanceDiff(
    'carId',
    new Map(b.ownedCars.map((car) => [car.carId, car.instances])),
    new Map(a.ownedCars.map((car) => [car.carId, car.instances])),
  );
  const setInstances = instanceDiff(
    'setId',
    new Map(b.ownedSets.map((set) => [set.setId, set.instances])),
    new Map(a.ownedSets.map((set) => [set.setId, set.instances])),
  );
  const diff: StateDiff = {
    deleteCarInstances: carInstances.deleted,
    deleteOwnedCars: cars.deleted,
    deleteSetInstances: setInstances.deleted,
    deleteOwnedSets: sets.deleted,
    deleteListItems: [],
    deleteTradeSell: [],
    insertOwnedCars: cars.inserted,
    insertCarInstances: carInstances.inserted,
    insertOwnedSets: sets.inserted,
    insertSetInstances: setInstances.inserted,
    insertListItems: [],
    insertTradeSell: [],
    updateCarInstances: carInstances.updated,
    updateSetInstances: setInstances.updated,
    updateListItems: [],
    updateTradeSell: [],
  };
  for (const list of LIST_NAMES) {
    const lists = orderedDiff(b[list], a[list], (item) => item.id, sameFields, removed.lists[list]);
    diff.deleteListItems.push(...lists.deleted.map(({ id }) => ({ list, id })));
    diff.insertListItems.push(...lists.inserted.map((item) => ({ ...item, list })));
    diff.updateListItems.push(...lists.updated.map((item) => ({ ...item, list })));
  }
  // Cars and sets share one table (kind + id), so they are diffed as one list per kind.
  for (const kind of ['car', 'set'] as const) {
    const rows = (c: Collection) => tradeRows(c).filter((row) => row.kind === kind);
    const trade = orderedDiff(rows(b), rows(a), (row) => row.id, sameFields, removed.trade[kind]);
    diff.deleteTradeSell.push(...trade.deleted.map(({ id }) => ({ kind, id })));
    diff.insertTradeSell.push(...trade.inserted);
    diff.updateTradeSell.push(...trade.updated);
  }
  const profile: NonNullable<StateDiff['profile']> = {};
  const totals = totalsAfter(stored, before, after);
  if (totals.totalCarCount !== stored.totalCarCount) profile.totalCarCount = totals.totalCarCount;
  if (totals.totalSetCount !== stored.totalSetCount) profile.totalSetCount = totals.totalSetCount;
  const settings = changedSettings(before.preferences.settings, after.preferences.settings);
  if (settings) profile.settings = settings;
  if (before.preferences.completedTutorials !== after.preferences.completedTutorials) {
    profile.completedTutorials = after.preferences.completedTutorials;
  }
  if (Object.keys(profile).length > 0) diff.profile = profile;
  return diff;
}

/** The keys whose values differ in `after` (a change only sets keys, never removes one). */
function changedSettings(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> | null {
  if (before === after) return null;
  // fromEntries, not assignment: a key such as '__proto__' stays a key of its own.
  const changed = Object.entries(after).filter(
    ([key, value]) => !Object.hasOwn(before, key) || before[key] !== value,
  );
  return changed.length > 0 ? Object.fromEntries(changed) : null;
}

/** The whole collection's totals once `before` (a part of it) has become `after`. */
export function totalsAfter(stored: Totals, before: UserState, after: UserState): Totals {
  const b = collectionTotals(before.collection);
  const a = collectionTotals(after.collection);
  return {
    totalCarCount: stored.totalCarCount + a.totalCarCount - b.totalCarCount,
    totalSetCount: stored.totalSetCount + a.totalSetCount - b.totalSetCount,
  };
}

/** A diff that changes nothing (for calls that only record their key). */
export function noStateChanges(): StateDiff {
  const empty = emptyUserState();
  return buildStateDiff(empty, empty, { totalCarCount: 0, totalSetCount: 0 });
}

export interface NewProcessedKey {
  key: string;
  requestHash: string;
  status: number;
  body: Record<string, unknown>;
}

/**
 * Writes a diff, the keys it answered and a new state version in one atomic call, if the state
 * is still at `expectedVersion`. Answers false (nothing written) when another write came first.
 */
export async function writeStateDiff(
  db: Queryable,
  userId: string,
  expectedVersion: number | null,
  diff: StateDiff,
  keys: NewProcessedKey[] = [],
): Promise<boolean> {
  const [row] = await queryPrepared<{ applied: boolean }>(db, APPLY_STATEMENT, [
    userId,
    expectedVersion,
    JSON.stringify(withoutEmptyLists({ ...diff, keys })),
  ]);
  return row?.applied === true;
}

/**
 * The diff as diecast_apply_diff reads it, without its empty lists: it skips a list that is
 * absent as it skips an empty one (jsonb_array_length of nothing is null, never > 0), and a
 * single change fills two or three of the seventeen, so the document it parses is half as long.
 */
function withoutEmptyLists(document: StateDiff & { keys: NewProcessedKey[] }) {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(document)) {
    if (!Array.isArray(value) || value.length > 0) kept[name] = value;
  }
  return kept;
}
