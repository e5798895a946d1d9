// One IndexedDB database that holds the device's catalogue as a few large chunks (plus a tiny
// head with its version and how many chunks it has), apart from the collection and the outbox:
// a large catalogue write can never share a database or a transaction with the collector's
// unsent work. Chunks are written and read one after the other in one transaction, so readers
// see one version whole, and copying each chunk in or out of the database is a short task of its
// own on a phone, never one long task that a tap would wait behind.
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { Catalog, CatalogCar, CatalogSet } from '../shared/catalog/types';

/**
 * Cars per chunk. Copying a chunk into IndexedDB is one synchronous task on the page, which must
 * stay short on a phone: twice this was a long task at a phone's CPU
 * (docs/decisions/0002-catalogue-box-in-chunks.md).
 */
export const CARS_PER_CHUNK = 500;

interface HeadRow {
  key: 'head';
  version: string;
  storedAt: string;
  /** Car chunks ('chunk:0' …); absent in a head written as one value (the first layout). */
  chunks?: number;
}

interface ChunkRow {
  key: `chunk:${number}`;
  cars: CatalogCar[];
  /**
   * The sets: in a chunk of their own (chunk:0, no cars), about the size of a car chunk. The
   * first chunked layout had them ride with the first cars; a reader takes them from any chunk.
   */
  sets?: CatalogSet[];
}

/** The first layout: the whole catalogue as one value, still read until it is replaced. */
interface WholeRow {
  key: 'catalog';
  catalog: Catalog;
}

type ValueRow = HeadRow | ChunkRow | WholeRow;

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

const chunkKey = (index: number): ChunkRow['key'] => `chunk:${index}`;

export function openCatalogBox(name: string, options?: DexieOptions): CatalogBox {
  const db = new CatalogDb(name, options);
  return {
    name,
    async readVersion() {
      const head = (await db.values.get('head')) as HeadRow | undefined;
      return head?.version ?? null;
    },
    readCatalog() {
      return db.transaction('r', db.values, async () => {
        const head = (await db.values.get('head')) as HeadRow | undefined;
        if (!head) return null;
        if (head.chunks === undefined) {
          return ((await db.values.get('catalog')) as WholeRow | undefined)?.catalog ?? null;
        }
        // Asked for all at once (no round trip waits for the one before); each answer is still
        // copied out in a task of its own, as its success event.
        const chunks = (await Promise.all(
          Array.from({ length: head.chunks }, (_, index) => db.values.get(chunkKey(index))),
        )) as (ChunkRow | undefined)[];
        const cars: CatalogCar[] = [];
        let sets: CatalogSet[] = [];
        for (const chunk of chunks) {
          if (!chunk) return null;
          for (const car of chunk.cars) cars.push(car);
          if (chunk.sets) sets = chunk.sets;
        }
        return { version: head.version, cars, sets };
      });
    },
    write(catalog, storedAt) {
      return db.transaction('rw', db.values, async () => {
        const before = (await db.values.get('head')) as HeadRow | undefined;
        const carChunks = Math.ceil(catalog.cars.length / CARS_PER_CHUNK);
        const chunks = 1 + carChunks;
        // One put at a time: a put copies its value at once, so each chunk is copied in a task
        // of its own (the success event of the put before it).
        await db.values.put({ key: chunkKey(0), cars: [], sets: catalog.sets });
        for (let index = 0; index < carChunks; index++) {
          const cars = catalog.cars.slice(index * CARS_PER_CHUNK, (index + 1) * CARS_PER_CHUNK);
          await db.values.put({ key: chunkKey(index + 1), cars });
        }
        const stale = Array.from(
          { length: Math.max(0, (before?.chunks ?? 0) - chunks) },
          (_, offset) => chunkKey(chunks + offset),
        );
        await db.values.bulkDelete(['catalog', ...stale]);
        await db.values.put({ key: 'head', version: catalog.version, storedAt, chunks });
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
