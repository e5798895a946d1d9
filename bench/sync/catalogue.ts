// The sync benchmark's server catalogue: the real 11,948-record wiki file the product ships,
// imported with the project's importer.
import { buildCatalog } from '../../api/catalog/build-catalog';
import { importCatalog } from '../../api/catalog/catalog-import';
import { REAL_CATALOG_PATH } from '../../api/catalog/real-catalog';
import { readCatalogFile } from '../../api/catalog/read-catalog-file';
import { openDatabase } from '../../api/db/database';

export { REAL_CATALOG_PATH };

export interface BenchCatalogue {
  source: 'real';
  path: string;
  records: number;
  cars: number;
  sets: number;
}

/** Builds the catalogue and writes it into a fresh PGlite data directory (before the server opens it). */
export async function importBenchCatalogue(dataDir: string): Promise<BenchCatalogue> {
  const read = await readCatalogFile(REAL_CATALOG_PATH);
  const built = buildCatalog(read.inputs);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await importCatalog(database.db, built);
  } finally {
    await database.close();
  }
  return {
    source: 'real',
    path: REAL_CATALOG_PATH,
    records: read.inputs.length + read.skipped.length,
    cars: built.cars.length,
    sets: built.sets.length,
  };
}
