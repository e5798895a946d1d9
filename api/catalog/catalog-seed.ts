// What an empty catalogue is filled with when the server starts: the real Hot Wheels catalogue
// (11,948 records, 1995–2025; data/LICENSE.md) unless CATALOG_SEED=demo asks for the small demo
// one that tests use. A catalogue already there is never replaced (catalog:import does that).
import { count } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { CatalogSeed } from '../env';
import { catalogCars } from '../db/schema';
import { buildCatalog } from './build-catalog';
import { importCatalog } from './catalog-import';
import { loadDemoCatalog } from './demo-seed';
import { readCatalogFile } from './read-catalog-file';
import { REAL_CATALOG_PATH } from './real-catalog';

export async function loadRealCatalog(db: Database) {
  const built = buildCatalog((await readCatalogFile(REAL_CATALOG_PATH)).inputs);
  await importCatalog(db, built);
  return { cars: built.cars.length, sets: built.sets.length };
}

/** Fills an empty catalogue with `seed`; null when the database already had one. */
export async function seedCatalogIfEmpty(
  db: Database,
  seed: CatalogSeed = 'real',
): Promise<{ seed: CatalogSeed; cars: number; sets: number } | null> {
  const [row] = await db.select({ cars: count() }).from(catalogCars);
  if ((row?.cars ?? 0) > 0) return null;
  const loaded = seed === 'real' ? await loadRealCatalog(db) : await loadDemoCatalog(db);
  return { seed, ...loaded };
}
