// The rows of the device's database (src/db/garage-db.ts), table by table: what each store holds.
import type { CarInstance, ListItem, SetInstance, UserState } from '../shared/collection/types';

/**
 * The collection is stored as rows keyed by user, never as one document, so a change rewrites
 * only the rows it touches (a 10,000-car collection costs the same per change as an empty one).
 * `seq` keeps the insertion order; `instanceIds` lets a new id be checked for collisions. (docs/product.md)
 */
export interface OwnedCarRow {
  userId: string;
  carId: string;
  seq: number;
  isFavorite: boolean;
  instances: CarInstance[];
  instanceIds: string[];
}

export interface OwnedSetRow {
  userId: string;
  setId: string;
  seq: number;
  instances: SetInstance[];
  instanceIds: string[];
}

export const LIST_NAMES = [
  'favoriteCarIds',
  'wishlistCarIds',
  'favoriteSetIds',
  'wishlistSetIds',
] as const;
export type ListName = (typeof LIST_NAMES)[number];

export interface ListItemRow extends ListItem {
  userId: string;
  list: ListName;
  seq: number;
}

export interface TradeSellRow {
  userId: string;
  kind: 'car' | 'set';
  id: string;
  seq: number;
  forTrade: number;
  forSale: number;
}

/**
 * The local profile: the server's answer, with preferences kept current locally. The collector's
 * totals on this device are in the device counters row (db/device-counters.ts), which every
 * change writes anyway: so an add writes no profile.
 */
export interface ProfileRow {
  userId: string;
  username: string | null;
  completedTutorials: string[];
  settings: Record<string, unknown>;
  subscription: { status: string | null };
}

/** The last state the server answered: the base every rebase starts from. */
export interface SnapshotRow {
  userId: string;
  /**
   * The state as JSON, the text its fingerprint is taken of: one string is stored in about the
   * time it takes to copy it, where structured cloning a large state was a long wait inside the
   * rebase's transaction, with every change waiting behind it
   * (docs/decisions/0008-rebase-on-the-copy-snapshot-as-json.md).
   */
  stateJson?: string;
  /** The state as rows stored before stateJson: still read, never written. */
  state?: UserState;
  pulledAt: string;
}

/** One queued change: `key` is `<clientId>:<seq>`, sent as the Idempotency-Key. */
export interface OutboxRow {
  key: string;
  userId: string;
  seq: number;
  name: string;
  args: unknown;
  createdAt: string;
  /** Server errors (5xx from our API) it got when sent alone, in a row; absent when none. */
  failures?: number;
  /** The last of those errors. */
  lastError?: string;
}

/** A change our API kept failing on, out of the sending order until the collector decides. */
export interface SetAsideRow extends OutboxRow {
  lastError: string;
  setAsideAt: string;
}

/** A community GET answer kept for offline reading (the feed, profiles, listings, tutorials). */
export interface CommunityCacheRow {
  /** The request path, e.g. '/api/posts/feed?scope=everyone'. */
  key: string;
  /** Whose view it is ('' for signed-out reads): a shared device never shows another's view. */
  userId: string;
  body: unknown;
  fetchedAt: string;
}

/** A photo picked for a post (or avatar) while offline: uploaded before its outbox entry. */
export interface PhotoUploadRow {
  /** The photo id the device made; the post's photoIds name it. */
  id: string;
  userId: string;
  contentType: string;
  blob: Blob;
  createdAt: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}
