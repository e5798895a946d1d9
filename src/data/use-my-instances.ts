// My copies of cars and sets on this device, for a screen that lists or offers one of them.
import { useLiveQuery } from 'dexie-react-hooks';
import type { CarInstance, SetInstance } from '../shared/collection/types';
import { deviceDb } from '../db/device-db';

export type ItemKind = 'car' | 'set';

/** My copies of one car or set on this device (undefined while reading). */
export function useMyInstances(
  userId: string | null,
  kind: ItemKind | null,
  id: string | null,
): (CarInstance | SetInstance)[] | undefined {
  return useLiveQuery(async () => {
    if (!userId || !kind || !id) return [];
    const row =
      kind === 'car'
        ? await deviceDb.ownedCars.get([userId, id])
        : await deviceDb.ownedSets.get([userId, id]);
    return row?.instances ?? [];
  }, [userId, kind, id]);
}

/** My copies of several cars, by car id (for picking cars to offer). */
export function useMyCarInstances(
  userId: string | null,
  carIds: readonly string[],
): Map<string, CarInstance[]> {
  const key = carIds.join('|');
  return (
    useLiveQuery(async () => {
      const found = new Map<string, CarInstance[]>();
      if (!userId || carIds.length === 0) return found;
      const rows = await deviceDb.ownedCars.bulkGet(
        carIds.map((carId) => [userId, carId] as [string, string]),
      );
      rows.forEach((row, index) => found.set(carIds[index] as string, row?.instances ?? []));
      return found;
    }, [userId, key]) ?? new Map<string, CarInstance[]>()
  );
}
