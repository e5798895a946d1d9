// The signed-in user's collection as the screens read it: counts per car and set, and totals.
import { useLiveQuery } from 'dexie-react-hooks';
import type { CatalogSet } from '../shared/catalog/types';
import { useMemo } from 'react';
import { deviceDb } from '../db/device-db';
import { useDeviceCatalog } from './use-device-catalog';
import type { ProfileRow } from '../db/device-rows';

/** How many instances of each car the user owns (0 when none). */
export function useOwnedCarCounts(
  userId: string | null,
  carIds: readonly string[],
): Map<string, number> {
  const key = carIds.join('|');
  return (
    useLiveQuery(
      async () => {
        const counts = new Map<string, number>();
        if (!userId || carIds.length === 0) return counts;
        const rows = await deviceDb.ownedCars.bulkGet(
          carIds.map((carId) => [userId, carId] as [string, string]),
        );
        rows.forEach((row, index) =>
          counts.set(carIds[index] as string, row?.instances.length ?? 0),
        );
        return counts;
      },
      // The ids' content, not the array's identity, decides when to re-query.
      [userId, key],
    ) ?? new Map<string, number>()
  );
}

/** How many instances of each set the user owns. */
export function useOwnedSetCounts(
  userId: string | null,
  setIds: readonly string[],
): Map<string, number> {
  const key = setIds.join('|');
  return (
    useLiveQuery(async () => {
      const counts = new Map<string, number>();
      if (!userId || setIds.length === 0) return counts;
      const rows = await deviceDb.ownedSets.bulkGet(
        setIds.map((setId) => [userId, setId] as [string, string]),
      );
      rows.forEach((row, index) => counts.set(setIds[index] as string, row?.instances.length ?? 0));
      return counts;
    }, [userId, key]) ?? new Map<string, number>()
  );
}

export function useProfile(userId: string | null): ProfileRow | undefined {
  return useLiveQuery(async () => (userId ? deviceDb.profiles.get(userId) : undefined), [userId]);
}

/** Sets of several cars (five-packs and series sets), newest first. */
export function useFeaturedSets(limit = 12): CatalogSet[] | undefined {
  const catalog = useDeviceCatalog();
  return useMemo(() => {
    if (catalog === undefined) return undefined;
    const sets = (catalog?.sets ?? []).filter((set) => set.carIds.length > 1);
    // Newest year first; within a year, by id from the end (the old year index, reversed).
    return sets
      .sort((a, b) => b.year - a.year || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, limit);
  }, [catalog, limit]);
}
