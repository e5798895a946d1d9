// The favourites and wishlist lists of cars and sets, joined with the catalogue.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';
import { useDeviceCatalog } from './use-device-catalog';
import type { GarageDb } from '../db/garage-db';
import type { ListName } from '../db/device-rows';
import type { CarSummary, SetSummary } from '../db/catalog-summaries';
import { carSummaries, setSummaries, unknownCar, unknownSet } from '../db/catalog-summaries';

export interface ListCarEntry {
  key: string;
  carId: string;
  car: CarSummary;
  addedAt: string;
  owned: number;
  /** Wishlist only: the most the collector means to pay (null: not said), and their note. */
  maxPrice: number | null;
  note: string;
}

export interface ListSetEntry {
  key: string;
  setId: string;
  set: SetSummary;
  addedAt: string;
  owned: number;
}

export type ListKind = 'favorite' | 'wishlist';

function listItems(db: GarageDb, userId: string, list: ListName) {
  return db.listItems
    .where('[userId+list+seq]')
    .between([userId, list, -Infinity], [userId, list, Infinity])
    .toArray();
}

/** The favourites or the wishlist: cars and sets, the most recently added first. */
export async function loadListEntries(
  db: GarageDb,
  userId: string,
  kind: ListKind,
): Promise<{ cars: ListCarEntry[]; sets: ListSetEntry[] }> {
  const [carItems, setItems] = await Promise.all([
    listItems(db, userId, kind === 'favorite' ? 'favoriteCarIds' : 'wishlistCarIds'),
    listItems(db, userId, kind === 'favorite' ? 'favoriteSetIds' : 'wishlistSetIds'),
  ]);
  const newestFirst = <T extends { addedAt: string; seq: number }>(items: T[]) =>
    [...items].sort(
      (a, b) => (a.addedAt < b.addedAt ? 1 : a.addedAt > b.addedAt ? -1 : b.seq - a.seq) || 0,
    );
  const cars = newestFirst(carItems);
  const sets = newestFirst(setItems);
  const [carInfo, setInfo, ownedCars, ownedSets] = await Promise.all([
    carSummaries(
      db,
      cars.map((item) => item.id),
    ),
    setSummaries(
      db,
      sets.map((item) => item.id),
    ),
    db.ownedCarSummaries.bulkGet(cars.map((item) => [userId, item.id] as [string, string])),
    db.ownedSets.bulkGet(sets.map((item) => [userId, item.id] as [string, string])),
  ]);
  return {
    cars: cars.map((item, index) => ({
      key: `car:${item.id}`,
      carId: item.id,
      car: carInfo.get(item.id) ?? unknownCar(item.id),
      addedAt: item.addedAt,
      owned: ownedCars[index]?.count ?? 0,
      maxPrice: item.maxPrice ?? null,
      note: item.note ?? '',
    })),
    sets: sets.map((item, index) => ({
      key: `set:${item.id}`,
      setId: item.id,
      set: setInfo.get(item.id) ?? unknownSet(item.id),
      addedAt: item.addedAt,
      owned: ownedSets[index]?.instances.length ?? 0,
    })),
  };
}

export function useListEntries(
  userId: string | null,
  kind: ListKind,
): { cars: ListCarEntry[]; sets: ListSetEntry[] } | undefined {
  const catalog = useDeviceCatalog();
  return useLiveQuery(
    async () => (userId ? loadListEntries(deviceDb, userId, kind) : { cars: [], sets: [] }),
    [userId, kind, catalog],
  );
}
