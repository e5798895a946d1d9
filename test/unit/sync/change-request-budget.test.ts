// What one collection change asks of IndexedDB. Each request in the change's transaction is time
// before the screen shows the change (bench:sync B2: a bare put is one request), so the requests
// an add makes are pinned here, counted where IndexedDB receives them: a new read or write must
// be a decision, not an accident.
import { IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropChangeBase } from '../../../src/local-store/change-base';
import { changeBaseSettled, loadChangeBase } from '../../../src/local-store/change-base-load';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import { GarageDb } from '../../../src/db/garage-db';
import { rowsSnapshotFingerprint } from '../../../src/local-store/rows-marker';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { rebaseOnSnapshot } from '../../../src/local-store/rebase';
import { CHARGER, fixtureCars, fixtureSets } from '../../fixtures/catalog';
import { fixedClock } from '../../fixtures/device';

const USER = 'collector-1';

/** Every request IndexedDB gets while `log` is set, as 'store method' or 'store.index method'. */
let log: string[] | null = null;
const patched: [object, string, unknown][] = [];

function logCalls(proto: object, methods: string[], label: (self: never) => string) {
  for (const method of methods) {
    const original = (proto as Record<string, (...args: unknown[]) => unknown>)[method]!;
    patched.push([proto, method, original]);
    Object.defineProperty(proto, method, {
      configurable: true,
      writable: true,
      value(this: never, ...args: unknown[]) {
        log?.push(`${label(this)} ${method}`);
        return original.apply(this, args);
      },
    });
  }
}

beforeAll(() => {
  const storeMethods = [
    'get',
    'getAll',
    'getKey',
    'put',
    'add',
    'delete',
    'clear',
    'count',
    'openCursor',
  ];
  logCalls(IDBObjectStore.prototype, storeMethods, (store: { name: string }) => store.name);
  logCalls(
    IDBIndex.prototype,
    ['get', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor'],
    (index: { name: string; objectStore: { name: string } }) =>
      `${index.objectStore.name}.${index.name}`,
  );
});

afterAll(() => {
  for (const [proto, method, original] of patched) {
    Object.defineProperty(proto, method, { configurable: true, writable: true, value: original });
  }
});

async function requestsOf(run: () => Promise<unknown>): Promise<string[]> {
  log = [];
  try {
    await run();
    return log.sort();
  } finally {
    log = null;
  }
}

const addCharger = (db: GarageDb, prefix: string, details: Record<string, unknown> = {}) =>
  applyLocalChange(
    db,
    USER,
    'collection/add-car-instance',
    { carId: CHARGER, details },
    fixedClock(undefined, prefix),
  );

/**
 * The four rows an add writes: the car's row, its summary, the outbox entry, and the counters
 * (the collector's totals with them). No profile: an add leaves the preferences as they are.
 */
const ADD_WRITES = ['ownedCars put', 'ownedCarSummaries put', 'outbox add', 'meta put'];

describe('the requests one add makes on the device', () => {
  let db: GarageDb;
  let factory: IDBFactory;

  beforeEach(async () => {
    factory = new IDBFactory();
    db = new GarageDb('budget', { indexedDB: factory, IDBKeyRange });
    await db.catalog.replace({ version: 'fixture', cars: fixtureCars, sets: fixtureSets });
    await addCharger(db, 'first');
    await changeBaseSettled(db);
  });

  it('with the rows in memory: reads only the collection version, then writes the four rows and the new version', async () => {
    await loadChangeBase(db, USER);
    expect(await requestsOf(() => addCharger(db, 'second'))).toEqual(
      ['meta get', ...ADD_WRITES, 'meta put'].sort(),
    );
    expect((await db.ownedCars.get([USER, CHARGER]))?.instances).toHaveLength(2);
  });

  it('without them: reads the car’s rows, profile and counters; no owner lookup of ids it made', async () => {
    dropChangeBase(db);
    const requests = await requestsOf(() => addCharger(db, 'second'));
    expect(requests.filter((line) => !ADD_WRITES.includes(line) && line !== 'meta put')).toEqual(
      [
        'ownedCars get',
        'listItems get',
        'listItems get',
        'tradeSell get',
        'profiles get',
        'meta get',
      ].sort(),
    );
    // The collector's instance ids were made here: nobody's row can hold them.
    expect(requests.some((line) => line.includes('instanceIds'))).toBe(false);
  });

  it('without them, still looks up who owns an instance id the collector named', async () => {
    dropChangeBase(db);
    const requests = await requestsOf(() =>
      addCharger(db, 'second', { instanceId: 'named-by-hand' }),
    );
    expect(requests.some((line) => line.startsWith('ownedCars.instanceIds'))).toBe(true);
  });

  it('a rebase reads every row of the collection only when this context holds no copy of them', async () => {
    await db.outbox.clear();
    const synced = rowsToCollection(await readAllRows(db, USER));
    const profile = { username: 'trackday7', totalCarCount: 1, totalSetCount: 0 };
    // Reads by the collector's key range on the tables of rows (summaries are counted apart).
    const rowReads = (requests: string[]) =>
      requests.filter((line) => /^(ownedCars|ownedSets|listItems|tradeSell)\./.test(line));
    dropChangeBase(db);
    const without = await requestsOf(() =>
      rebaseOnSnapshot(db, USER, { collection: synced, profile }),
    );
    expect(rowReads(without)).not.toEqual([]);
    await loadChangeBase(db, USER);
    // Another snapshot (the same one would be known by its fingerprint and not rebased at all).
    const withFavourite = { ...synced, favoriteCarIds: [{ id: CHARGER, addedAt: 'then' }] };
    withFavourite.ownedCars = synced.ownedCars.map((car) => ({ ...car, isFavorite: true }));
    const withCopy = await requestsOf(() =>
      rebaseOnSnapshot(db, USER, { collection: withFavourite, profile }),
    );
    expect(rowReads(withCopy)).toEqual([]);
    expect((await db.ownedCars.get([USER, CHARGER]))?.isFavorite).toBe(true);
  });

  it('clears the rows mark inside the counters row it already writes', async () => {
    // Synced: the first add confirmed, the rows exactly the server's snapshot.
    await db.outbox.clear();
    const collection = rowsToCollection(await readAllRows(db, USER));
    await rebaseOnSnapshot(db, USER, {
      collection,
      profile: { username: 'trackday7', totalCarCount: 1, totalSetCount: 0 },
    });
    expect(await rowsSnapshotFingerprint(db, USER)).toMatch(/^[0-9a-f]{64}$/);
    const requests = await requestsOf(() => addCharger(db, 'third'));
    expect(await rowsSnapshotFingerprint(db, USER)).toBeNull();
    expect(requests.filter((line) => line === 'meta delete')).toEqual([]);
  });
});
