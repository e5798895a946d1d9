// The device's database (Dexie over IndexedDB): each user's collection, the outbox, the profile.
// The catalogue lives in a database of its own (catalog-store.ts), reached as `db.catalog`.
import { collectionVersionMiddleware } from './collection-version';
import { listenForPlainWrites } from './versioned-write';
import Dexie, { type DexieOptions, type EntityTable, type Table, type Transaction } from 'dexie';
import type { Catalog, CatalogCar, CatalogSet } from '../shared/catalog/types';
import { CatalogStore, LEGACY_CATALOG_KEY, type CatalogStoreOptions } from './catalog-store';
import type { CarInstance, ListItem, SetInstance, UserState } from '../shared/collection/types';
import {
  DEVICE_COUNTERS_KEY,
  newCounters,
  setTotalsIn,
  type DeviceCounters,
} from './device-counters';
import {
  summaryOfCar,
  totalsOf,
  type OwnedCarSummaryRow,
  type OwnedTotals,
} from './owned-summaries';

/** A catalogue car as the first versions stored it: one row per car with its search words. */
interface LegacyCarRow extends CatalogCar {
  words?: string[];
}

/** A collector's totals as versions 3 to 7 stored them: a row of their own in `ownedTotals`. */
interface LegacyTotalsRow extends OwnedTotals {
  userId: string;
}

/**
 * The collection is stored as rows keyed by user, never as one document, so a change rewrites
 * only the rows it touches (a 10,000-car collection costs the same per change as an empty one).
 * `seq` keeps the insertion order; `instanceIds` lets a new id be checked for collisions. (docs/product.md)
 */
export interface OwnedCarRow {
  userId: string;
  carId: string;
  seq: number;
  isFavorite: boolean;
  instances: CarInstance[];
  instanceIds: string[];
}

export interface OwnedSetRow {
  userId: string;
  setId: string;
  seq: number;
  instances: SetInstance[];
  instanceIds: string[];
}

export const LIST_NAMES = [
  'favoriteCarIds',
  'wishlistCarIds',
  'favoriteSetIds',
  'wishlistSetIds',
] as const;
export type ListName = (typeof LIST_NAMES)[number];

export interface ListItemRow extends ListItem {
  userId: string;
  list: ListName;
  seq: number;
}

export interface TradeSellRow {
  userId: string;
  kind: 'car' | 'set';
  id: string;
  seq: number;
  forTrade: number;
  forSale: number;
}

/**
 * The local profile: the server's answer, with preferences kept current locally. The collector's
 * totals on this device are in the device counters row (db/device-counters.ts), which every
 * change writes anyway: so an add writes no profile.
 */
export interface ProfileRow {
  userId: string;
  username: string | null;
  completedTutorials: string[];
  settings: Record<string, unknown>;
  subscription: { status: string | null };
}

/** The last state the server answered: the base every rebase starts from. */
export interface SnapshotRow {
  userId: string;
  /**
   * The state as JSON, the text its fingerprint is taken of: one string is stored in about the
   * time it takes to copy it, where structured cloning a large state was a long wait inside the
   * rebase's transaction, with every change waiting behind it
   * (docs/decisions/0008-rebase-on-the-copy-snapshot-as-json.md).
   */
  stateJson?: string;
  /** The state as rows stored before stateJson: still read, never written. */
  state?: UserState;
  pulledAt: string;
}

/** One queued change: `key` is `<clientId>:<seq>`, sent as the Idempotency-Key. */
export interface OutboxRow {
  key: string;
  userId: string;
  seq: number;
  name: string;
  args: unknown;
  createdAt: string;
  /** Server errors (5xx from our API) it got when sent alone, in a row; absent when none. */
  failures?: number;
  /** The last of those errors. */
  lastError?: string;
}

/** A change our API kept failing on, out of the sending order until the collector decides. */
export interface SetAsideRow extends OutboxRow {
  lastError: string;
  setAsideAt: string;
}

/** A community GET answer kept for offline reading (the feed, profiles, listings, tutorials). */
export interface CommunityCacheRow {
  /** The request path, e.g. '/api/posts/feed?scope=everyone'. */
  key: string;
  /** Whose view it is ('' for signed-out reads): a shared device never shows another's view. */
  userId: string;
  body: unknown;
  fetchedAt: string;
}

/** A photo picked for a post (or avatar) while offline: uploaded before its outbox entry. */
export interface PhotoUploadRow {
  /** The photo id the device made; the post's photoIds name it. */
  id: string;
  userId: string;
  contentType: string;
  blob: Blob;
  createdAt: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * Every schema version, oldest first. A new version adds stores or indexes (with an upgrade
 * function when rows must change); it must never delete or re-key `outbox`: queued changes
 * are the collector's unsent work. test/unit/db/garage-db-schema.test.ts holds that.
 */
export const GARAGE_SCHEMA: {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}[] = [
  {
    version: 1,
    stores: {
      cars: 'id, year, series, brand, huntType, *words, [brand+year]',
      sets: 'id, series, year, brand',
      ownedCars: '[userId+carId], [userId+seq], *instanceIds',
      ownedSets: '[userId+setId], [userId+seq], *instanceIds',
      listItems: '[userId+list+id], [userId+list+seq]',
      tradeSell: '[userId+kind+id], [userId+kind+seq]',
      profiles: 'userId',
      snapshots: 'userId',
      outbox: 'key, [userId+seq]',
      meta: 'key',
    },
  },
  {
    version: 2,
    stores: {
      communityCache: 'key, userId',
      photoUploads: 'id, userId',
    },
  },
  {
    // /collection reads small per-car summaries and one totals row per user, never instance
    // arrays; [userId+lastAdded+seq] is 'Recently added' order, so its first rows come first.
    version: 3,
    stores: {
      ownedCarSummaries: '[userId+carId], [userId+lastAdded+seq]',
      ownedTotals: 'userId',
    },
    upgrade: summarizeExistingRows,
  },
  {
    // Changes our API kept failing on: kept apart so the queue moves, shown to the collector.
    version: 4,
    stores: {
      outboxSetAside: 'key, [userId+seq]',
    },
  },
  {
    // The catalogue moves to its own database as one value (storing it as indexed rows took
    // seconds, and froze WebKit when a navigation came in the middle:
    // docs/decisions/0001-catalogue-as-one-value.md). What a device holds is carried over
    // through meta, so an update opened offline still has it.
    version: 5,
    stores: {},
    upgrade: carryCatalogRowsOver,
  },
  {
    version: 6,
    stores: { cars: null, sets: null },
  },
  {
    // Each collector's totals move into the device counters row, which every change writes
    // anyway: an add then writes four rows instead of six
    // (docs/decisions/0006-rows-marker-and-totals-in-the-counters-row.md). Dropped in 8, after
    // this has carried them over (as 5 and 6 did with the catalogue).
    version: 7,
    stores: {},
    upgrade: carryTotalsIntoCounters,
  },
  {
    version: 8,
    stores: { ownedTotals: null },
  },
];

/** Version 7's upgrade: every `ownedTotals` row into the counters row's totals. */
async function carryTotalsIntoCounters(tx: Transaction): Promise<void> {
  const rows = (await tx.table('ownedTotals').toArray()) as LegacyTotalsRow[];
  if (rows.length === 0) return;
  const stored = (await tx.table('meta').get(DEVICE_COUNTERS_KEY)) as MetaRow | undefined;
  const counters = stored ? (stored.value as DeviceCounters) : newCounters();
  for (const { userId, ...totals } of rows) setTotalsIn(counters, userId, totals);
  await tx.table('meta').put({ key: DEVICE_COUNTERS_KEY, value: counters });
}

/** Version 5's upgrade: the row-per-car catalogue as one value in meta, for catalog-store.ts. */
async function carryCatalogRowsOver(tx: Transaction): Promise<void> {
  const cars = (await tx.table('cars').toArray()) as LegacyCarRow[];
  if (cars.length === 0) return;
  const sets = (await tx.table('sets').toArray()) as CatalogSet[];
  const version = (await tx.table('meta').get('catalogVersion')) as MetaRow | undefined;
  const catalog: Catalog = {
    version: typeof version?.value === 'string' ? version.value : 'carried-over',
    cars: cars.map(({ words: _words, ...car }) => car),
    sets,
  };
  await tx.table('meta').put({ key: LEGACY_CATALOG_KEY, value: catalog });
  await tx.table('meta').delete('catalogVersion');
}

/** Version 3's upgrade: summaries and totals for the rows a device already holds. */
async function summarizeExistingRows(tx: Transaction): Promise<void> {
  const cars = (await tx.table('ownedCars').toArray()) as OwnedCarRow[];
  const sets = (await tx.table('ownedSets').toArray()) as OwnedSetRow[];
  const users = new Set([...cars, ...sets].map((row) => row.userId));
  const totals = [...users].map((userId): LegacyTotalsRow => ({
    userId,
    ...totalsOf(
      cars.filter((row) => row.userId === userId),
      sets.filter((row) => row.userId === userId),
    ),
  }));
  await tx.table('ownedCarSummaries').bulkPut(cars.map(summaryOfCar));
  await tx.table('ownedTotals').bulkPut(totals);
}

export class GarageDb extends Dexie {
  /** The catalogue of this device: another database, one value, read into memory once. */
  readonly catalog: CatalogStore;
  ownedCars!: Table<OwnedCarRow, [string, string]>;
  ownedSets!: Table<OwnedSetRow, [string, string]>;
  listItems!: Table<ListItemRow, [string, ListName, string]>;
  tradeSell!: Table<TradeSellRow, [string, 'car' | 'set', string]>;
  profiles!: EntityTable<ProfileRow, 'userId'>;
  snapshots!: EntityTable<SnapshotRow, 'userId'>;
  outbox!: EntityTable<OutboxRow, 'key'>;
  outboxSetAside!: EntityTable<SetAsideRow, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;
  communityCache!: EntityTable<CommunityCacheRow, 'key'>;
  photoUploads!: EntityTable<PhotoUploadRow, 'id'>;
  ownedCarSummaries!: Table<OwnedCarSummaryRow, [string, string]>;
  /**
   * When a context takes its copy of the collector's rows (db/change-base.ts): when the page is
   * idle after a change that read its rows, or only when asked (tests, whose runs must replay
   * the same way every time).
   */
  changeBaseLoading: 'when-idle' | 'on-demand' = 'when-idle';

  /**
   * `options` lets tests hand in fake IndexedDB; the app and the worker use the real one.
   * `catalogOptions` lets a test make the catalogue's database freeze.
   */
  constructor(
    name = 'diecast-garage',
    options?: DexieOptions,
    catalogOptions: Pick<CatalogStoreOptions, 'openBox' | 'deadlineMs'> = {},
  ) {
    super(name, options);
    this.use(collectionVersionMiddleware);
    // Changes written the plain way in other tabs or the worker reach this context's watchers.
    listenForPlainWrites();
    for (const { version, stores, upgrade } of GARAGE_SCHEMA) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
    this.catalog = new CatalogStore({
      ...catalogOptions,
      baseName: name,
      dexieOptions: options,
      meta: {
        get: async (key) => (await this.meta.get(key))?.value,
        put: async (key, value) => {
          await this.meta.put({ key, value });
        },
        delete: (key) => this.meta.delete(key),
      },
    });
  }

  /**
   * Closing for good (Dexie's default, and `delete()`) also closes the catalogue's database and
   * its channel to the other contexts, which would otherwise keep this instance alive. Dexie's
   * own closes before reopening (`disableAutoOpen: false`, e.g. on a version change) leave the
   * catalogue alone: the database is about to be used again.
   */
  override close(options?: { disableAutoOpen: boolean }): void {
    super.close(options);
    if (options?.disableAutoOpen !== false) this.catalog.close();
  }
}

/**
 * The tables a collection change or a rebase reads and writes in its one transaction: the
 * user's rows and their summaries, the profile, the snapshot, the outbox and the counters with
 * the totals (the catalogue is read from memory before the transaction starts).
 */
export function collectionChangeTables(db: GarageDb) {
  return [
    db.ownedCars,
    db.ownedSets,
    db.ownedCarSummaries,
    db.listItems,
    db.tradeSell,
    db.profiles,
    db.snapshots,
    db.outbox,
    db.outboxSetAside,
    db.meta,
  ];
}
