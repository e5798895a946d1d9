// A collector's collection on its way onto this device: their first snapshot is written in steps
// (src/local-store/collection-fill.ts), and until the last step the screens must not answer 'you don't
// own this' for a car that simply has not arrived yet. The step's progress lives in `meta`.
import type { GarageDb } from './garage-db';

/** What the steps have written so far, and the row seqs they keep for the snapshot's cars. */
export interface ArrivalProgress {
  /** Cars written so far, of `total`. */
  written: number;
  total: number;
  /** The first of the `reserved` row seqs set aside for the cars being filled, in their order. */
  seqFrom: number;
  reserved: number;
}

/** What an ownership answer says instead of 'not owned' while the collection is arriving. */
export const NOT_HERE_YET = 'Not on this device yet: your collection is still arriving';

/** What the collector's totals say instead of '0 cars' while the collection is arriving. */
export const ON_ITS_WAY = 'Your collection is on its way';

export const arrivalKey = (userId: string) => `collectionArrival:${userId}`;

/** The progress of `userId`'s fill, inside the caller's transaction (null: none under way). */
export async function readArrival(db: GarageDb, userId: string): Promise<ArrivalProgress | null> {
  const row = await db.meta.get(arrivalKey(userId));
  return row ? (row.value as ArrivalProgress) : null;
}

export async function writeArrival(
  db: GarageDb,
  userId: string,
  progress: ArrivalProgress,
): Promise<void> {
  await db.meta.put({ key: arrivalKey(userId), value: progress });
}

/** In the rebase that ends a fill: every car is there now. */
export async function endArrival(db: GarageDb, userId: string): Promise<void> {
  await db.meta.delete(arrivalKey(userId));
}

/**
 * Where the collector's collection stands on this device, for the screens:
 * - 'waiting': never pulled here yet (a new device, before its first sync lands);
 * - 'arriving': being written in steps, `written` of `total` cars there so far;
 * - 'here': every car the server holds has been written here at least once.
 */
export type CollectionArrival =
  { state: 'waiting' } | { state: 'arriving'; written: number; total: number } | { state: 'here' };

const startedHereKey = (userId: string) => `collectionStartedHere:${userId}`;

/**
 * The collector signed up on this device: their collection began empty here, so it is all here
 * before any pull (a new collector who goes offline at once is not told their cars are on their
 * way). Kept, like a stored snapshot, for as long as the device keeps the collector's rows.
 */
export async function noteCollectionStartsHere(db: GarageDb, userId: string): Promise<void> {
  await db.meta.put({ key: startedHereKey(userId), value: true });
}

/**
 * Reads the arrival state: the progress row, whether a snapshot was ever stored (keys only), and
 * whether the collection began on this device.
 */
export async function collectionArrival(db: GarageDb, userId: string): Promise<CollectionArrival> {
  const [progress, pulled, startedHere] = await Promise.all([
    readArrival(db, userId),
    // A key-only count: the stored snapshot itself is megabytes for a large collection.
    db.snapshots.where('userId').equals(userId).count(),
    db.meta.get(startedHereKey(userId)),
  ]);
  if (progress) return { state: 'arriving', written: progress.written, total: progress.total };
  return pulled > 0 || startedHere ? { state: 'here' } : { state: 'waiting' };
}

/** Whether an ownership answer of 'none' may only mean 'not here yet'. */
export function mayStillArrive(arrival: CollectionArrival | undefined): boolean {
  return arrival !== undefined && arrival.state !== 'here';
}
