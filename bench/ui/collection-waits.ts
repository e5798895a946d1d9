// How long the collection's screens wait while a large collection first comes onto the device.
// Every document of the context reads one summary key in a read-only transaction every 100 ms
// (what /collection, the quick check and a tapped change queue behind) and reports how long it
// waited: a first pull written in one transaction shows as one wait as long as that transaction.
// Waits are reported to Node through a binding, so a navigation mid-pull loses none; a read
// still waiting is reported as it goes (every 250 ms), so one that never answers counts too.
import type { BrowserContext } from 'playwright-core';
import { percentile } from '../lib/http-client';

export interface CollectionWaits {
  /** Reads that completed while the probe ran. */
  reads: number;
  maxMs: number;
  p95Ms: number;
  /** Reads that waited a second or more: a tap answered that late feels broken. */
  overOneSecond: number;
}

export interface CollectionWaitProbe {
  /** Stops counting; answers the waits seen so far. */
  stop(): CollectionWaits;
}

/** Starts probing in every page of `context` opened from now on (install before any page). */
export async function probeCollectionWaits(context: BrowserContext): Promise<CollectionWaitProbe> {
  /** Each read's longest wait seen, by read id (a read still waiting is reported again). */
  const waits = new Map<string, number>();
  let counting = true;
  await context.exposeBinding('__benchCollectionWait', (_source, read: string, ms: number) => {
    if (counting) waits.set(read, Math.max(ms, waits.get(read) ?? 0));
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __benchCollectionWait(read: string, ms: number): void })
      .__benchCollectionWait;
    const documentId = Math.random().toString(36).slice(2);
    let reads = 0;
    let waiting: { id: string; since: number } | null = null;
    setInterval(() => {
      if (waiting) report(waiting.id, performance.now() - waiting.since);
    }, 250);
    let db: IDBDatabase | null = null;
    const open = async (): Promise<IDBDatabase | null> => {
      // Never create the app's database: only open it once the app has.
      const names = (await indexedDB.databases()).map((info) => info.name);
      if (!names.includes('diecast-garage')) return null;
      return new Promise((resolve) => {
        const request = indexedDB.open('diecast-garage');
        request.onsuccess = () => {
          const opened = request.result;
          if (!opened.objectStoreNames.contains('ownedCarSummaries')) {
            opened.close();
            return resolve(null);
          }
          // The app's schema upgrades must never wait for this probe.
          opened.onversionchange = () => {
            opened.close();
            db = null;
          };
          resolve(opened);
        };
        request.onerror = () => resolve(null);
      });
    };
    const tick = async () => {
      db ??= await open().catch(() => null);
      if (db) {
        const read = { id: `${documentId}:${reads++}`, since: performance.now() };
        waiting = read;
        await new Promise<void>((resolve) => {
          try {
            const tx = db!.transaction('ownedCarSummaries', 'readonly');
            tx.objectStore('ownedCarSummaries').get(['', '']);
            tx.oncomplete = () => {
              report(read.id, performance.now() - read.since);
              resolve();
            };
            tx.onerror = tx.onabort = () => resolve();
          } catch {
            db = null;
            resolve();
          }
        });
        waiting = null;
      }
      setTimeout(() => void tick(), 100);
    };
    void tick();
  });
  return {
    stop() {
      counting = false;
      const sorted = [...waits.values()].sort((a, b) => a - b);
      return {
        reads: sorted.length,
        maxMs: Math.round(sorted.at(-1) ?? 0),
        p95Ms: Math.round(percentile(sorted, 95)),
        overOneSecond: sorted.filter((ms) => ms >= 1000).length,
      };
    },
  };
}
