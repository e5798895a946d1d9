// What /collection reads instead of whole rows: one small summary per owned car, and each
// collector's totals (kept in the device counters row, db/device-counters.ts), derived from the
// collection rows and written in the same transaction as them.
import type { Condition } from '../shared/collection/types';
import type { OwnedCarRow, OwnedSetRow } from './device-rows';

/**
 * A car's row without its instance array: everything the /collection list sorts, groups,
 * filters and shows. Always equal to `summaryOfCar(the car's row)`.
 */
export interface OwnedCarSummaryRow {
  userId: string;
  carId: string;
  seq: number;
  isFavorite: boolean;
  /** Instances owned. */
  count: number;
  /** Newest and oldest `dateAdded` of its instances ('' when it has none). */
  lastAdded: string;
  firstAdded: string;
  /** Instances per condition, conditions in the order the instances first show them. */
  conditions: Partial<Record<Condition, number>>;
  /** Purchase prices summed in whole cents, so 0.1 + 0.2 never shows as 0.30000000000000004. */
  spentCents: number;
}

/** One collector's totals: instances and distinct rows, of cars and of sets. */
export interface OwnedTotals {
  cars: number;
  distinctCars: number;
  sets: number;
  distinctSets: number;
}

export const emptyTotals = (): OwnedTotals => ({
  cars: 0,
  distinctCars: 0,
  sets: 0,
  distinctSets: 0,
});

export function summaryOfCar(row: OwnedCarRow): OwnedCarSummaryRow {
  let lastAdded = '';
  let firstAdded = '';
  let spentCents = 0;
  const conditions: Partial<Record<Condition, number>> = {};
  for (const instance of row.instances) {
    if (instance.dateAdded > lastAdded) lastAdded = instance.dateAdded;
    if (firstAdded === '' || instance.dateAdded < firstAdded) firstAdded = instance.dateAdded;
    spentCents += Math.round((instance.purchasePrice || 0) * 100);
    conditions[instance.condition] = (conditions[instance.condition] ?? 0) + 1;
  }
  return {
    userId: row.userId,
    carId: row.carId,
    seq: row.seq,
    isFavorite: row.isFavorite,
    count: row.instances.length,
    lastAdded,
    firstAdded,
    conditions,
    spentCents,
  };
}

/** Totals of a collector's complete set of rows. */
export function totalsOf(
  cars: readonly { instances: readonly unknown[] }[],
  sets: readonly { instances: readonly unknown[] }[],
): OwnedTotals {
  const totals = emptyTotals();
  for (const car of cars) totals.cars += car.instances.length;
  for (const set of sets) totals.sets += set.instances.length;
  totals.distinctCars = cars.length;
  totals.distinctSets = sets.length;
  return totals;
}

/** `totals` moved by what changed from `before` to `after` (the same rows, as they were/are). */
export function movedTotals(
  totals: OwnedTotals,
  before: { cars: readonly OwnedCarRow[]; sets: readonly OwnedSetRow[] },
  after: { cars: readonly OwnedCarRow[]; sets: readonly OwnedSetRow[] },
): OwnedTotals {
  const was = totalsOf(before.cars, before.sets);
  const now = totalsOf(after.cars, after.sets);
  return {
    cars: totals.cars + now.cars - was.cars,
    distinctCars: totals.distinctCars + now.distinctCars - was.distinctCars,
    sets: totals.sets + now.sets - was.sets,
    distinctSets: totals.distinctSets + now.distinctSets - was.distinctSets,
  };
}
