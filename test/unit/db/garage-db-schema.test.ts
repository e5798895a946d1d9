// The device database's schema history: every version keeps the outbox, and upgrading a device
// with queued changes keeps every one of them.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { GarageDb } from '../../../src/db/garage-db';
import { GARAGE_SCHEMA } from '../../../src/db/schema-versions';
import { type OwnedCarRow } from '../../../src/db/device-rows';
import { summaryOfCar } from '../../../src/db/owned-summaries';
import { loadOwnedCars, loadRecentOwnedCars } from '../../../src/data/use-owned-lists';
import { loadOwnedTotals } from '../../../src/data/use-owned-totals';
import { DEVICE_COUNTERS_KEY, type DeviceCounters } from '../../../src/db/device-counters';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { searchWordsOfCar } from '../../../src/db/search-words';
import type { CatalogCar } from '../../../src/shared/catalog/types';
import { BONE_SHAKER, CHARGER, fixtureCars, fixtureSets } from '../../fixtures/catalog';

const indexedDB = new IDBFactory();

describe('the device database schema', () => {
  it('declares the outbox, keyed by its idempotency key, in every version', () => {
    const [first, ...later] = GARAGE_SCHEMA;
    expect(first?.stores.outbox).toMatch(/^key(,|$)/);
    // A later version that omits `outbox` keeps it (Dexie carries stores over); one that names
    // it must keep the same primary key, and `null` (delete) is never allowed.
    for (const { version, stores } of later) {
      if ('outbox' in stores) expect(stores.outbox, `version ${version}`).toMatch(/^key(,|$)/);
    }
    expect(GARAGE_SCHEMA.map((v) => v.version)).toEqual(
      [...GARAGE_SCHEMA.map((v) => v.version)].sort((a, b) => a - b),
    );
  });

  it('keeps queued changes when a device with the first version upgrades to the latest and beyond', async () => {
    const name = 'upgrade-device';
    const first = new Dexie(name, { indexedDB, IDBKeyRange });
    const [v1] = GARAGE_SCHEMA;
    first.version(v1!.version).stores(v1!.stores);
    const queued = Array.from({ length: 5 }, (_, i) => ({
      key: `client:${i + 1}`,
      userId: 'u1',
      seq: i + 1,
      name: 'collection/add-car-instance',
      args: { carId: 'c', details: { instanceId: `i${i}` } },
      createdAt: '2026-11-01T10:00:00.000Z',
    }));
    await first.table('outbox').bulkAdd(queued);
    first.close();

    const latest = new GarageDb(name, { indexedDB, IDBKeyRange });
    expect(await latest.outbox.orderBy('key').toArray()).toEqual(queued);
    latest.close();

    // A future version that adds an index and a store must leave the outbox as it was.
    const future = new Dexie(name, { indexedDB, IDBKeyRange });
    for (const { version, stores } of GARAGE_SCHEMA) future.version(version).stores(stores);
    const next = (GARAGE_SCHEMA.at(-1)?.version ?? 1) + 1;
    future.version(next).stores({
      cars: 'id, year, series, brand, huntType, *words, [brand+year], type',
      notes: 'id',
    });
    expect(await future.table('outbox').orderBy('key').toArray()).toEqual(queued);
    future.close();
  });

  it('gives a device that upgrades from version 2 the summaries and totals of the rows it holds', async () => {
    const name = 'summaries-upgrade';
    const v2 = new Dexie(name, { indexedDB, IDBKeyRange });
    for (const { version, stores } of GARAGE_SCHEMA.filter((v) => v.version <= 2)) {
      v2.version(version).stores(stores);
    }
    const instance = (instanceId: string, dateAdded: string, purchasePrice = 0) => ({
      instanceId,
      condition: 'carded' as const,
      grade: 'Good' as const,
      purchasePrice,
      purchaseDate: null,
      notes: '',
      purchasePlace: '',
      dateAdded,
    });
    const car = (userId: string, carId: string, seq: number, dates: string[]): OwnedCarRow => ({
      userId,
      carId,
      seq,
      isFavorite: false,
      instances: dates.map((at, i) => instance(`${carId}-${i}`, at, 1.25)),
      instanceIds: dates.map((_, i) => `${carId}-${i}`),
    });
    const cars = [
      car('u1', 'c1', 1, ['2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']),
      car('u1', 'c2', 2, ['2026-02-01T00:00:00.000Z']),
      car('u2', 'c1', 3, ['2026-01-05T00:00:00.000Z']),
    ];
    await v2.table('ownedCars').bulkAdd(cars);
    await v2.table('ownedSets').bulkAdd([
      {
        userId: 'u1',
        setId: 's1',
        seq: 4,
        instances: [instance('s1-a', '2026-01-01T00:00:00.000Z')],
        instanceIds: ['s1-a'],
      },
    ]);
    const queued = {
      key: 'client:1',
      userId: 'u1',
      seq: 1,
      name: 'collection/add-car-instance',
      args: { carId: 'c1', details: {} },
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    await v2.table('outbox').add(queued);
    v2.close();

    const latest = new GarageDb(name, { indexedDB, IDBKeyRange });
    expect(await latest.ownedCarSummaries.toArray()).toEqual(
      expect.arrayContaining(cars.map(summaryOfCar)),
    );
    expect(await latest.ownedCarSummaries.count()).toBe(3);
    expect(await loadOwnedTotals(latest, 'u1')).toEqual({
      cars: 3,
      distinctCars: 2,
      sets: 1,
      distinctSets: 1,
    });
    expect(await loadOwnedTotals(latest, 'u2')).toMatchObject({ cars: 1, distinctCars: 1 });
    expect((await loadRecentOwnedCars(latest, 'u1', 1)).map((entry) => entry.carId)).toEqual([
      'c1',
    ]);
    expect((await loadOwnedCars(latest, 'u1')).map((entry) => [entry.carId, entry.spent])).toEqual([
      ['c1', 2.5],
      ['c2', 1.25],
    ]);
    // The rows themselves and the queued change are untouched.
    expect(await latest.ownedCars.toArray()).toEqual(expect.arrayContaining(cars));
    expect(await latest.outbox.toArray()).toEqual([queued]);
    latest.close();
  });

  it('carries a row-per-car catalogue over to its own database as one value, keeping the collection and the outbox', async () => {
    const name = 'catalogue-upgrade';
    const v4 = new Dexie(name, { indexedDB, IDBKeyRange });
    for (const { version, stores } of GARAGE_SCHEMA.filter((v) => v.version <= 4)) {
      v4.version(version).stores(stores);
    }
    const words = (car: CatalogCar) => searchWordsOfCar(car);
    await v4.table('cars').bulkAdd(fixtureCars.map((car) => ({ ...car, words: words(car) })));
    await v4.table('sets').bulkAdd(fixtureSets);
    await v4.table('meta').put({ key: 'catalogVersion', value: 'fixture-v7' });
    const owned: OwnedCarRow = {
      userId: 'u1',
      carId: CHARGER,
      seq: 1,
      isFavorite: true,
      instances: [],
      instanceIds: [],
    };
    await v4.table('ownedCars').add(owned);
    const queued = {
      key: 'client:9',
      userId: 'u1',
      seq: 9,
      name: 'collection/toggle-wishlist',
      args: { carId: BONE_SHAKER, isWishlisted: false },
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    await v4.table('outbox').add(queued);
    v4.close();

    const latest = new GarageDb(name, { indexedDB, IDBKeyRange });
    // The collection and the queued change, as they were.
    expect(await latest.ownedCars.toArray()).toEqual([owned]);
    expect(await latest.outbox.toArray()).toEqual([queued]);
    // The catalogue: the same cars and sets (no search words stored), its version kept.
    const catalog = await latest.catalog.current();
    expect(catalog?.version).toBe('fixture-v7');
    expect([...(catalog?.cars ?? [])].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...fixtureCars].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(catalog?.sets).toEqual(
      expect.arrayContaining(fixtureSets.map((set) => expect.objectContaining({ id: set.id }))),
    );
    expect(catalog?.search('charger').map((car) => car.id)).toEqual([CHARGER]);
    // The old tables and the carried copy are gone from the collection database.
    expect(latest.tables.map((table) => table.name)).not.toContain('cars');
    expect(latest.tables.map((table) => table.name)).not.toContain('sets');
    expect(await latest.meta.get('legacyCatalog')).toBeUndefined();
    latest.close();

    // Opened again (another context, a reload): read from the catalogue's own database.
    const again = new GarageDb(name, { indexedDB, IDBKeyRange });
    expect((await again.catalog.current())?.cars).toHaveLength(fixtureCars.length);
    again.close();
  });
  it("moves a version-6 device's totals into its counters row, keeping its rows, counters and outbox", async () => {
    const name = 'totals-upgrade';
    const v6 = new Dexie(name, { indexedDB, IDBKeyRange });
    for (const { version, stores } of GARAGE_SCHEMA.filter((v) => v.version <= 6)) {
      v6.version(version).stores(stores);
    }
    const owned: OwnedCarRow = {
      userId: 'u1',
      carId: CHARGER,
      seq: 11,
      isFavorite: false,
      instances: [
        {
          instanceId: 'charger-1',
          condition: 'carded',
          grade: 'Good',
          purchasePrice: 2,
          purchaseDate: null,
          notes: '',
          purchasePlace: '',
          dateAdded: '2026-10-01T00:00:00.000Z',
        },
      ],
      instanceIds: ['charger-1'],
    };
    await v6.table('ownedCars').add(owned);
    await v6.table('ownedCarSummaries').add(summaryOfCar(owned));
    await v6.table('ownedTotals').bulkAdd([
      { userId: 'u1', cars: 1, distinctCars: 1, sets: 0, distinctSets: 0 },
      { userId: 'u2', cars: 40, distinctCars: 31, sets: 2, distinctSets: 1 },
    ]);
    const counters: DeviceCounters = {
      clientId: 'phone-a',
      nextOutboxSeq: 7,
      nextRowSeq: 12,
      rowsAreSnapshot: { u2: 'snapshot-fingerprint' },
    };
    await v6.table('meta').put({ key: DEVICE_COUNTERS_KEY, value: counters });
    const queued = {
      key: 'phone-a:6',
      userId: 'u1',
      seq: 6,
      name: 'collection/add-car-instance',
      args: { carId: CHARGER, details: { instanceId: 'charger-1' } },
      createdAt: '2026-10-01T00:00:00.000Z',
    };
    await v6.table('outbox').add(queued);
    v6.close();

    const latest = new GarageDb(name, { indexedDB, IDBKeyRange });
    // Every collector's totals in the counters row, which is otherwise as it was.
    expect((await latest.meta.get(DEVICE_COUNTERS_KEY))?.value).toEqual({
      ...counters,
      totals: {
        u1: { cars: 1, distinctCars: 1, sets: 0, distinctSets: 0 },
        u2: { cars: 40, distinctCars: 31, sets: 2, distinctSets: 1 },
      },
    });
    expect(latest.backendDB().objectStoreNames.contains('ownedTotals')).toBe(false);
    expect(await latest.ownedCars.toArray()).toEqual([owned]);
    expect(await latest.outbox.toArray()).toEqual([queued]);

    // The next change goes on from there: the next outbox seq, the totals moved.
    await latest.catalog.replace({ version: 'fixture', cars: fixtureCars, sets: fixtureSets });
    const { entry } = await applyLocalChange(latest, 'u1', 'collection/add-car-instance', {
      carId: BONE_SHAKER,
      details: {},
    });
    expect(entry.key).toBe('phone-a:7');
    expect(await loadOwnedTotals(latest, 'u1')).toEqual({
      cars: 2,
      distinctCars: 2,
      sets: 0,
      distinctSets: 0,
    });
    expect(await loadOwnedTotals(latest, 'u2')).toMatchObject({ cars: 40 });
    expect((await latest.outbox.toArray()).map((row) => row.key)).toEqual([
      'phone-a:6',
      'phone-a:7',
    ]);
    latest.close();
  });
});
