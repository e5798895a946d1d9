// The collector's owned car and set rows as the list reads share them, and the sort keys a
// collection list orders by.
import type { Brand } from '../shared/catalog/types';
import type { GarageDb } from './garage-db';
import type { OwnedCarRow, OwnedSetRow } from './device-rows';

export function ownedCarRows(db: GarageDb, userId: string): Promise<OwnedCarRow[]> {
  return db.ownedCars
    .where('[userId+seq]')
    .between([userId, -Infinity], [userId, Infinity])
    .toArray();
}

export function ownedSetRows(db: GarageDb, userId: string): Promise<OwnedSetRow[]> {
  return db.ownedSets
    .where('[userId+seq]')
    .between([userId, -Infinity], [userId, Infinity])
    .toArray();
}

/** The ids of every car the user owns (keys only: cheap even for 10,000 cars). */
export async function ownedCarIds(db: GarageDb, userId: string): Promise<Set<string>> {
  const keys = await db.ownedCars
    .where('[userId+carId]')
    .between([userId, ''], [userId, '\uffff'])
    .primaryKeys();
  return new Set(keys.map((key) => key[1]));
}

export const latest = (instances: { dateAdded: string }[]) =>
  instances.reduce((max, i) => (i.dateAdded > max ? i.dateAdded : max), '');

/** Money is summed in whole cents, so 0.1 + 0.2 never shows as 0.30000000000000004. */
export function sumPrices(instances: { purchasePrice: number }[]): number {
  let cents = 0;
  for (const instance of instances) cents += Math.round((instance.purchasePrice || 0) * 100);
  return cents / 100;
}

/** The fields every collection list sorts, groups and filters by. */
export interface Sortable {
  key: string;
  name: string;
  year: number | null;
  series: string | null;
  brand: Brand | null;
  /** Position in the series ('3/10' → 3), for series order. */
  position: number | null;
  lastAdded: string;
  seq: number;
}

export function seriesPosition(seriesNumber: string | null): number | null {
  const match = seriesNumber?.match(/^\s*(\d+)/);
  return match ? Number(match[1]) : null;
}
