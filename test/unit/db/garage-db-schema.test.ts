// The device database's schema history: every version keeps the outbox, and upgrading a device
// with queued changes keeps every one of them.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { GARAGE_SCHEMA, GarageDb } from '../../../src/db/garage-db';

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
});
