// A collector's totals on this device (cars and sets, instances and distinct), kept in the device
// counters row (db/device-counters.ts). Its own small module: the badge and install watchers of
// the first screen read it without the collection lists' code.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';
import { readCounters, totalsIn } from '../db/device-counters';
import type { GarageDb } from '../db/garage-db';
import type { OwnedTotals } from '../db/owned-summaries';

/**
 * The user's totals on this device, as the last change or rebase here left them; null before
 * either (nothing of theirs here yet, or their first pull still to come).
 */
export async function loadOwnedTotals(db: GarageDb, userId: string): Promise<OwnedTotals | null> {
  return totalsIn(await readCounters(db), userId) ?? null;
}

/** loadOwnedTotals, live; undefined while it is first read, null when signed out. */
export function useOwnedTotals(userId: string | null): OwnedTotals | null | undefined {
  return useLiveQuery(async () => (userId ? loadOwnedTotals(deviceDb, userId) : null), [userId]);
}
