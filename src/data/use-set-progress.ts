// Completed sets and sets in progress (/collection/completedsets): the sets of the owned cars
// plus the owned sets, each with how many of its cars the collector has.
import { useLiveQuery } from 'dexie-react-hooks';
import type { CatalogSet } from '../shared/catalog/types';
import { deviceDb } from '../db/device-db';
import { useDeviceCatalog } from './use-device-catalog';
import type { GarageDb } from '../db/garage-db';
import type { SetSummary } from '../db/catalog-summaries';
import { carSummaries, setSummary } from '../db/catalog-summaries';
import { ownedCarIds, ownedSetRows } from '../db/owned-rows';
import { compareNames } from '../shared/text/locale-text';

export interface SetProgressEntry {
  key: string;
  setId: string;
  set: SetSummary;
  /** Cars of the set the user owns at least one of. */
  owned: number;
  total: number;
  /** Instances of the set itself the user owns (0 when the cars were collected one by one). */
  setInstances: number;
  complete: boolean;
}

/**
 * Sets where every car is owned, and sets in progress (at least one car or an instance of the
 * set owned): the sets of the owned cars plus the owned sets.
 */
export async function loadSetProgress(
  db: GarageDb,
  userId: string,
): Promise<{ complete: SetProgressEntry[]; inProgress: SetProgressEntry[] }> {
  const [owned, setRows] = await Promise.all([ownedCarIds(db, userId), ownedSetRows(db, userId)]);
  const cars = await carSummaries(db, [...owned]);
  const setIds = new Set<string>(setRows.map((row) => row.setId));
  for (const car of cars.values()) if (car.setId) setIds.add(car.setId);
  const instancesOf = new Map(setRows.map((row) => [row.setId, row.instances.length]));
  const sets = ((await db.catalog.current())?.setsOf([...setIds]) ?? []).filter(
    (set: CatalogSet) => set.carIds.length > 0,
  );
  const progress = sets.map((set): SetProgressEntry => {
    const ownedCars = set.carIds.filter((id) => owned.has(id)).length;
    return {
      key: `set:${set.id}`,
      setId: set.id,
      set: setSummary(set),
      owned: ownedCars,
      total: set.carIds.length,
      setInstances: instancesOf.get(set.id) ?? 0,
      complete: ownedCars === set.carIds.length,
    };
  });
  const byYearThenName = (a: SetProgressEntry, b: SetProgressEntry) =>
    (b.set.year ?? 0) - (a.set.year ?? 0) || compareNames(a.set.name, b.set.name);
  return {
    complete: progress.filter((p) => p.complete).sort(byYearThenName),
    inProgress: progress
      .filter((p) => !p.complete)
      .sort((a, b) => b.owned / b.total - a.owned / a.total || byYearThenName(a, b)),
  };
}

export function useSetProgress(
  userId: string | null,
): { complete: SetProgressEntry[]; inProgress: SetProgressEntry[] } | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadSetProgress(deviceDb, userId) : { complete: [], inProgress: [] }),
    [userId, catalog],
  );
}
