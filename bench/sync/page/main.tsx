// The bench-only page of bench:sync: the app's own device modules (src/db, src/sync) built by Vite
// and served beside the app, driven from Node through window.__syncBench. Never part of the app.
import Dexie, { RangeSet } from 'dexie';
import { useLayoutEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { deviceDb } from '../../../src/db/device-db';
import type { OwnedCarRow } from '../../../src/db/device-rows';
import { applyLocalChange, changeBaseSettled } from '../../../src/local-store';
import {
  readCounters,
  setTotalsIn,
  totalsIn,
  writeCounters,
} from '../../../src/db/device-counters';
import { emptyTotals, summaryOfCar } from '../../../src/db/owned-summaries';
import { emptyProfile } from '../../../src/db/profile-rows';
import { describeQuickAnswer } from '../../../src/db/quick-answers';
import { useCatalogSearch } from '../../../src/data/use-catalog-search';
import { useOwnedCarCounts } from '../../../src/data/use-collection';
import { useQuickAnswers } from '../../../src/data/use-quick-answers';
import { refreshCatalog } from '../../../src/sync/catalog-sync';
import { workerCatalogApi } from '../../../src/sync/catalog-worker-client';
import type { CarInstance } from '../../../src/shared/collection/types';
import type { ChangeSample, QuickCheckSample, SearchSample, SyncBenchApi } from './page-api';

const db = deviceDb;

/** Who waits for the watching component to commit `count` for `carId`, and since when. */
let waiter: { carId: string; count: number; resolve(at: number): void } | null = null;

function waitForCount(carId: string, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error(`no render of ${carId} with count ${count} in 5 s`)),
      5000,
    );
    waiter = {
      carId,
      count,
      resolve(at) {
        clearTimeout(timeout);
        resolve(at);
      },
    };
  });
}

/** The screen's read path: the app's own useOwnedCarCounts (useLiveQuery) on one car. */
function OwnedCount({ userId, carId }: { userId: string; carId: string }) {
  const count = useOwnedCarCounts(userId, [carId]).get(carId) ?? -1;
  useLayoutEffect(() => {
    if (waiter && waiter.carId === carId && count >= waiter.count) {
      const done = waiter;
      waiter = null;
      done.resolve(performance.now());
    }
  }, [carId, count]);
  return <output>{count}</output>;
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('no #root');
const root = createRoot(rootElement);

/** Shows `carId` and waits until its current count (1: seeded) is on screen. */
async function watch(userId: string, carId: string): Promise<void> {
  const shown = waitForCount(carId, 1);
  root.render(<OwnedCount userId={userId} carId={carId} />);
  await shown;
  // Let the subscription's first query and React's passive effects finish before timing.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function instance(instanceId: string): CarInstance {
  return {
    instanceId,
    condition: 'carded',
    grade: 'Good',
    purchasePrice: 0,
    purchaseDate: null,
    notes: '',
    purchasePlace: '',
    dateAdded: new Date().toISOString(),
  };
}

let seeded: string[] = [];
/** The next seeded car no sample has added to yet: each sample changes a car of its own. */
let unused = 0;
function takeSeeded(): string {
  const carId = seeded[unused++];
  if (carId === undefined) throw new Error('collection too small');
  return carId;
}

/** The quick check's hits as /check shows them: up to 12, each with its answer. */
const QUICK_HITS = 12;

/** Who waits for the quick check probe to show every answer for `query`. */
let quickWaiter: { query: string; resolve(at: number): void } | null = null;

/** The quick check screen's read path: catalogue search, then useQuickAnswers on the hits. */
function QuickCheckProbe({ userId, query }: { userId: string; query: string }) {
  const hits = useCatalogSearch(query, QUICK_HITS);
  const ids = useMemo(() => (query ? (hits ?? []) : []).map((car) => car.id), [query, hits]);
  const answers = useQuickAnswers(userId, ids);
  const complete =
    hits !== undefined && answers !== undefined && ids.every((id) => answers.has(id));
  useLayoutEffect(() => {
    if (quickWaiter && quickWaiter.query === query && complete) {
      const done = quickWaiter;
      quickWaiter = null;
      done.resolve(performance.now());
    }
  }, [query, complete]);
  return (
    <ul>
      {ids.map((id) => {
        const answer = answers?.get(id);
        return <li key={id}>{answer ? describeQuickAnswer(answer, String).join(' · ') : '…'}</li>;
      })}
    </ul>
  );
}

function typeQuickCheck(userId: string, query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`no answers for '${query}' in 5 s`)), 5000);
    quickWaiter = {
      query,
      resolve(at) {
        clearTimeout(timeout);
        resolve(at);
      },
    };
    root.render(<QuickCheckProbe userId={userId} query={query} />);
  });
}

async function timeChange(
  userId: string,
  carId: string,
  write: () => Promise<unknown>,
): Promise<ChangeSample> {
  await watch(userId, carId);
  const rendered = waitForCount(carId, 2);
  const start = performance.now();
  await write();
  const committed = performance.now();
  const renderedAt = await rendered;
  return { renderMs: renderedAt - start, commitMs: committed - start };
}

function addCar(userId: string, carId: string): Promise<ChangeSample> {
  return timeChange(userId, carId, () =>
    applyLocalChange(db, userId, 'collection/add-car-instance', { carId, details: {} }),
  );
}

/**
 * The reference's own Dexie on the same database: plain Dexie, so its put is one request and
 * nothing else (the app's GarageDb also writes the collection version with any row).
 */
const bareDb = new Dexie(db.name, { cache: 'disabled' });

/** One bare put of the same row with one more instance, in its own transaction. */
async function rawPut(userId: string, carId: string): Promise<ChangeSample> {
  // Opened on the app's schema as it stands (Dexie's dynamic mode): not a timed part.
  if (!bareDb.isOpen()) await bareDb.open();
  const row = (await db.ownedCars.get([userId, carId])) as OwnedCarRow;
  const added = instance(crypto.randomUUID());
  const next: OwnedCarRow = {
    ...row,
    instances: [...row.instances, added],
    instanceIds: [...row.instanceIds, added.instanceId],
  };
  return timeChange(userId, carId, () => bareDb.table('ownedCars').put(next));
}

/**
 * The floor of an add's transaction: the four rows it writes (the car's row, its summary, an
 * outbox entry, the counters with the collector's totals), each as large as the add's, in one
 * plain IndexedDB transaction with nothing read inside it and no Dexie on the way; then the same
 * signal Dexie sends after its own commits, so the watching component renders. What an add
 * costs above this is its version check and Dexie; what this costs above the bare put is the rows.
 */
async function writeFloor(userId: string, carId: string): Promise<ChangeSample> {
  const [row, counters] = await Promise.all([
    db.ownedCars.get([userId, carId]) as Promise<OwnedCarRow>,
    readCounters(db),
  ]);
  const added = instance(crypto.randomUUID());
  const next: OwnedCarRow = {
    ...row,
    instances: [...row.instances, added],
    instanceIds: [...row.instanceIds, added.instanceId],
  };
  const seq = counters.nextOutboxSeq++;
  const totals = totalsIn(counters, userId) ?? emptyTotals();
  setTotalsIn(counters, userId, { ...totals, cars: totals.cars + 1 });
  const writes: [string, unknown][] = [
    ['ownedCars', next],
    ['ownedCarSummaries', summaryOfCar(next)],
    [
      'outbox',
      {
        key: `floor:${seq}`,
        userId: `floor:${userId}`,
        seq,
        name: 'collection/add-car-instance',
        args: { carId, details: added },
        createdAt: added.dateAdded,
      },
    ],
    // The counters' size, under a key of its own: the adds' counters are left to the adds.
    ['meta', { key: 'bench-floor-counters', value: counters }],
  ];
  const idb = db.backendDB();
  return timeChange(userId, carId, async () => {
    await new Promise<void>((resolve, reject) => {
      const tx = idb.transaction(
        writes.map(([store]) => store),
        'readwrite',
      );
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error);
      for (const [store, value] of writes) tx.objectStore(store).put(value);
    });
    Dexie.on.storagemutated.fire({
      [`idb://${db.name}/ownedCars/`]: new RangeSet().addKey([userId, carId]),
    });
  });
}

const api: SyncBenchApi = {
  async downloadCatalog() {
    // The app's own path: fetched and parsed in the catalogue worker, taken in and stored here.
    const marks = { parsed: 0 };
    const worker = workerCatalogApi();
    const start = performance.now();
    await refreshCatalog(db, {
      async getCatalog(etag) {
        const answer = await worker.getCatalog(etag);
        marks.parsed = performance.now();
        return answer;
      },
    });
    const ms = performance.now() - start;
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.endsWith('/api/catalog')) as PerformanceResourceTiming | undefined;
    return {
      ms,
      parsedMs: marks.parsed - start,
      cars: (await db.catalog.current())?.cars.length ?? 0,
      sets: (await db.catalog.current())?.sets.length ?? 0,
      transferBytes: entry?.transferSize ?? 0,
    };
  },

  async seedCollection(userId, size) {
    const start = performance.now();
    const carIds = ((await db.catalog.current())?.cars ?? []).slice(0, size).map((car) => car.id);
    await db.transaction('rw', [db.ownedCars, db.profiles, db.meta], async () => {
      const rows: OwnedCarRow[] = carIds.map((carId, i) => {
        const instanceId = `seed-${i}`;
        return {
          userId,
          carId,
          seq: i + 1,
          isFavorite: false,
          instances: [instance(instanceId)],
          instanceIds: [instanceId],
        };
      });
      for (let i = 0; i < rows.length; i += 2000)
        await db.ownedCars.bulkPut(rows.slice(i, i + 2000));
      await db.profiles.put(emptyProfile(userId));
      const counters = await readCounters(db);
      setTotalsIn(counters, userId, {
        ...emptyTotals(),
        cars: rows.length,
        distinctCars: rows.length,
      });
      await writeCounters(db, { ...counters, nextRowSeq: rows.length + 1 });
    });
    seeded = carIds;
    unused = 0;
    return { ms: performance.now() - start, owned: await db.ownedCars.count() };
  },

  async measureChanges(userId, samples, warmup) {
    const action: ChangeSample[] = [];
    const raw: ChangeSample[] = [];
    const floor: ChangeSample[] = [];
    // The session's first add reads its rows in its transaction; the page then takes its copy
    // of the rows when idle (local-store/change-base.ts). The samples are the adds after that.
    await addCar(userId, takeSeeded());
    await changeBaseSettled(db);
    // Each sample adds to its own already-owned car (1 → 2), taking turns so none of the three
    // writes gets a cooler or warmer database.
    for (let i = 0; i < samples + warmup; i++) {
      const a = await addCar(userId, takeSeeded());
      const r = await rawPut(userId, takeSeeded());
      const f = await writeFloor(userId, takeSeeded());
      if (i < warmup) continue;
      action.push(a);
      raw.push(r);
      floor.push(f);
    }
    root.render(null);
    return { action, rawPut: raw, writeFloor: floor };
  },

  async measureRawPuts(userId, samples, warmup) {
    const raw: ChangeSample[] = [];
    for (let i = 0; i < samples + warmup; i++) {
      const r = await rawPut(userId, takeSeeded());
      if (i >= warmup) raw.push(r);
    }
    root.render(null);
    return raw;
  },

  async measureQuickCheck(userId, queries) {
    const catalog = await db.catalog.current();
    if (!catalog) throw new Error('no catalogue on the bench device');
    await typeQuickCheck(userId, 'warm');
    const samples: QuickCheckSample[] = [];
    for (const query of queries) {
      await typeQuickCheck(userId, '');
      for (let k = 1; k <= query.length; k++) {
        const prefix = query.slice(0, k);
        const start = performance.now();
        const at = await typeQuickCheck(userId, prefix);
        const hits = Math.min(QUICK_HITS, catalog.search(prefix, QUICK_HITS).length);
        samples.push({ query, prefix, ms: at - start, hits });
      }
    }
    root.render(null);
    return samples;
  },

  async measureSearch(queries) {
    // The catalogue in memory with its word index, as the search screen has it once opened.
    const catalog = await db.catalog.current();
    if (!catalog) throw new Error('no catalogue on the bench device');
    catalog.search('warm');
    const samples: SearchSample[] = [];
    for (const query of queries) {
      for (let k = 1; k <= query.length; k++) {
        const prefix = query.slice(0, k);
        const start = performance.now();
        const rows = catalog.search(prefix);
        samples.push({ query, prefix, ms: performance.now() - start, results: rows.length });
      }
    }
    return samples;
  },
};

window.__syncBench = api;
