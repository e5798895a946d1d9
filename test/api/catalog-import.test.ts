// The importer against SQL: the real 11,948-row wiki file, a CSV, and the demo catalogue.
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../api/db/database';
import { queryRows } from '../../api/db/database';
import { catalogCars, catalogSets } from '../../api/db/schema';
import { buildCatalog } from '../../api/catalog/build-catalog';
import { importCatalog } from '../../api/catalog/catalog-import';
import { readCatalogFile } from '../../api/catalog/read-catalog-file';
import { loadDemoCatalog } from '../../api/catalog/demo-seed';
import { REAL_CATALOG_PATH } from '../../api/catalog/real-catalog';
import { openTestDatabase } from '../fixtures/test-database';

const wikiFile = REAL_CATALOG_PATH;

async function rowCounts(database: OpenDatabase) {
  const [cars] = await database.db.select({ n: count() }).from(catalogCars);
  const [sets] = await database.db.select({ n: count() }).from(catalogSets);
  return { cars: cars?.n ?? 0, sets: sets?.n ?? 0 };
}

describe('importing the shipped real catalogue (hotwheels-1995-2025.json.gz)', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('imports every usable row once, normalised, and a second run changes nothing', async () => {
    const read = await readCatalogFile(wikiFile);
    expect(read.inputs.length + read.skipped.length).toBe(11_948);
    const built = buildCatalog(read.inputs);

    const first = await importCatalog(database.db, built);
    expect(first.cars).toEqual({ imported: built.cars.length, updated: 0, unchanged: 0 });
    expect(first.sets).toEqual({ imported: built.sets.length, updated: 0, unchanged: 0 });
    expect(await rowCounts(database)).toEqual({
      cars: built.cars.length,
      sets: built.sets.length,
    });
    expect(built.cars.length).toBeGreaterThan(11_000);

    // Badge text glued on: 'Muscle ManiaKmart Exclusive' (a real series may end in ' Exclusive').
    const dirty = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM catalog_cars
            WHERE name LIKE ${'%\u200b%'} OR series LIKE ${'%\u200b%'} OR series_number LIKE ${'%\u200b%'}
               OR image LIKE ${'%Image_Not_Available%'}
               OR series ~ ${'[a-z)](Super )?Treasure Hunt$'} OR series ~ ${"[a-z][A-Z][A-Za-z' ]* Exclusive$"}`,
    );
    expect(dirty[0]?.n).toBe(0);
    const hunts = await queryRows<{ hunt_type: string; n: number }>(
      database.db,
      sql`SELECT hunt_type, count(*)::int AS n FROM catalog_cars WHERE hunt_type IS NOT NULL GROUP BY hunt_type ORDER BY hunt_type`,
    );
    expect(hunts.map((row) => row.hunt_type)).toEqual(['STH', 'TH']);
    const orphans = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM catalog_sets s, jsonb_array_elements_text(s.car_ids) AS car(id)
            WHERE NOT EXISTS (SELECT 1 FROM catalog_cars c WHERE c.id = car.id)`,
    );
    expect(orphans[0]?.n).toBe(0);

    const again = await importCatalog(
      database.db,
      buildCatalog((await readCatalogFile(wikiFile)).inputs),
    );
    expect(again).toEqual({
      cars: { imported: 0, updated: 0, unchanged: built.cars.length },
      sets: { imported: 0, updated: 0, unchanged: built.sets.length },
      version: first.version,
      versionChanged: false,
    });
    expect(await rowCounts(database)).toEqual({
      cars: built.cars.length,
      sets: built.sets.length,
    });
  });
});

describe('importing other sources', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('imports the documented CSV format, quoted fields included', async () => {
    const read = await readCatalogFile(
      fileURLToPath(new URL('../fixtures/catalog-sample.csv', import.meta.url)),
    );
    expect(read.format).toBe('csv');
    expect(read.skipped).toEqual([]);
    const summary = await importCatalog(database.db, buildCatalog(read.inputs));
    expect(summary.cars.imported).toBe(3);
    expect(summary.sets.imported).toBe(1);
    const names = (await database.db.select({ name: catalogCars.name }).from(catalogCars)).map(
      (row) => row.name,
    );
    expect(names).toContain('Honda Odyssey "Kei" Custom');
  });

  it('loads the demo catalogue: both brands, series sets and five-packs', async () => {
    const loaded = await loadDemoCatalog(database.db);
    expect(loaded.cars).toBeGreaterThanOrEqual(300);
    const brands = await queryRows<{ brand: string }>(
      database.db,
      sql`SELECT DISTINCT brand FROM catalog_cars ORDER BY brand`,
    );
    expect(brands.map((row) => row.brand)).toEqual(['Hot Wheels', 'Matchbox']);
    const fivePacks = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM catalog_sets WHERE series = 'Mainline 5-Pack'`,
    );
    expect(fivePacks[0]?.n).toBeGreaterThanOrEqual(6);
  });
});
