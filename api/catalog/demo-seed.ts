// The team's small demo catalogue (351 cars): what tests start with (CATALOG_SEED=demo).
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database';
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
