// The catalogue's shape as the server stores it and the device downloads it (GET /api/catalog).

export const BRANDS = ['Hot Wheels', 'Matchbox'] as const;
export type Brand = (typeof BRANDS)[number];

/**
 * What kind of release a car is. 'Mainline 5-Pack' cars belong to a five-pack set whose id is the
 * car's fivePackId; 'Exclusive' is a retailer-only release (its retailer is the car's category).
 */
export const CAR_TYPES = ['Mainline', 'Mainline 5-Pack', 'Series', 'Premium', 'Exclusive'] as const;
export type CarType = (typeof CAR_TYPES)[number];

export const HUNT_TYPES = ['TH', 'STH'] as const;
export type HuntType = (typeof HUNT_TYPES)[number];

/** The series name that makes a set a five-pack (docs/product.md set links). */
export const FIVE_PACK_SERIES = 'Mainline 5-Pack';

export interface CatalogCar {
  /** Stable across re-imports: derived from brand, year and toy number (see build-catalog). */
  id: string;
  toyNumber: string | null;
  collectorNumber: string | null;
  /** Casting name, e.g. "'67 Camaro". */
  name: string;
  image: string | null;
  series: string | null;
  /** Position in its series as printed on the card, e.g. "3/10". */
  seriesNumber: string | null;
  year: number;
  color: string | null;
  setName: string | null;
  type: CarType;
  /** Exclusive category (retailer), e.g. 'Target Red Edition'; null for open-stock releases. */
  category: string | null;
  huntType: HuntType | null;
  brand: Brand;
  retailPrice: number | null;
  setRetailPrice: number | null;
  carsInSet: number | null;
  setId: string | null;
  fivePackId: string | null;
}

/** A set as in docs/product.md (id, series, year, name, carIds) plus what the screens need. */
export interface CatalogSet {
  id: string;
  series: string;
  year: number;
  name: string;
  brand: Brand;
  carIds: string[];
  retailPrice: number | null;
}

/** One car as an import source describes it, before ids and sets are derived. */
export interface CatalogCarInput {
  toyNumber: string | null;
  collectorNumber: string | null;
  name: string;
  image: string | null;
  series: string | null;
  seriesNumber: string | null;
  year: number;
  color: string | null;
  type: CarType;
  category: string | null;
  huntType: HuntType | null;
  brand: Brand;
  retailPrice: number | null;
  setRetailPrice: number | null;
  /**
   * The set's own name when it is not the series: a five-pack's name ('HW Getaway 5-Pack').
   * Null means "derive it" (a series set is named after its series).
   */
  setName: string | null;
  fivePackId: string | null;
}

export interface Catalog {
  version: string;
  cars: CatalogCar[];
  sets: CatalogSet[];
}
