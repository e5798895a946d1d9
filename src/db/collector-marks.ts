// The collector's own marks on catalogue screens: how many of each car they own, favourites and
// wishlist, a car's or a set's copies, set progress, and the /filter query that mixes both.
import Dexie from 'dexie';
import type { Brand, CatalogSet, HuntType } from '../shared/catalog/types';
import type { CarInstance, Condition, SetInstance } from '../shared/collection/types';
import type { CarRow, CatalogIndex } from './catalog-index';
import type { GarageDb } from './garage-db';
import { compareText } from '../shared/text/locale-text';

export interface CarMarks {
  owned: Map<string, number>;
  favorites: Set<string>;
  wishlist: Set<string>;
}

export function emptyMarks(): CarMarks {
  return { owned: new Map(), favorites: new Set(), wishlist: new Set() };
}

/** For each car: how many the collector owns, and whether it is a favourite or wished for. */
export async function carMarks(
  db: GarageDb,
  userId: string | null,
  carIds: readonly string[],
): Promise<CarMarks> {
  const marks = emptyMarks();
  if (!userId || carIds.length === 0) return marks;
  const [owned, favorites, wishlist] = await Promise.all([
    db.ownedCarSummaries.bulkGet(carIds.map((carId) => [userId, carId] as [string, string])),
    db.listItems.bulkGet(carIds.map((id) => [userId, 'favoriteCarIds', id] as const)),
    db.listItems.bulkGet(carIds.map((id) => [userId, 'wishlistCarIds', id] as const)),
  ]);
  carIds.forEach((carId, index) => {
    const count = owned[index]?.count ?? 0;
    if (count > 0) marks.owned.set(carId, count);
    if (favorites[index]) marks.favorites.add(carId);
    if (wishlist[index]) marks.wishlist.add(carId);
  });
  return marks;
}

export interface OwnedCarState {
  instances: CarInstance[];
  isFavorite: boolean;
  isWishlisted: boolean;
  forTrade: number;
  forSale: number;
}

/** Everything the car page shows about the collector's copies of one car. */
export async function ownedCarState(
  db: GarageDb,
  userId: string | null,
  carId: string,
): Promise<OwnedCarState> {
  if (!userId) {
    return { instances: [], isFavorite: false, isWishlisted: false, forTrade: 0, forSale: 0 };
  }
  const [owned, favorite, wished, tradeSell] = await Promise.all([
    db.ownedCars.get([userId, carId]),
    db.listItems.get([userId, 'favoriteCarIds', carId]),
    db.listItems.get([userId, 'wishlistCarIds', carId]),
    db.tradeSell.get([userId, 'car', carId]),
  ]);
  return {
    instances: owned?.instances ?? [],
    isFavorite: !!favorite,
    isWishlisted: !!wished,
    forTrade: tradeSell?.forTrade ?? 0,
    forSale: tradeSell?.forSale ?? 0,
  };
}

/** 'You own 2 · 1 carded, 1 loose' — the answer the car page gives first. */
export function ownershipAnswer(instances: readonly CarInstance[]): string {
  if (instances.length === 0) return "You don't own this one yet";
  const byCondition = new Map<string, number>();
  for (const instance of instances) {
    byCondition.set(instance.condition, (byCondition.get(instance.condition) ?? 0) + 1);
  }
  const parts = [...byCondition].map(([condition, count]) => `${count} ${condition}`);
  return `You own ${instances.length} · ${parts.join(', ')}`;
}

export interface SetProgress {
  /** Distinct cars of the set the collector owns at least one of. */
  owned: number;
  total: number;
  /** Instances of the set itself. */
  setInstances: number;
}

/** owned / total for several sets at once (set lists). */
export async function setsProgress(
  db: GarageDb,
  userId: string | null,
  sets: readonly CatalogSet[],
): Promise<Map<string, SetProgress>> {
  const progress = new Map<string, SetProgress>();
  const carIds = [...new Set(sets.flatMap((set) => set.carIds))];
  const [ownedCars, ownedSets] = userId
    ? await Promise.all([
        db.ownedCarSummaries.bulkGet(carIds.map((carId) => [userId, carId] as [string, string])),
        db.ownedSets.bulkGet(sets.map((set) => [userId, set.id] as [string, string])),
      ])
    : [[], []];
  const ownedIds = new Set(carIds.filter((_, index) => (ownedCars[index]?.count ?? 0) > 0));
  sets.forEach((set, index) => {
    progress.set(set.id, {
      owned: set.carIds.filter((carId) => ownedIds.has(carId)).length,
      total: set.carIds.length,
      setInstances: ownedSets[index]?.instances.length ?? 0,
    });
  });
  return progress;
}

export interface OwnedSetState extends SetProgress {
  instances: SetInstance[];
  isFavorite: boolean;
  isWishlisted: boolean;
  forTrade: number;
  forSale: number;
}

/** Everything the set page shows about the collector and one set. */
export async function ownedSetState(
  db: GarageDb,
  userId: string | null,
  set: CatalogSet,
): Promise<OwnedSetState> {
  const [progress] = [...(await setsProgress(db, userId, [set])).values()] as [SetProgress];
  if (!userId) {
    return {
      ...progress,
      instances: [],
      isFavorite: false,
      isWishlisted: false,
      forTrade: 0,
      forSale: 0,
    };
  }
  const [owned, favorite, wished, tradeSell] = await Promise.all([
    db.ownedSets.get([userId, set.id]),
    db.listItems.get([userId, 'favoriteSetIds', set.id]),
    db.listItems.get([userId, 'wishlistSetIds', set.id]),
    db.tradeSell.get([userId, 'set', set.id]),
  ]);
  return {
    ...progress,
    instances: owned?.instances ?? [],
    isFavorite: !!favorite,
    isWishlisted: !!wished,
    forTrade: tradeSell?.forTrade ?? 0,
    forSale: tradeSell?.forSale ?? 0,
  };
}

// ---- /filter ----------------------------------------------------------------------------------

export const OWNERSHIP_FILTERS = ['owned', 'missing', 'wishlist'] as const;
export type OwnershipFilter = (typeof OWNERSHIP_FILTERS)[number];

export interface CatalogFilters {
  brand: Brand | null;
  year: number | null;
  series: string | null;
  huntType: HuntType | null;
  ownership: OwnershipFilter | null;
  /** Cars with at least one owned copy in this condition. */
  condition: Condition | null;
}

export const NO_FILTERS: CatalogFilters = {
  brand: null,
  year: null,
  series: null,
  huntType: null,
  ownership: null,
  condition: null,
};

async function userCarRows(db: GarageDb, userId: string) {
  return db.ownedCars
    .where('[userId+carId]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .toArray();
}

async function userListIds(db: GarageDb, userId: string, list: 'wishlistCarIds') {
  const rows = await db.listItems
    .where('[userId+list+id]')
    .between([userId, list, Dexie.minKey], [userId, list, Dexie.maxKey])
    .toArray();
  return new Set(rows.map((row) => row.id));
}

/**
 * Cars matching every filter given, newest first. The narrowest lookup picks the candidates
 * (brand and year, year, series, hunt type, the collector's own cars, brand), the rest is
 * checked on each candidate.
 */
export async function filterCatalog(
  db: GarageDb,
  catalog: CatalogIndex,
  userId: string | null,
  filters: CatalogFilters,
): Promise<CarRow[]> {
  const { brand, year, series, huntType, ownership, condition } = filters;
  const needsOwned = ownership === 'owned' || ownership === 'missing' || condition !== null;
  const [ownedRows, wishlist] = await Promise.all([
    needsOwned && userId ? userCarRows(db, userId) : Promise.resolve([]),
    ownership === 'wishlist' && userId
      ? userListIds(db, userId, 'wishlistCarIds')
      : Promise.resolve(new Set<string>()),
  ]);
  const owned = new Map(ownedRows.map((row) => [row.carId, row.instances]));

  let candidates: readonly CarRow[];
  if (brand && year !== null) candidates = catalog.carsOfBrandYear(brand, year);
  else if (year !== null) candidates = catalog.carsOfYear(year);
  else if (series) candidates = catalog.carsOfSeries(series);
  else if (huntType) candidates = catalog.carsOfHunt(huntType);
  else if (ownership === 'owned' || condition) candidates = catalog.carsOf([...owned.keys()]);
  else if (ownership === 'wishlist') candidates = catalog.carsOf([...wishlist]);
  else if (brand) candidates = catalog.carsOfBrand(brand);
  else candidates = catalog.cars;

  const matches = candidates.filter((car) => {
    if (brand && car.brand !== brand) return false;
    if (year !== null && car.year !== year) return false;
    if (series && car.series !== series) return false;
    if (huntType && car.huntType !== huntType) return false;
    const instances = owned.get(car.id);
    if (ownership === 'owned' && !instances?.length) return false;
    if (ownership === 'missing' && instances?.length) return false;
    if (ownership === 'wishlist' && !wishlist.has(car.id)) return false;
    if (condition && !instances?.some((instance) => instance.condition === condition)) {
      return false;
    }
    return true;
  });
  return matches.sort((a, b) => b.year - a.year || compareText(a.name, b.name));
}
