// The device's database (Dexie over IndexedDB): each user's collection, the outbox, the profile.
// The catalogue lives in a database of its own (catalog-store.ts), reached as `db.catalog`; the
// rows are in device-rows.ts, the schema versions in schema-versions.ts.
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import { CatalogStore, type CatalogStoreOptions } from './catalog-store';
import { collectionVersionMiddleware } from './collection-version';
import type {
  CommunityCacheRow,
  ListItemRow,
  ListName,
  MetaRow,
  OutboxRow,
  OwnedCarRow,
  OwnedSetRow,
  PhotoUploadRow,
  ProfileRow,
  SetAsideRow,
  SnapshotRow,
  TradeSellRow,
} from './device-rows';
import type { OwnedCarSummaryRow } from './owned-summaries';
import { GARAGE_SCHEMA } from './schema-versions';
import { listenForPlainWrites } from './versioned-write';

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
   * When a context takes its copy of the collector's rows (local-store/change-base.ts): when the page is
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
