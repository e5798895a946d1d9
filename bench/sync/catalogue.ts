// The sync benchmark's server catalogue: the real 11,948-record wiki file, imported with the
// project's importer, or (when ../shared is missing) a synthetic one of the same size.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCatalog, type BuiltCatalog } from '../../api/catalog/build-catalog';
import { importCatalog } from '../../api/catalog/catalog-import';
import { DEMO_CATALOG_PATH } from '../../api/catalog/demo-seed';
import { readCatalogFile } from '../../api/catalog/read-catalog-file';
import { openDatabase } from '../../api/db/database';
import type { CatalogCarInput } from '../../src/shared/catalog/types';

export const REAL_CATALOG_PATH = fileURLToPath(
  new URL('../../../shared/data/hotwheels-1995-2025.json', import.meta.url),
);
const RECORDS = 11_948;

export interface BenchCatalogue {
  source: 'real' | 'synthetic';
  path: string;
  records: number;
  cars: number;
  sets: number;
}

/** The demo catalogue repeated with shifted years and toy numbers until it has RECORDS rows. */
async function syntheticInputs(): Promise<CatalogCarInput[]> {
  const { inputs } = await readCatalogFile(DEMO_CATALOG_PATH);
  const out: CatalogCarInput[] = [];
  for (let round = 0; out.length < RECORDS; round++) {
    for (const input of inputs) {
      if (out.length >= RECORDS) break;
      out.push({
        ...input,
        toyNumber: `${input.toyNumber ?? 'X'}${round}`,
        year: 1995 + ((input.year - 1995 + round) % 31),
        fivePackId: input.fivePackId ? `${input.fivePackId}-${round}` : null,
      });
    }
  }
  return out;
}

/** Builds the catalogue and writes it into a fresh PGlite data directory (before the server opens it). */
export async function importBenchCatalogue(dataDir: string): Promise<BenchCatalogue> {
  const real = existsSync(REAL_CATALOG_PATH);
  if (!real) {
    console.warn(
      `${REAL_CATALOG_PATH} is missing (../shared not beside the clone): using a synthetic ` +
        `catalogue of ${RECORDS} records built from the demo catalogue.`,
    );
  }
  const read = real ? await readCatalogFile(REAL_CATALOG_PATH) : null;
  const inputs = read ? read.inputs : await syntheticInputs();
  const built: BuiltCatalog = buildCatalog(inputs);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await importCatalog(database.db, built);
  } finally {
    await database.close();
  }
  return {
    source: real ? 'real' : 'synthetic',
    path: real ? REAL_CATALOG_PATH : DEMO_CATALOG_PATH,
    records: read ? read.inputs.length + read.skipped.length : inputs.length,
    cars: built.cars.length,
    sets: built.sets.length,
  };
}
