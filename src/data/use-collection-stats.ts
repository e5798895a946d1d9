// The collection's stats (/stats): totals, value, and counts by year, series, brand, condition.
import { useLiveQuery } from 'dexie-react-hooks';
import {
  CONDITIONS,
  type CarInstance,
  type Condition,
  type SetInstance,
} from '../shared/collection/types';
import { deviceDb } from '../db/device-db';
import { useDeviceCatalog } from './use-device-catalog';
import type { GarageDb } from '../db/garage-db';
import type { CarSummary } from '../db/catalog-summaries';
import { carSummaries, unknownCar } from '../db/catalog-summaries';
import { ownedCarRows, ownedSetRows, sumPrices } from '../db/owned-rows';
import { compareNames } from '../shared/text/locale-text';

export interface CountBy<K> {
  key: K;
  count: number;
}

export interface CollectionStats {
  /** Car instances (the totals' `cars`). */
  cars: number;
  /** Different castings owned. */
  distinctCars: number;
  /** Set instances (the totals' `sets`). */
  sets: number;
  distinctSets: number;
  /** Purchase prices of car and set instances. */
  spent: number;
  carSpent: number;
  setSpent: number;
  /** Oldest year first. */
  byYear: CountBy<number>[];
  /** The 10 series with the most cars, most first. */
  bySeries: CountBy<string>[];
  seriesCount: number;
  byBrand: CountBy<string>[];
  /** Every condition (zero counts included), in the order of CONDITIONS. */
  byCondition: CountBy<Condition>[];
  hunts: { TH: number; STH: number };
}

function counted<K>(map: Map<K, number>): CountBy<K>[] {
  return [...map].map(([key, count]) => ({ key, count }));
}

/** Stats of a collection: every count is of instances, as the totals are. */
export function computeStats(
  cars: { car: CarSummary; instances: CarInstance[] }[],
  sets: { instances: SetInstance[] }[],
): CollectionStats {
  const byYear = new Map<number, number>();
  const bySeries = new Map<string, number>();
  const byBrand = new Map<string, number>();
  const byCondition = new Map<Condition, number>(CONDITIONS.map((c) => [c, 0]));
  const hunts = { TH: 0, STH: 0 };
  let carCount = 0;
  let carCents = 0;
  for (const { car, instances } of cars) {
    const n = instances.length;
    if (n === 0) continue;
    carCount += n;
    carCents += Math.round(sumPrices(instances) * 100);
    if (car.year !== null) byYear.set(car.year, (byYear.get(car.year) ?? 0) + n);
    if (car.series) bySeries.set(car.series, (bySeries.get(car.series) ?? 0) + n);
    if (car.brand) byBrand.set(car.brand, (byBrand.get(car.brand) ?? 0) + n);
    if (car.huntType) hunts[car.huntType] += n;
    for (const instance of instances) {
      byCondition.set(instance.condition, (byCondition.get(instance.condition) ?? 0) + 1);
    }
  }
  let setCount = 0;
  let setCents = 0;
  for (const { instances } of sets) {
    setCount += instances.length;
    setCents += Math.round(sumPrices(instances) * 100);
  }
  const series = counted(bySeries).sort((a, b) => b.count - a.count || compareNames(a.key, b.key));
  return {
    cars: carCount,
    distinctCars: cars.filter((c) => c.instances.length > 0).length,
    sets: setCount,
    distinctSets: sets.filter((s) => s.instances.length > 0).length,
    spent: (carCents + setCents) / 100,
    carSpent: carCents / 100,
    setSpent: setCents / 100,
    byYear: counted(byYear).sort((a, b) => a.key - b.key),
    bySeries: series.slice(0, 10),
    seriesCount: series.length,
    byBrand: counted(byBrand).sort((a, b) => b.count - a.count || compareNames(a.key, b.key)),
    byCondition: counted(byCondition),
    hunts,
  };
}

export async function loadCollectionStats(db: GarageDb, userId: string): Promise<CollectionStats> {
  const [carRows, setRows] = await Promise.all([
    ownedCarRows(db, userId),
    ownedSetRows(db, userId),
  ]);
  const cars = await carSummaries(
    db,
    carRows.map((row) => row.carId),
  );
  return computeStats(
    carRows.map((row) => ({
      car: cars.get(row.carId) ?? unknownCar(row.carId),
      instances: row.instances,
    })),
    setRows,
  );
}

export function useCollectionStats(userId: string | null): CollectionStats | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadCollectionStats(deviceDb, userId) : computeStats([], [])),
    [userId, catalog],
  );
}
