// Loads the team's demo catalogue on a fresh install, so every screen has something to show.
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { Database } from '../db/database';
import { catalogCars } from '../db/schema';
import { buildCatalog } from './build-catalog';
import { importCatalog } from './catalog-import';
import { readCatalogFile } from './read-catalog-file';

export const DEMO_CATALOG_PATH = fileURLToPath(new URL('./demo-catalog.json', import.meta.url));

export async function loadDemoCatalog(db: Database) {
  const { inputs, skipped } = await readCatalogFile(DEMO_CATALOG_PATH);
  if (skipped.length > 0) {
    throw new Error(`The demo catalogue has invalid rows: ${JSON.stringify(skipped.slice(0, 3))}`);
  }
  const built = buildCatalog(inputs);
  await importCatalog(db, built);
  return { cars: built.cars.length, sets: built.sets.length };
}

export async function seedDemoCatalogIfEmpty(db: Database) {
  const [row] = await db.select({ cars: count() }).from(catalogCars);
  if ((row?.cars ?? 0) > 0) return null;
  return loadDemoCatalog(db);
}
