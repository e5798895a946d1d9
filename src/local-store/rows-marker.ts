// Whether a collector's rows on this device are exactly a server snapshot, named by its
// fingerprint. Only a rebase with nothing unsent to re-apply sets it; every local change clears
// it in its own transaction. A pull that brings the same snapshot while it is set has nothing
// to rewrite (src/local-store/rebase.ts).
//
// The marks live in the device counters row (db/device-counters.ts), which every local change
// already reads and writes: clearing the mark adds no request to the change's transaction, and
// each request there is time before the screen shows the change
// (docs/decisions/0006-rows-marker-and-totals-in-the-counters-row.md).
import { readCounters, writeCounters, type DeviceCounters } from '../db/device-counters';
import type { GarageDb } from '../db/garage-db';

/** Where the first version of the mark lived: removed whenever a rebase sets or clears a mark. */
const legacyMarkerKey = (userId: string) => `rowsAreSnapshot:${userId}`;

/** The fingerprint of the snapshot the rows are exactly, or null when they may differ from it. */
export async function rowsSnapshotFingerprint(
  db: GarageDb,
  userId: string,
): Promise<string | null> {
  return (await readCounters(db)).rowsAreSnapshot?.[userId] ?? null;
}

/** Inside the rebase's transaction: the rows are now exactly the snapshot `fingerprint` (or not). */
export async function markRowsAsSnapshot(
  db: GarageDb,
  userId: string,
  fingerprint: string | null,
): Promise<void> {
  const counters = await readCounters(db);
  const marks = { ...counters.rowsAreSnapshot };
  if (fingerprint) marks[userId] = fingerprint;
  else delete marks[userId];
  await Promise.all([
    writeCounters(db, { ...counters, rowsAreSnapshot: marks }),
    db.meta.delete(legacyMarkerKey(userId)),
  ]);
}

/**
 * Inside a local change's transaction, on the counters it read and is about to write: the
 * rows are no longer any snapshot.
 */
export function clearRowsSnapshotMark(counters: DeviceCounters, userId: string): void {
  if (!counters.rowsAreSnapshot || !(userId in counters.rowsAreSnapshot)) return;
  const marks = { ...counters.rowsAreSnapshot };
  delete marks[userId];
  counters.rowsAreSnapshot = marks;
}
