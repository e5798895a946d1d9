// Whether a collector's rows on this device are exactly a server snapshot, named by its
// fingerprint. Only a rebase with nothing unsent to re-apply sets it; every local change clears
// it in its own transaction. A pull that brings the same snapshot while it is set has nothing
// to rewrite (src/sync/rebase.ts).
import type { GarageDb } from './garage-db';

const markerKey = (userId: string) => `rowsAreSnapshot:${userId}`;

/** The fingerprint of the snapshot the rows are exactly, or null when they may differ from it. */
export async function rowsSnapshotFingerprint(
  db: GarageDb,
  userId: string,
): Promise<string | null> {
  const row = await db.meta.get(markerKey(userId));
  return typeof row?.value === 'string' ? row.value : null;
}

/** Inside the rebase's transaction: the rows are now exactly the snapshot `fingerprint` (or not). */
export async function markRowsAsSnapshot(
  db: GarageDb,
  userId: string,
  fingerprint: string | null,
): Promise<void> {
  if (fingerprint) await db.meta.put({ key: markerKey(userId), value: fingerprint });
  else await db.meta.delete(markerKey(userId));
}

/** Inside a local change's transaction: the rows are no longer any snapshot. */
export function clearRowsSnapshotMark(db: GarageDb, userId: string): Promise<void> {
  return db.meta.delete(markerKey(userId));
}
