// Takes this context's copy of a collector's rows (local-store/change-base.ts) when the page is idle after
// a change that had to read its rows: one read-only transaction, so the rows, the profile, the
// counters (with the totals) and the version are one moment of the database.
import { changeBaseFor, changeBaseOf, keepChangeBase, type ChangeBase } from './change-base';
import { readAllRows } from '../db/collection-rows';
import { COLLECTION_VERSION_KEY } from '../db/collection-version';
import { DEVICE_COUNTERS_KEY, type DeviceCounters } from '../db/device-counters';
import type { GarageDb } from '../db/garage-db';

const loading = new WeakMap<GarageDb, Promise<void>>();

/** Reads the copy now (tests, benchmarks); a copy already held for `userId` is kept. */
export async function loadChangeBase(db: GarageDb, userId: string): Promise<void> {
  const base = await db.transaction(
    'r',
    [db.ownedCars, db.ownedSets, db.listItems, db.tradeSell, db.profiles, db.meta],
    async (): Promise<ChangeBase | null> => {
      const [rows, profile, counters, version] = await Promise.all([
        readAllRows(db, userId),
        db.profiles.get(userId),
        db.meta.get(DEVICE_COUNTERS_KEY),
        db.meta.get(COLLECTION_VERSION_KEY),
      ]);
      // No counters yet: the device's first change makes them, the slow way.
      if (!counters) return null;
      return changeBaseOf(userId, rows, {
        version: typeof version?.value === 'string' ? version.value : null,
        profile,
        counters: counters.value as DeviceCounters,
      });
    },
  );
  if (base && !changeBaseFor(db, userId)) keepChangeBase(db, base);
}

/**
 * A page's idle callback, typed so the service worker's build (WebWorker types, no such
 * callback) can reach this module through src/local-store/index.ts: the worker takes no copy.
 */
const idle = globalThis as {
  requestIdleCallback?: (run: () => void, options: { timeout: number }) => unknown;
};

/** Once the page has nothing else to do (a 10,000-car collection is a few tens of ms to read). */
export function loadChangeBaseWhenIdle(db: GarageDb, userId: string): void {
  if (db.changeBaseLoading !== 'when-idle' || loading.has(db)) return;
  const loaded = new Promise<void>((resolve) => {
    const run = () => {
      loadChangeBase(db, userId)
        // A copy is only ever a shortcut: without one, changes read their rows.
        .catch(() => undefined)
        .finally(() => {
          loading.delete(db);
          resolve();
        });
    };
    if (typeof idle.requestIdleCallback === 'function') {
      idle.requestIdleCallback(run, { timeout: 2000 });
    } else setTimeout(run, 50);
  });
  loading.set(db, loaded);
}

/** Resolves when no copy is being taken for `db` (tests that count requests wait for it). */
export function changeBaseSettled(db: GarageDb): Promise<void> {
  return loading.get(db) ?? Promise.resolve();
}
