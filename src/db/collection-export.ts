// The collection as a file to keep: one CSV row per car instance, or the collection object with
// names as JSON.
import type { ExportRow } from './collection-csv';
import { type Collection } from '../shared/collection/types';
import { readAllRows, rowsToCollection } from './collection-rows';
import type { GarageDb } from './garage-db';
import { carSummaries, setSummaries, unknownCar } from './catalog-summaries';
import { ownedCarRows } from './owned-rows';

export { CSV_COLUMNS, toCsv, type ExportRow } from './collection-csv';

/** Every car copy id the collector holds on this device: what an import must not add again. */
export async function loadOwnedInstanceIds(db: GarageDb, userId: string): Promise<Set<string>> {
  const rows = await ownedCarRows(db, userId);
  return new Set(rows.flatMap((row) => row.instances.map((instance) => instance.instanceId)));
}

/** One row per car instance, in collection order. */
export async function loadExportRows(db: GarageDb, userId: string): Promise<ExportRow[]> {
  const rows = await ownedCarRows(db, userId);
  const cars = await carSummaries(
    db,
    rows.map((row) => row.carId),
  );
  const out: ExportRow[] = [];
  for (const row of rows) {
    const car = cars.get(row.carId) ?? unknownCar(row.carId);
    for (const instance of row.instances) {
      out.push({
        carId: row.carId,
        name: car.known ? car.name : '',
        year: car.year,
        series: car.series,
        brand: car.brand,
        huntType: car.huntType,
        instanceId: instance.instanceId,
        condition: instance.condition,
        grade: instance.grade,
        purchasePrice: instance.purchasePrice,
        purchaseDate: instance.purchaseDate,
        purchasePlace: instance.purchasePlace,
        notes: instance.notes,
        dateAdded: instance.dateAdded,
      });
    }
  }
  return out;
}

export interface CollectionExport {
  format: 'diecast-garage-collection';
  version: 1;
  exportedAt: string;
  totals: { cars: number; sets: number };
  /** The collection object. (docs/product.md) */
  collection: Collection;
  /** The catalogue names of the cars and sets in it, so the file reads on its own. */
  cars: Record<
    string,
    { name: string; year: number | null; series: string | null; brand: string | null }
  >;
  sets: Record<string, { name: string; year: number | null; series: string | null }>;
}

export async function loadExportJson(
  db: GarageDb,
  userId: string,
  now = new Date().toISOString(),
): Promise<CollectionExport> {
  const collection = rowsToCollection(await readAllRows(db, userId));
  const carIds = new Set<string>([
    ...collection.ownedCars.map((car) => car.carId),
    ...collection.favoriteCarIds.map((item) => item.id),
    ...collection.wishlistCarIds.map((item) => item.id),
    ...collection.tradeSellCars.map((entry) => entry.carId),
  ]);
  const setIds = new Set<string>([
    ...collection.ownedSets.map((set) => set.setId),
    ...collection.favoriteSetIds.map((item) => item.id),
    ...collection.wishlistSetIds.map((item) => item.id),
    ...collection.tradeSellSets.map((entry) => entry.setId),
  ]);
  const [cars, sets] = await Promise.all([
    carSummaries(db, [...carIds]),
    setSummaries(db, [...setIds]),
  ]);
  const carNames: CollectionExport['cars'] = {};
  for (const car of cars.values()) {
    if (car.known)
      carNames[car.id] = { name: car.name, year: car.year, series: car.series, brand: car.brand };
  }
  const setNames: CollectionExport['sets'] = {};
  for (const set of sets.values()) {
    if (set.known) setNames[set.id] = { name: set.name, year: set.year, series: set.series };
  }
  let carCount = 0;
  for (const car of collection.ownedCars) carCount += car.instances.length;
  let setCount = 0;
  for (const set of collection.ownedSets) setCount += set.instances.length;
  return {
    format: 'diecast-garage-collection',
    version: 1,
    exportedAt: now,
    totals: { cars: carCount, sets: setCount },
    collection,
    cars: carNames,
    sets: setNames,
  };
}
