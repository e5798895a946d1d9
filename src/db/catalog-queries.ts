// What the catalogue screens ask of the catalogue on the device, answered from memory with no
// network: year lists, a year's cars, exclusives, five-packs, series and their sets, a car with
// its set, and the filter's choices. Pure over a CatalogIndex, so each is tested alone.
import { nameSlug } from '../shared/catalog/names';
import {
  FIVE_PACK_SERIES,
  type Brand,
  type CarType,
  type CatalogSet,
} from '../shared/catalog/types';
import type { CarRow, CatalogIndex } from './catalog-index';
import { sortForListing } from './catalog-listing';
import { compareText } from '../shared/text/locale-text';

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

/** One pass over the cars per catalogue version, kept with the catalogue it came from. */
const overviews = new WeakMap<CatalogIndex, CatalogOverview>();

function overviewOf(catalog: CatalogIndex): CatalogOverview {
  const cached = overviews.get(catalog);
  if (cached) return cached;
  const overview: CatalogOverview = { byBrandTypeYear: new Map(), exclusives: new Map() };
  for (const car of catalog.cars) {
    const slot = `${car.brand}|${car.type}|${car.year}`;
    overview.byBrandTypeYear.set(slot, (overview.byBrandTypeYear.get(slot) ?? 0) + 1);
    if (car.type === 'Exclusive' && car.category) {
      const years = overview.exclusives.get(car.category) ?? new Map<number, number>();
      years.set(car.year, (years.get(car.year) ?? 0) + 1);
      overview.exclusives.set(car.category, years);
    }
  }
  overviews.set(catalog, overview);
  return overview;
}

function newestFirst(counts: Map<number, number>): YearCount[] {
  return [...counts].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year);
}

/** Years of a brand (optionally one type of release) with their number of cars, newest first. */
export function yearCounts(catalog: CatalogIndex, brand: Brand, type?: CarType): YearCount[] {
  const counts = new Map<number, number>();
  for (const [slot, count] of overviewOf(catalog).byBrandTypeYear) {
    const [slotBrand, slotType, year] = slot.split('|') as [string, string, string];
    if (slotBrand !== brand || (type && slotType !== type)) continue;
    counts.set(Number(year), (counts.get(Number(year)) ?? 0) + count);
  }
  return newestFirst(counts);
}

/** Retailer categories of 'Exclusive' cars, alphabetical. */
export function exclusiveCategories(catalog: CatalogIndex): ExclusiveCategory[] {
  return [...overviewOf(catalog).exclusives]
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
    .sort((a, b) => compareText(a.name, b.name));
}

/** One exclusive category (by its slug or name) and its years, newest first. */
export function exclusiveYears(
  catalog: CatalogIndex,
  categoryParam: string,
): { name: string; years: YearCount[] } | null {
  const wanted = nameSlug(categoryParam);
  for (const [name, years] of overviewOf(catalog).exclusives) {
    if (nameSlug(name) === wanted) return { name, years: newestFirst(years) };
  }
  return null;
}

/** Cars of a brand in a year, optionally one type of release, in listing order. */
export function brandYearCars(
  catalog: CatalogIndex,
  brand: Brand,
  year: number,
  type?: CarType,
): CarRow[] {
  return sortForListing(catalog.carsOfBrandYear(brand, year, type));
}

/** The Hot Wheels 'Mainline' cars of a year. */
export function mainlineCars(catalog: CatalogIndex, year: number): CarRow[] {
  return brandYearCars(catalog, 'Hot Wheels', year, 'Mainline');
}

/** The cars of one exclusive category in one year. */
export function exclusiveCars(
  catalog: CatalogIndex,
  categoryParam: string,
  year: number,
): { name: string | null; cars: CarRow[] } {
  const wanted = nameSlug(categoryParam);
  const cars = catalog
    .carsOfYear(year)
    .filter(
      (car) => car.type === 'Exclusive' && !!car.category && nameSlug(car.category) === wanted,
    );
  return { name: cars[0]?.category ?? null, cars: sortForListing(cars) };
}

/** The five-packs of a year, by name. */
export function fivePacksOfYear(catalog: CatalogIndex, year: number): CatalogSet[] {
  return catalog
    .setsOfYearList(year)
    .filter((set) => set.series === FIVE_PACK_SERIES)
    .sort((a, b) => compareText(a.name, b.name));
}

export interface SeriesIndex {
  /** The series as the catalogue spells it, or null when no series has this slug. */
  series: string | null;
  /** Its sets, newest first. */
  sets: CatalogSet[];
  /** Its cars when it has no sets (a series without numbered positions), newest first. */
  cars: CarRow[];
}

/** A series by its slug (docs/product.md): its sets, or its cars when it makes no set. */
export function seriesIndex(catalog: CatalogIndex, slugParam: string): SeriesIndex {
  const wanted = nameSlug(slugParam);
  const sets = catalog.sets
    .filter((set) => nameSlug(set.series) === wanted)
    .sort((a, b) => b.year - a.year || compareText(a.name, b.name));
  if (sets[0]) return { series: sets[0].series, sets, cars: [] };
  // In key order, as the old indexed lookup found it when two spellings share a slug.
  const names = catalog.seriesList().sort();
  const series = names.find((name) => nameSlug(name) === wanted) ?? null;
  if (!series) return { series: null, sets: [], cars: [] };
  return {
    series,
    sets: [],
    cars: sortForListing(catalog.carsOfSeries(series)).sort((a, b) => b.year - a.year),
  };
}

/** A set and its cars in the set's order (cars missing from the catalogue are left out). */
export function setWithCars(
  catalog: CatalogIndex,
  setId: string,
): { set: CatalogSet; cars: CarRow[] } | null {
  const set = catalog.set(setId);
  return set ? { set, cars: catalog.carsOf(set.carIds) } : null;
}

/** A car and the set it belongs to (its five-pack or its series set), if any. */
export function carWithSet(
  catalog: CatalogIndex,
  carId: string,
): { car: CarRow; set: CatalogSet | null } | null {
  const car = catalog.car(carId);
  if (!car) return null;
  const setId = car.setId ?? car.fivePackId;
  return { car, set: setId ? (catalog.set(setId) ?? null) : null };
}

export interface FilterOptions {
  years: number[];
  series: string[];
}

/** The years and series the filter selects offer, from the device's catalogue. */
export function filterOptions(catalog: CatalogIndex): FilterOptions {
  return {
    years: catalog.yearList().sort((a, b) => b - a),
    series: catalog.seriesList().sort((a, b) => compareText(a, b)),
  };
}
