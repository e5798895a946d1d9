// What the last replay came to, kept on the device for every page and the worker: when our API
// last took a push, and whether the last attempt reached it at all.
import type { GarageDb } from './garage-db';

export interface SyncRecord {
  lastSyncedAt: number | null;
  /** False when the last attempt got no answer of our API's; null before any attempt. */
  reachable: boolean | null;
  /** When that attempt ended (ms since epoch). */
  attemptedAt: number | null;
}

const LAST_SYNCED = 'lastSyncedAt';
const LAST_ATTEMPT = 'lastAttempt';

export async function readSyncRecord(db: GarageDb): Promise<SyncRecord> {
  const [synced, attempt] = await db.meta.bulkGet([LAST_SYNCED, LAST_ATTEMPT]);
  const last = attempt?.value as { reachable?: unknown; at?: unknown } | undefined;
  return {
    lastSyncedAt: typeof synced?.value === 'number' ? synced.value : null,
    reachable: typeof last?.reachable === 'boolean' ? last.reachable : null,
    attemptedAt: typeof last?.at === 'number' ? last.at : null,
  };
}

/** Notes a finished replay: `reachable` null means it sent nothing (nothing to learn). */
export async function writeSyncRecord(
  db: GarageDb,
  run: { lastSyncedAt: number | null; reachable: boolean | null; at: number },
): Promise<void> {
  const rows = [];
  if (run.lastSyncedAt !== null) rows.push({ key: LAST_SYNCED, value: run.lastSyncedAt });
  if (run.reachable !== null) {
    rows.push({ key: LAST_ATTEMPT, value: { reachable: run.reachable, at: run.at } });
  }
  if (rows.length > 0) await db.meta.bulkPut(rows);
}
