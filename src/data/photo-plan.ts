// Which catalogue photos "Get ready for offline" keeps: those of the collector's wishlist, their
// collection, and the years and series they pick, each photo once.
import { useLiveQuery } from 'dexie-react-hooks';
import Dexie from 'dexie';
import type { CatalogIndex, CarRow } from '../db/catalog-index';
import { deviceDb } from '../db/device-db';
import type { GarageDb } from '../db/garage-db';
import { useDeviceCatalog } from './use-device-catalog';

export interface PhotoChoice {
  wishlist: boolean;
  collection: boolean;
  years: readonly number[];
  series: readonly string[];
}

export interface PhotoPlan {
  /** Every photo URL of the choice, once. */
  urls: string[];
  /** Photos per part of the choice (a car in two parts counts in both). */
  counts: { wishlist: number; collection: number; picked: number };
}

const photosOf = (cars: readonly CarRow[]) => cars.flatMap((car) => (car.image ? [car.image] : []));

export async function photoPlan(
  db: GarageDb,
  catalog: CatalogIndex,
  userId: string | null,
  choice: PhotoChoice,
): Promise<PhotoPlan> {
  const [owned, wished] = userId
    ? await Promise.all([
        db.ownedCarSummaries
          .where('[userId+carId]')
          .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
          .primaryKeys(),
        db.listItems
          .where('[userId+list+id]')
          .between(
            [userId, 'wishlistCarIds', Dexie.minKey],
            [userId, 'wishlistCarIds', Dexie.maxKey],
          )
          .primaryKeys(),
      ])
    : [[], []];
  const wishlist = photosOf(catalog.carsOf(wished.map((key) => key[2] as string)));
  const collection = photosOf(catalog.carsOf(owned.map((key) => key[1] as string)));
  const picked = photosOf([
    ...choice.years.flatMap((year) => catalog.carsOfYear(year)),
    ...choice.series.flatMap((series) => catalog.carsOfSeries(series)),
  ]);
  const urls = new Set<string>([
    ...(choice.wishlist ? wishlist : []),
    ...(choice.collection ? collection : []),
    ...picked,
  ]);
  return {
    urls: [...urls],
    counts: { wishlist: wishlist.length, collection: collection.length, picked: picked.length },
  };
}

export function usePhotoPlan(userId: string | null, choice: PhotoChoice): PhotoPlan | undefined {
  const catalog = useDeviceCatalog();
  const { wishlist, collection } = choice;
  const years = choice.years.join(',');
  const series = choice.series.join('\n');
  return useLiveQuery(
    async () =>
      catalog
        ? photoPlan(deviceDb, catalog, userId, {
            wishlist,
            collection,
            years: years ? years.split(',').map(Number) : [],
            series: series ? series.split('\n') : [],
          })
        : undefined,
    [catalog, userId, wishlist, collection, years, series],
  );
}
