// One IndexedDB database that holds the device's catalogue as a few large chunks (plus a tiny
// head with its version and how many chunks it has), apart from the collection and the outbox:
// a large catalogue write can never share a database or a transaction with the collector's
// unsent work. Chunks are written and read one after the other in one transaction, so readers
// see one version whole, and copying each chunk in or out of the database is a short task of its
// own on a phone, never one long task that a tap would wait behind.
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { Catalog, CatalogCar, CatalogSet } from '../shared/catalog/types';

/** Cars per chunk: ~1,000 cars are copied in a few ms on a phone; 12,000 in tens of ms. */
export const CARS_PER_CHUNK = 1000;

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
  /** The sets ride in the first chunk. */
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
        const cars: CatalogCar[] = [];
        let sets: CatalogSet[] = [];
        for (let index = 0; index < head.chunks; index++) {
          // One get at a time: each chunk is copied out in a task of its own.
          const chunk = (await db.values.get(chunkKey(index))) as ChunkRow | undefined;
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
        const chunks = Math.max(1, Math.ceil(catalog.cars.length / CARS_PER_CHUNK));
        for (let index = 0; index < chunks; index++) {
          const cars = catalog.cars.slice(index * CARS_PER_CHUNK, (index + 1) * CARS_PER_CHUNK);
          // One put at a time: each chunk is copied in a task of its own.
          await db.values.put(
            index === 0
              ? { key: chunkKey(0), cars, sets: catalog.sets }
              : {
                  key: chunkKey(index),
                  cars,
                },
          );
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
