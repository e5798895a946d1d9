// The collection object of docs/product.md and the per-user state that mutations change.

export const CONDITIONS = ['carded', 'loose', 'boxed', 'damaged card'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const GRADES = ['Mint', 'Near Mint', 'Excellent', 'Good', 'Fair', 'Poor'] as const;
export type Grade = (typeof GRADES)[number];

export const DEFAULT_CONDITION: Condition = 'carded';
export const DEFAULT_GRADE: Grade = 'Good';
export const DEFAULT_PURCHASE_PRICE = 0;

export interface CarInstance {
  instanceId: string;
  condition: Condition;
  grade: Grade;
  purchasePrice: number;
  /** Calendar date 'YYYY-MM-DD', or null when not known. */
  purchaseDate: string | null;
  notes: string;
  purchasePlace: string;
  /** ISO timestamp of when the collector added it (drives "recently added"). */
  dateAdded: string;
}

export interface OwnedCar {
  carId: string;
  isFavorite: boolean;
  instances: CarInstance[];
}

export interface SetInstance {
  instanceId: string;
  purchasePrice: number;
  dateAdded: string;
  purchaseDate: string | null;
  notes: string;
  purchasePlace: string;
}

export interface OwnedSet {
  setId: string;
  instances: SetInstance[];
}

export interface ListItem {
  id: string;
  addedAt: string;
  /**
   * Wishlist cars only: the most the collector means to pay, in their currency. Absent when not
   * said (never null or 0-for-none), so the device and the server build the same object.
   */
  maxPrice?: number;
  /** Wishlist cars only: a note to themselves ('only carded', 'the blue one'); absent when empty. */
  note?: string;
}

export interface TradeSellCar {
  carId: string;
  forTrade: number;
  forSale: number;
}

export interface TradeSellSet {
  setId: string;
  forTrade: number;
  forSale: number;
}

/**
 * Exactly the collection object of docs/product.md. Every array is in insertion order: rules only append
 * or remove, never reorder, and the server stores a sequence number per row to keep that order.
 */
export interface Collection {
  ownedCars: OwnedCar[];
  ownedSets: OwnedSet[];
  favoriteCarIds: ListItem[];
  wishlistCarIds: ListItem[];
  favoriteSetIds: ListItem[];
  wishlistSetIds: ListItem[];
  tradeSellSets: TradeSellSet[];
  tradeSellCars: TradeSellCar[];
}

/** The profile fields that replayable mutations change (docs/api.md users/tutorials calls). */
export interface ProfilePreferences {
  completedTutorials: string[];
  settings: Record<string, unknown>;
}

/** Everything a replayable mutation reads and writes for one user. */
export interface UserState {
  collection: Collection;
  preferences: ProfilePreferences;
}

export function emptyCollection(): Collection {
  return {
    ownedCars: [],
    ownedSets: [],
    favoriteCarIds: [],
    wishlistCarIds: [],
    favoriteSetIds: [],
    wishlistSetIds: [],
    tradeSellSets: [],
    tradeSellCars: [],
  };
}

export function emptyUserState(): UserState {
  return { collection: emptyCollection(), preferences: { completedTutorials: [], settings: {} } };
}

/** Profile totals are derived, never stored apart from the instances they count. */
export function collectionTotals(collection: Collection): {
  totalCarCount: number;
  totalSetCount: number;
} {
  let totalCarCount = 0;
  for (const car of collection.ownedCars) totalCarCount += car.instances.length;
  let totalSetCount = 0;
  for (const set of collection.ownedSets) totalSetCount += set.instances.length;
  return { totalCarCount, totalSetCount };
}
