// Writes a built catalogue into SQL in one transaction: new rows inserted, changed rows updated,
// identical rows left alone; the version is a hash of the whole stored catalogue afterwards.
import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { catalogCars, catalogMeta, catalogSets } from '../db/schema';
import type { CatalogCar, CatalogSet } from '../../src/shared/catalog/types';
import { CATALOG_VERSION_KEY, readCatalog } from './catalog-snapshot';
import { stableStringify } from '../collection/request-hash';

export interface CatalogImportSummary {
  cars: { imported: number; updated: number; unchanged: number };
  sets: { imported: number; updated: number; unchanged: number };
  version: string;
  versionChanged: boolean;
}

export type ImportProgress = (done: number, total: number) => void;

const CHUNK = 500;

function changedRows<T extends { id: string }>(incoming: T[], existing: Map<string, T>) {
  const fresh: T[] = [];
  const changed: T[] = [];
  for (const row of incoming) {
    const current = existing.get(row.id);
    if (!current) fresh.push(row);
    else if (stableStringify(current) !== stableStringify(row)) changed.push(row);
  }
  return { fresh, changed, unchanged: incoming.length - fresh.length - changed.length };
}

/** `excluded.col` for every column but the key: an upsert that overwrites the whole row. */
function overwriteAll(table: typeof catalogCars | typeof catalogSets) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => key !== 'id')
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

async function upsertChunks<T>(
  rows: T[],
  write: (chunk: T[]) => Promise<unknown>,
  progress: () => void,
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await write(chunk);
    for (let i = 0; i < chunk.length; i++) progress();
  }
}

export function catalogVersion(cars: CatalogCar[], sets: CatalogSet[]): string {
  const hash = createHash('sha256');
  for (const car of cars) hash.update(stableStringify(car));
  for (const set of sets) hash.update(stableStringify(set));
  return hash.digest('hex').slice(0, 16);
}

export async function importCatalog(
  db: Database,
  catalog: { cars: CatalogCar[]; sets: CatalogSet[] },
  onProgress: ImportProgress = () => {},
): Promise<CatalogImportSummary> {
  return db.transaction(async (tx: Queryable) => {
    const existing = await readCatalog(tx);
    const cars = changedRows(catalog.cars, new Map(existing.cars.map((car) => [car.id, car])));
    const sets = changedRows(catalog.sets, new Map(existing.sets.map((set) => [set.id, set])));
    const total = cars.fresh.length + cars.changed.length + sets.fresh.length + sets.changed.length;
    let done = 0;
    const tick = () => onProgress(++done, total);
    onProgress(0, total);

    const carSet = overwriteAll(catalogCars);
    await upsertChunks(
      [...cars.fresh, ...cars.changed],
      (chunk) =>
        tx
          .insert(catalogCars)
          .values(chunk)
          .onConflictDoUpdate({ target: catalogCars.id, set: carSet }),
      tick,
    );
    const setSet = overwriteAll(catalogSets);
    await upsertChunks(
      [...sets.fresh, ...sets.changed],
      (chunk) =>
        tx
          .insert(catalogSets)
          .values(chunk)
          .onConflictDoUpdate({ target: catalogSets.id, set: setSet }),
      tick,
    );

    const stored = total > 0 ? await readCatalog(tx) : existing;
    const version = catalogVersion(stored.cars, stored.sets);
    const versionChanged = version !== existing.version;
    if (versionChanged) {
      await tx
        .insert(catalogMeta)
        .values({ key: CATALOG_VERSION_KEY, value: version })
        .onConflictDoUpdate({ target: catalogMeta.key, set: { value: version } });
    }
    return {
      cars: {
        imported: cars.fresh.length,
        updated: cars.changed.length,
        unchanged: cars.unchanged,
      },
      sets: {
        imported: sets.fresh.length,
        updated: sets.changed.length,
        unchanged: sets.unchanged,
      },
      version,
      versionChanged,
    };
  });
}
