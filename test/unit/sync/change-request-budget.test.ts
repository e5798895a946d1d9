// What one collection change asks of IndexedDB. Each request in the change's transaction is time
// before the screen shows the change (bench:sync B2: a bare put is one request), so the list of
// requests an add makes is pinned here: a new read or write must be a decision, not an accident.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { DBCore, DBCoreTable, Middleware } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { GarageDb } from '../../../src/db/garage-db';
import { applyLocalChange } from '../../../src/sync/local-change';
import { rebaseOnSnapshot } from '../../../src/sync/rebase';
import { rowsSnapshotFingerprint } from '../../../src/db/rows-marker';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import { CHARGER, fixtureCars, fixtureSets } from '../../fixtures/catalog';
import { fixedClock } from '../../fixtures/device';

const USER = 'collector-1';

/** Every request the tables get, as 'table type keys' (a getMany of 2 keys is 2 requests). */
function requestLog(log: string[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'request-log',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          const logged: DBCoreTable = {
            ...table,
            get: (req) => (log.push(`${name} get`), table.get(req)),
            getMany: (req) => {
              for (let i = 0; i < req.keys.length; i++) log.push(`${name} get`);
              return table.getMany(req);
            },
            query: (req) => (log.push(`${name} query ${req.query.index.name}`), table.query(req)),
            openCursor: (req) => (
              log.push(`${name} cursor ${req.query.index.name}`),
              table.openCursor(req)
            ),
            count: (req) => (log.push(`${name} count`), table.count(req)),
            mutate: (req) => {
              const n = req.type === 'deleteRange' ? 1 : (req.keys?.length ?? req.values.length);
              for (let i = 0; i < n; i++) log.push(`${name} ${req.type}`);
              return table.mutate(req);
            },
          };
          return logged;
        },
      };
    },
  };
}

describe('the requests one add makes on the device', () => {
  let db: GarageDb;
  let log: string[];

  beforeEach(async () => {
    log = [];
    db = new GarageDb(`budget-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    db.use(requestLog(log));
    await db.catalog.replace({ version: 'fixture', cars: fixtureCars, sets: fixtureSets });
    await applyLocalChange(
      db,
      USER,
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(),
    );
  });

  it('reads the car’s rows, profile, counters and totals, and writes six rows: no index query, no extra delete', async () => {
    log.length = 0;
    await applyLocalChange(
      db,
      USER,
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(undefined, 'second'),
    );
    expect(log.sort()).toEqual(
      [
        // Reads: the car's owned row, its two list rows, its trade entry, profile, counters, totals.
        'ownedCars get',
        'listItems get',
        'listItems get',
        'tradeSell get',
        'profiles get',
        'meta get',
        'ownedTotals get',
        // Writes: the row, its summary, totals, profile, the outbox entry, the counters.
        'ownedCars put',
        'ownedCarSummaries put',
        'ownedTotals put',
        'profiles put',
        'outbox add',
        'meta put',
      ].sort(),
    );
    // The collector's instance ids were made here: no lookup of who owns them.
    expect(log.some((line) => line.includes('instanceIds'))).toBe(false);
  });

  it('still looks up who owns an instance id the collector named', async () => {
    log.length = 0;
    await applyLocalChange(db, USER, 'collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'named-by-hand' },
    });
    expect(log.some((line) => line.startsWith('ownedCars') && line.endsWith('instanceIds'))).toBe(
      true,
    );
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
    log.length = 0;
    await applyLocalChange(
      db,
      USER,
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(undefined, 'third'),
    );
    const requests = [...log];
    expect(await rowsSnapshotFingerprint(db, USER)).toBeNull();
    expect(requests.filter((line) => line.startsWith('meta'))).toEqual(['meta get', 'meta put']);
  });
});
