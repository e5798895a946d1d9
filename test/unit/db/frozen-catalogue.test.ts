// A catalogue database that stops answering (WebKit after a navigation during a large write) is
// left behind: past its deadline the store moves to a fresh database, the catalogue is fetched
// again, and the collection and the outbox (another database) are untouched.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openCatalogBox, type CatalogBox } from '../../../src/db/catalog-box';
import { CATALOG_DB_KEY } from '../../../src/db/catalog-store';
import { GarageDb } from '../../../src/db/garage-db';
import { outboxCounts, waitingEntries } from '../../../src/db/outbox-store';
import type { Catalog } from '../../../src/shared/catalog/types';
import { refetchCatalogWhenLost } from '../../../src/sync/catalog-sync';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { CHARGER, fixtureCars, fixtureSets } from '../../fixtures/catalog';
import { fixedClock } from '../../fixtures/device';

const indexedDB = new IDBFactory();
const options = { indexedDB, IDBKeyRange };
const CATALOG: Catalog = { version: 'fixture-v1', cars: fixtureCars, sets: fixtureSets };

/** Real boxes, except that the first one opened under `frozenName` never answers a read. */
function freezingBoxes(frozenName: string) {
  const opened: string[] = [];
  const openBox = (name: string): CatalogBox => {
    opened.push(name);
    const real = openCatalogBox(name, options);
    if (name !== frozenName) return real;
    const never = new Promise<never>(() => undefined);
    return { ...real, readCatalog: () => never, readVersion: () => never };
  };
  return { opened, openBox };
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a frozen catalogue database', () => {
  it('is left for a fresh one past its deadline, the catalogue fetched again, the outbox untouched', async () => {
    const name = 'frozen-device';
    // A device with its catalogue and a queued change, as it was before the navigation.
    const before = new GarageDb(name, options);
    await before.catalog.replace(CATALOG);
    const { entry } = await applyLocalChange(
      before,
      'u1',
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(),
    );
    before.close();
    before.catalog.close();

    // The next page: its catalogue database no longer answers.
    const boxes = freezingBoxes(`${name}-catalog-1`);
    const device = new GarageDb(name, options, { openBox: boxes.openBox, deadlineMs: 100 });
    const fetched: (string | null)[] = [];
    refetchCatalogWhenLost(device, {
      async getCatalog(etag) {
        fetched.push(etag);
        return { catalog: CATALOG, etag: `"${CATALOG.version}"` };
      },
    });

    const started = Date.now();
    const first = await device.catalog.current();
    expect(Date.now() - started).toBeLessThan(3000); // the deadline, not forever
    expect(first).toBeNull();
    expect(await device.meta.get(CATALOG_DB_KEY)).toEqual({
      key: CATALOG_DB_KEY,
      value: `${name}-catalog-2`,
    });

    // Fetched again into the fresh database, with no version to compare (a full download).
    await until(async () => (await device.catalog.current()) !== null, 'the catalogue again');
    expect(fetched).toEqual([null]);
    expect((await device.catalog.current())?.version).toBe('fixture-v1');
    expect(boxes.opened).toEqual([`${name}-catalog-1`, `${name}-catalog-2`]);

    // The collector's unsent change never was in that database.
    expect(await outboxCounts(device, 'u1')).toEqual({ waiting: 1, setAside: 0 });
    expect((await waitingEntries(device, 'u1')).map((row) => row.key)).toEqual([entry.key]);
    expect((await device.ownedCars.get(['u1', CHARGER]))?.instances).toHaveLength(1);

    // A change made now is checked against the fetched catalogue.
    await applyLocalChange(
      device,
      'u1',
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(undefined, 'after'),
    );
    expect(await outboxCounts(device, 'u1')).toEqual({ waiting: 2, setAside: 0 });
  });

  it('keeps the catalogue it has in memory when a write freezes, writing it to a fresh database', async () => {
    const name = 'frozen-write';
    const opened: string[] = [];
    const openBox = (boxName: string): CatalogBox => {
      opened.push(boxName);
      const real = openCatalogBox(boxName, options);
      if (boxName !== `${name}-catalog-1`) return real;
      return { ...real, write: () => new Promise<never>(() => undefined) };
    };
    const device = new GarageDb(name, options, { openBox, deadlineMs: 100 });
    await device.catalog.replace(CATALOG);
    expect((await device.catalog.current())?.version).toBe('fixture-v1');
    expect(opened).toEqual([`${name}-catalog-1`, `${name}-catalog-2`]);
    const box = openCatalogBox(`${name}-catalog-2`, options);
    expect(await box.readVersion()).toBe('fixture-v1');
    box.close();
  });
});
