// The catalogue as the device downloads it, built once per catalogue version and kept gzipped.
import { gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { catalogCars, catalogMeta, catalogSets } from '../db/schema';
import type { Catalog, CatalogCar, CatalogSet } from '../../src/shared/catalog/types';

export const CATALOG_VERSION_KEY = 'version';

export interface CatalogSnapshot {
  version: string;
  etag: string;
  json: string;
  gzip: Buffer;
  /** GET /api/all-sets: the sets with only the fields docs/product.md names. */
  allSetsJson: string;
  allSetsGzip: Buffer;
}

export async function readCatalogVersion(db: Queryable): Promise<string> {
  const [row] = await db
    .select({ value: catalogMeta.value })
    .from(catalogMeta)
    .where(eq(catalogMeta.key, CATALOG_VERSION_KEY));
  return row?.value ?? 'empty';
}

export async function readCatalog(db: Queryable): Promise<Catalog> {
  const version = await readCatalogVersion(db);
  const cars: CatalogCar[] = (await db.select().from(catalogCars).orderBy(asc(catalogCars.id))).map(
    (car) => ({
      ...car,
      type: car.type as CatalogCar['type'],
      brand: car.brand as CatalogCar['brand'],
      huntType: car.huntType as CatalogCar['huntType'],
    }),
  );
  const sets: CatalogSet[] = (await db.select().from(catalogSets).orderBy(asc(catalogSets.id))).map(
    (set) => ({ ...set, brand: set.brand as CatalogSet['brand'] }),
  );
  return { version, cars, sets };
}

/** Caches the built snapshot per version; a version check costs one tiny query per request. */
export function createCatalogSnapshotCache(db: Queryable) {
  let cached: CatalogSnapshot | null = null;
  let building: Promise<CatalogSnapshot> | null = null;

  async function build(): Promise<CatalogSnapshot> {
    const catalog = await readCatalog(db);
    const json = JSON.stringify(catalog);
    const allSetsJson = JSON.stringify(
      catalog.sets.map(({ id, series, year, name, carIds }) => ({
        id,
        series,
        year,
        name,
        carIds,
      })),
    );
    return {
      version: catalog.version,
      etag: `"${catalog.version}"`,
      json,
      gzip: gzipSync(json),
      allSetsJson,
      allSetsGzip: gzipSync(allSetsJson),
    };
  }

  return async function current(): Promise<CatalogSnapshot> {
    const version = await readCatalogVersion(db);
    if (cached?.version === version) return cached;
    building ??= build().finally(() => {
      building = null;
    });
    cached = await building;
    return cached;
  };
}
