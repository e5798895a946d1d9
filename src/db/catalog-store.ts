// Puts a downloaded catalogue on the device: cars (with search words) and sets, then its version.
import type { Catalog } from '../shared/catalog/types';
import type { GarageDb } from './garage-db';
import { searchWordsOfCar } from './search-words';

export const CATALOG_VERSION_KEY = 'catalogVersion';

/** Progress for the first download's bar ('Downloading catalogue · 4,210 / 11,948'). */
export type CatalogProgress = (stored: number, total: number) => void;

const CHUNK = 2000;

/**
 * Replaces the device's catalogue with `catalog`, in one transaction so a half-stored
 * catalogue is never seen; the version is written last, so a crash means "download again".
 */
export async function storeCatalog(
  db: GarageDb,
  catalog: Catalog,
  onProgress?: CatalogProgress,
): Promise<void> {
  const total = catalog.cars.length;
  await db.transaction('rw', [db.cars, db.sets, db.meta], async () => {
    await Promise.all([db.cars.clear(), db.sets.clear()]);
    for (let start = 0; start < total; start += CHUNK) {
      const rows = catalog.cars
        .slice(start, start + CHUNK)
        .map((car) => ({ ...car, words: searchWordsOfCar(car) }));
      await db.cars.bulkPut(rows);
      onProgress?.(Math.min(start + CHUNK, total), total);
    }
    await db.sets.bulkPut(catalog.sets);
    await db.meta.put({ key: CATALOG_VERSION_KEY, value: catalog.version });
  });
  if (total === 0) onProgress?.(0, 0);
}

export async function storedCatalogVersion(db: GarageDb): Promise<string | null> {
  const row = await db.meta.get(CATALOG_VERSION_KEY);
  return typeof row?.value === 'string' ? row.value : null;
}
