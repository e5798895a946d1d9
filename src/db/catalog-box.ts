// One IndexedDB database that holds the device's catalogue as one value (plus a tiny head with
// its version), apart from the collection and the outbox: a large catalogue write can never
// share a database or a transaction with the collector's unsent work.
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { Catalog } from '../shared/catalog/types';

interface HeadRow {
  key: 'head';
  version: string;
  storedAt: string;
}

interface CatalogRow {
  key: 'catalog';
  catalog: Catalog;
}

type ValueRow = HeadRow | CatalogRow;

export interface CatalogBox {
  readonly name: string;
  /** The stored catalogue's version, or null when none is stored. */
  readVersion(): Promise<string | null>;
  readCatalog(): Promise<Catalog | null>;
  /** Replaces the catalogue and its head in one transaction: readers see the old or the new. */
  write(catalog: Catalog, storedAt: string): Promise<void>;
  close(): void;
}

class CatalogDb extends Dexie {
  values!: Table<ValueRow, string>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ values: 'key' });
  }
}

export function openCatalogBox(name: string, options?: DexieOptions): CatalogBox {
  const db = new CatalogDb(name, options);
  return {
    name,
    async readVersion() {
      const head = (await db.values.get('head')) as HeadRow | undefined;
      return head?.version ?? null;
    },
    async readCatalog() {
      const row = (await db.values.get('catalog')) as CatalogRow | undefined;
      return row?.catalog ?? null;
    },
    async write(catalog, storedAt) {
      await db.transaction('rw', db.values, async () => {
        await db.values.bulkPut([
          { key: 'catalog', catalog },
          { key: 'head', version: catalog.version, storedAt },
        ]);
      });
    },
    close() {
      db.close();
    },
  };
}

/** Deletes a catalogue database; never awaited on a path that must move on (it may be blocked). */
export function deleteCatalogBox(name: string, options?: DexieOptions): Promise<void> {
  return new CatalogDb(name, options).delete();
}
