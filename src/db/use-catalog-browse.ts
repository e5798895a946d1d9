// Catalogue browsing on the device, with no network: year lists, a year's cars, series and their
// sets, exclusives, brands, a car with its set, the collector's marks, and the /filter query.
// Each screen hook wraps a pure async query over a GarageDb so the queries can be tested alone.
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  BRANDS,
  FIVE_PACK_SERIES,
  type Brand,
  type CarType,
  type CatalogSet,
  type HuntType,
} from '../shared/catalog/types';
import type { CarInstance, Condition, SetInstance } from '../shared/collection/types';
import { storedCatalogVersion } from './catalog-store';
import { deviceDb } from './device-db';
import type { CarRow, GarageDb } from './garage-db';
import { wordsOf } from './search-words';

// ---- Names in URLs ---------------------------------------------------------------------------

/** SPEC §2 set links: a series name lowercased with spaces replaced by hyphens. */
export function nameSlug(name: string): string {
  return name.toLowerCase().replace(/ /g, '-');
}

/** A route parameter as typed or linked: percent-decoded when it can be, else as it is. */
export function decodeParam(param: string | undefined): string {
  if (!param) return '';
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** 'Hot Wheels', 'hot-wheels', 'HOT%20WHEELS' → 'Hot Wheels'; null for an unknown brand. */
export function brandFromParam(param: string | undefined): Brand | null {
  const wanted = nameSlug(decodeParam(param).trim());
  return BRANDS.find((brand) => nameSlug(brand) === wanted) ?? null;
}

/** The `year` route parameter as a year, or null when it is not one. */
export function yearFromParam(param: string | undefined): number | null {
  if (!param || !/^\d{4}$/.test(param)) return null;
  return Number(param);
}

// ---- Catalogue overview (year lists, exclusive categories) -----------------------------------

export interface YearCount {
  year: number;
  count: number;
}

export interface ExclusiveCategory {
  name: string;
  slug: string;
  count: number;
  firstYear: number;
  lastYear: number;
}

interface CatalogOverview {
  /** `${brand}|${type}|${year}` → number of cars. */
  byBrandTypeYear: Map<string, number>;
  /** Exclusive category → year → number of cars. */
  exclusives: Map<string, Map<number, number>>;
}

/**
 * The year lists need every car's brand, type and year. The catalogue only changes when a new
 * version is downloaded, so one pass per version is kept (keyed by database and version).
 */
const overviewCache = new Map<string, CatalogOverview>();

async function catalogOverview(db: GarageDb): Promise<CatalogOverview> {
  const [version, total] = await Promise.all([storedCatalogVersion(db), db.cars.count()]);
  const key = `${db.name}|${version ?? ''}|${total}`;
  const cached = overviewCache.get(key);
  if (cached) return cached;
  const overview: CatalogOverview = { byBrandTypeYear: new Map(), exclusives: new Map() };
  // One getAll is several times faster than a cursor over ~12,000 rows.
  for (const car of await db.cars.toArray()) {
    const slot = `${car.brand}|${car.type}|${car.year}`;
    overview.byBrandTypeYear.set(slot, (overview.byBrandTypeYear.get(slot) ?? 0) + 1);
    if (car.type === 'Exclusive' && car.category) {
      const years = overview.exclusives.get(car.category) ?? new Map<number, number>();
      years.set(car.year, (years.get(car.year) ?? 0) + 1);
      overview.exclusives.set(car.category, years);
    }
  }
  overviewCache.clear();
  overviewCache.set(key, overview);
  return overview;
}

function newestFirst(counts: Map<number, number>): YearCount[] {
  return [...counts].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year);
}

/** Years of a brand (optionally one type of release) with their number of cars, newest first. */
export async function yearCounts(db: GarageDb, brand: Brand, type?: CarType): Promise<YearCount[]> {
  const overview = await catalogOverview(db);
  const counts = new Map<number, number>();
  for (const [slot, count] of overview.byBrandTypeYear) {
    const [slotBrand, slotType, year] = slot.split('|') as [string, string, string];
    if (slotBrand !== brand || (type && slotType !== type)) continue;
    counts.set(Number(year), (counts.get(Number(year)) ?? 0) + count);
  }
  return newestFirst(counts);
}

/** Retailer categories of 'Exclusive' cars, alphabetical. */
export async function exclusiveCategories(db: GarageDb): Promise<ExclusiveCategory[]> {
  const overview = await catalogOverview(db);
  return [...overview.exclusives]
    .map(([name, years]) => {
      const list = [...years.keys()];
      return {
        name,
        slug: nameSlug(name),
        count: [...years.values()].reduce((sum, n) => sum + n, 0),
        firstYear: Math.min(...list),
        lastYear: Math.max(...list),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One exclusive category (by its slug or name) and its years, newest first. */
export async function exclusiveYears(
  db: GarageDb,
  categoryParam: string,
): Promise<{ name: string; years: YearCount[] } | null> {
  const overview = await catalogOverview(db);
  const wanted = nameSlug(categoryParam);
  for (const [name, years] of overview.exclusives) {
    if (nameSlug(name) === wanted) return { name, years: newestFirst(years) };
  }
  return null;
}

// ---- Car lists --------------------------------------------------------------------------------

/** Cars of a brand in a year, optionally one type of release. */
export async function brandYearCars(
  db: GarageDb,
  brand: Brand,
  year: number,
  type?: CarType,
): Promise<CarRow[]> {
  const cars = await db.cars.where('[brand+year]').equals([brand, year]).toArray();
  return sortForListing(type ? cars.filter((car) => car.type === type) : cars);
}

/** The Hot Wheels 'Mainline' cars of a year. */
export function mainlineCars(db: GarageDb, year: number): Promise<CarRow[]> {
  return brandYearCars(db, 'Hot Wheels', year, 'Mainline');
}

/** The cars of one exclusive category in one year. */
export async function exclusiveCars(
  db: GarageDb,
  categoryParam: string,
  year: number,
): Promise<{ name: string | null; cars: CarRow[] }> {
  const wanted = nameSlug(categoryParam);
  const cars = await db.cars
    .where('year')
    .equals(year)
    .filter(
      (car) => car.type === 'Exclusive' && !!car.category && nameSlug(car.category) === wanted,
    )
    .toArray();
  return { name: cars[0]?.category ?? null, cars: sortForListing(cars) };
}

/** The five-packs of a year, by name. */
export async function fivePacksOfYear(db: GarageDb, year: number): Promise<CatalogSet[]> {
  const sets = await db.sets
    .where('year')
    .equals(year)
    .filter((set) => set.series === FIVE_PACK_SERIES)
    .toArray();
  return sets.sort((a, b) => a.name.localeCompare(b.name));
}

/** 'k/N' → k; anything else → null. */
function position(seriesNumber: string | null): number | null {
  const match = seriesNumber ? /^(\d+)/.exec(seriesNumber) : null;
  return match ? Number(match[1]) : null;
}

/** '123/250' → 123; none → null. */
function collectorOrder(collectorNumber: string | null): number | null {
  const match = collectorNumber ? /^(\d+)/.exec(collectorNumber) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The order collectors read a year in: by collector number where cars have one, then by series
 * and position in the series, then by name.
 */
export function sortForListing<T extends CarRow>(cars: T[]): T[] {
  const big = Number.MAX_SAFE_INTEGER;
  return [...cars].sort(
    (a, b) =>
      (collectorOrder(a.collectorNumber) ?? big) - (collectorOrder(b.collectorNumber) ?? big) ||
      (a.series ?? '').localeCompare(b.series ?? '') ||
      (position(a.seriesNumber) ?? big) - (position(b.seriesNumber) ?? big) ||
      a.name.localeCompare(b.name),
  );
}

export interface CarGroup {
  title: string;
  cars: CarRow[];
}

/**
 * Cars grouped under series headers, each series where its first car comes in the listing
 * order, cars inside a series by their position ('3/10').
 */
export function groupBySeries(cars: CarRow[]): CarGroup[] {
  const groups = new Map<string, CarRow[]>();
  for (const car of sortForListing(cars)) {
    const title = car.series ?? 'Other';
    const group = groups.get(title);
    if (group) group.push(car);
    else groups.set(title, [car]);
  }
  const big = Number.MAX_SAFE_INTEGER;
  return [...groups].map(([title, members]) => ({
    title,
    cars: members.sort(
      (a, b) =>
        (position(a.seriesNumber) ?? big) - (position(b.seriesNumber) ?? big) ||
        (collectorOrder(a.collectorNumber) ?? big) - (collectorOrder(b.collectorNumber) ?? big) ||
        a.name.localeCompare(b.name),
    ),
  }));
}

/** Keeps the cars whose words start with every typed word (the in-page filter box). */
export function narrowCars<T extends CarRow>(cars: T[], text: string): T[] {
  const typed = wordsOf(text);
  if (typed.length === 0) return cars;
  return cars.filter((car) => {
    const words = [...car.words, ...wordsOf(car.series), ...wordsOf(car.color)];
    return typed.every((word) => words.some((w) => w.startsWith(word)));
  });
}

// ---- Series and sets --------------------------------------------------------------------------

export interface SeriesIndex {
  /** The series as the catalogue spells it, or null when no series has this slug. */
  series: string | null;
  /** Its sets, newest first. */
  sets: CatalogSet[];
  /** Its cars when it has no sets (a series without numbered positions), newest first. */
  cars: CarRow[];
}

/** A series by its slug (SPEC §2): its sets, or its cars when it makes no set. */
export async function seriesIndex(db: GarageDb, slugParam: string): Promise<SeriesIndex> {
  const wanted = nameSlug(slugParam);
  const sets = (await db.sets.filter((set) => nameSlug(set.series) === wanted).toArray()).sort(
    (a, b) => b.year - a.year || a.name.localeCompare(b.name),
  );
  if (sets[0]) return { series: sets[0].series, sets, cars: [] };
  const names = (await db.cars.orderBy('series').uniqueKeys()) as string[];
  const series = names.find((name) => nameSlug(name) === wanted) ?? null;
  if (!series) return { series: null, sets: [], cars: [] };
  const cars = await db.cars.where('series').equals(series).toArray();
  return {
    series,
    sets: [],
    cars: sortForListing(cars).sort((a, b) => b.year - a.year),
  };
}

/** A set and its cars in the set's order (cars missing from the device are left out). */
export async function setWithCars(
  db: GarageDb,
  setId: string,
): Promise<{ set: CatalogSet; cars: CarRow[] } | null> {
  const set = await db.sets.get(setId);
  if (!set) return null;
  const cars = (await db.cars.bulkGet(set.carIds)).filter((car): car is CarRow => !!car);
  return { set, cars };
}

/** A car and the set it belongs to (its five-pack or its series set), if any. */
export async function carWithSet(
  db: GarageDb,
  carId: string,
): Promise<{ car: CarRow; set: CatalogSet | null } | null> {
  const car = await db.cars.get(carId);
  if (!car) return null;
  const setId = car.setId ?? car.fivePackId;
  const set = setId ? ((await db.sets.get(setId)) ?? null) : null;
  return { car, set };
}

// ---- The collector's marks -------------------------------------------------------------------

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
    db.ownedCars.bulkGet(carIds.map((carId) => [userId, carId] as [string, string])),
    db.listItems.bulkGet(carIds.map((id) => [userId, 'favoriteCarIds', id] as const)),
    db.listItems.bulkGet(carIds.map((id) => [userId, 'wishlistCarIds', id] as const)),
  ]);
  carIds.forEach((carId, index) => {
    const count = owned[index]?.instances.length ?? 0;
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
        db.ownedCars.bulkGet(carIds.map((carId) => [userId, carId] as [string, string])),
        db.ownedSets.bulkGet(sets.map((set) => [userId, set.id] as [string, string])),
      ])
    : [[], []];
  const ownedIds = new Set(carIds.filter((_, index) => ownedCars[index]?.instances.length ?? 0));
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

export interface FilterOptions {
  years: number[];
  series: string[];
}

/** The years and series the filter selects offer, from the device's catalogue. */
export async function filterOptions(db: GarageDb): Promise<FilterOptions> {
  const [years, series] = await Promise.all([
    db.cars.orderBy('year').uniqueKeys(),
    db.cars.orderBy('series').uniqueKeys(),
  ]);
  return {
    years: (years as number[]).sort((a, b) => b - a),
    series: (series as string[]).sort((a, b) => a.localeCompare(b)),
  };
}

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
 * Cars matching every filter given, newest first. The narrowest index picks the candidates
 * (brand and year, year, series, hunt type, the collector's own cars, brand), the rest is
 * checked on each candidate.
 */
export async function filterCatalog(
  db: GarageDb,
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

  let candidates: CarRow[];
  if (brand && year !== null) {
    candidates = await db.cars.where('[brand+year]').equals([brand, year]).toArray();
  } else if (year !== null) {
    candidates = await db.cars.where('year').equals(year).toArray();
  } else if (series) {
    candidates = await db.cars.where('series').equals(series).toArray();
  } else if (huntType) {
    candidates = await db.cars.where('huntType').equals(huntType).toArray();
  } else if (ownership === 'owned' || condition) {
    candidates = (await db.cars.bulkGet([...owned.keys()])).filter((car): car is CarRow => !!car);
  } else if (ownership === 'wishlist') {
    candidates = (await db.cars.bulkGet([...wishlist])).filter((car): car is CarRow => !!car);
  } else if (brand) {
    candidates = await db.cars.where('brand').equals(brand).toArray();
  } else {
    candidates = await db.cars.toArray();
  }

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
  return matches.sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));
}

// ---- Hooks (the device's database, live) ------------------------------------------------------

export function useYearCounts(brand: Brand | null, type?: CarType): YearCount[] | undefined {
  return useLiveQuery(async () => (brand ? yearCounts(deviceDb, brand, type) : []), [brand, type]);
}

export function useExclusiveCategories(): ExclusiveCategory[] | undefined {
  return useLiveQuery(() => exclusiveCategories(deviceDb), []);
}

export function useExclusiveYears(categoryParam: string) {
  return useLiveQuery(
    async () => ({ found: await exclusiveYears(deviceDb, categoryParam) }),
    [categoryParam],
  );
}

export function useBrandYearCars(
  brand: Brand | null,
  year: number | null,
  type?: CarType,
): CarRow[] | undefined {
  return useLiveQuery(
    async () => (brand && year !== null ? brandYearCars(deviceDb, brand, year, type) : []),
    [brand, year, type],
  );
}

export function useExclusiveCars(categoryParam: string, year: number | null) {
  return useLiveQuery(
    async () =>
      year === null ? { name: null, cars: [] } : exclusiveCars(deviceDb, categoryParam, year),
    [categoryParam, year],
  );
}

export function useFivePacksOfYear(year: number | null): CatalogSet[] | undefined {
  return useLiveQuery(async () => (year === null ? [] : fivePacksOfYear(deviceDb, year)), [year]);
}

export function useSeriesIndex(slugParam: string): SeriesIndex | undefined {
  return useLiveQuery(() => seriesIndex(deviceDb, slugParam), [slugParam]);
}

export function useSetWithCars(setId: string) {
  return useLiveQuery(async () => ({ found: await setWithCars(deviceDb, setId) }), [setId]);
}

export function useCarWithSet(carId: string) {
  return useLiveQuery(async () => ({ found: await carWithSet(deviceDb, carId) }), [carId]);
}

export function useCarMarks(userId: string | null, carIds: readonly string[]): CarMarks {
  const key = carIds.join('|');
  return (
    useLiveQuery(
      () => carMarks(deviceDb, userId, carIds),
      // The ids' content, not the array's identity, decides when to re-query.
      [userId, key],
    ) ?? EMPTY_MARKS
  );
}
const EMPTY_MARKS = emptyMarks();

export function useOwnedCarState(userId: string | null, carId: string): OwnedCarState | undefined {
  return useLiveQuery(() => ownedCarState(deviceDb, userId, carId), [userId, carId]);
}

export function useSetsProgress(
  userId: string | null,
  sets: readonly CatalogSet[] | undefined,
): Map<string, SetProgress> | undefined {
  const key = sets?.map((set) => set.id).join('|') ?? '';
  return useLiveQuery(
    async () => (sets ? setsProgress(deviceDb, userId, sets) : undefined),
    [userId, key],
  );
}

export function useOwnedSetState(
  userId: string | null,
  set: CatalogSet | null | undefined,
): OwnedSetState | undefined {
  return useLiveQuery(
    async () => (set ? ownedSetState(deviceDb, userId, set) : undefined),
    [userId, set?.id],
  );
}

export function useFilterOptions(): FilterOptions | undefined {
  return useLiveQuery(() => filterOptions(deviceDb), []);
}

export function useFilteredCatalog(
  userId: string | null,
  filters: CatalogFilters,
): CarRow[] | undefined {
  const { brand, year, series, huntType, ownership, condition } = filters;
  return useLiveQuery(
    () => filterCatalog(deviceDb, userId, { brand, year, series, huntType, ownership, condition }),
    [userId, brand, year, series, huntType, ownership, condition],
  );
}

/** Number of cars on the device (0 until the first catalogue download has been stored). */
export function useCatalogSize(): number | undefined {
  return useLiveQuery(() => deviceDb.cars.count(), []);
}
