// The catalogue screens' hooks: queries over the catalogue in memory (db/catalog-queries.ts) and
// the collector's marks from their rows (db/collector-marks.ts), re-rendered when either changes.
// undefined while the catalogue is being read.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { Brand, CarType, CatalogSet } from '../shared/catalog/types';
import { CatalogIndex, type CarRow } from '../db/catalog-index';
import {
  brandYearCars,
  carWithSet,
  exclusiveCars,
  exclusiveCategories,
  exclusiveYears,
  filterOptions,
  fivePacksOfYear,
  seriesIndex,
  setWithCars,
  yearCounts,
  type ExclusiveCategory,
  type FilterOptions,
  type SeriesIndex,
  type YearCount,
} from '../db/catalog-queries';
import {
  carMarks,
  emptyMarks,
  filterCatalog,
  ownedCarState,
  ownedSetState,
  setsProgress,
  type CarMarks,
  type CatalogFilters,
  type OwnedCarState,
  type OwnedSetState,
  type SetProgress,
} from '../db/collector-marks';
import { deviceDb } from '../db/device-db';
import { useDeviceCatalog } from './use-device-catalog';

/** No catalogue on the device yet answers like an empty one; undefined while it is read. */
const NO_CATALOG = new CatalogIndex({ version: '', cars: [], sets: [] });
function useCatalogOrEmpty(): CatalogIndex | undefined {
  const catalog = useDeviceCatalog();
  return catalog === null ? NO_CATALOG : catalog;
}

export function useYearCounts(brand: Brand | null, type?: CarType): YearCount[] | undefined {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return brand ? yearCounts(catalog, brand, type) : [];
  }, [catalog, brand, type]);
}

export function useExclusiveCategories(): ExclusiveCategory[] | undefined {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return exclusiveCategories(catalog);
  }, [catalog]);
}

export function useExclusiveYears(categoryParam: string) {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return { found: exclusiveYears(catalog, categoryParam) };
  }, [catalog, categoryParam]);
}

export function useBrandYearCars(
  brand: Brand | null,
  year: number | null,
  type?: CarType,
): CarRow[] | undefined {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return brand && year !== null ? brandYearCars(catalog, brand, year, type) : [];
  }, [catalog, brand, year, type]);
}

export function useExclusiveCars(categoryParam: string, year: number | null) {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return year === null ? { name: null, cars: [] } : exclusiveCars(catalog, categoryParam, year);
  }, [catalog, categoryParam, year]);
}

export function useFivePacksOfYear(year: number | null): CatalogSet[] | undefined {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return year === null ? [] : fivePacksOfYear(catalog, year);
  }, [catalog, year]);
}

export function useSeriesIndex(slugParam: string): SeriesIndex | undefined {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return seriesIndex(catalog, slugParam);
  }, [catalog, slugParam]);
}

export function useSetWithCars(setId: string) {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return { found: setWithCars(catalog, setId) };
  }, [catalog, setId]);
}

export function useCarWithSet(carId: string) {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return { found: carWithSet(catalog, carId) };
  }, [catalog, carId]);
}

export function useFilterOptions(): FilterOptions | undefined {
  const catalog = useCatalogOrEmpty();
  return useMemo(() => {
    if (!catalog) return undefined;
    return filterOptions(catalog);
  }, [catalog]);
}

/** Number of cars on the device (0 until the first catalogue download has been stored). */
export function useCatalogSize(): number | undefined {
  const catalog = useCatalogOrEmpty();
  return catalog === undefined ? undefined : (catalog?.cars.length ?? 0);
}

const EMPTY_MARKS = emptyMarks();

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

export function useFilteredCatalog(
  userId: string | null,
  filters: CatalogFilters,
): CarRow[] | undefined {
  const catalog = useCatalogOrEmpty();
  const { brand, year, series, huntType, ownership, condition } = filters;
  return useLiveQuery(
    async () =>
      catalog
        ? filterCatalog(deviceDb, catalog, userId, {
            brand,
            year,
            series,
            huntType,
            ownership,
            condition,
          })
        : undefined,
    [catalog, userId, brand, year, series, huntType, ownership, condition],
  );
}
