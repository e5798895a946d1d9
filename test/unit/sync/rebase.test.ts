// The rebase: the device's copy becomes the server snapshot with the pending changes re-applied
// in order; a pending change the snapshot no longer allows is left for the server to answer.
import { describe, expect, it, vi } from 'vitest';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import type { GarageDb } from '../../../src/db/garage-db';
import { loadOwnedTotals } from '../../../src/data/use-owned-totals';
import { applyLocalChange } from '../../../src/local-store/local-change';
import {
  rebaseOnSnapshot,
  rebaseOnStoredSnapshot,
  storedSnapshotState,
} from '../../../src/local-store/rebase';
import { emptyCollection, type Collection } from '../../../src/shared/collection/types';
import { BONE_SHAKER, CHARGER, TWIN_MILL } from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

const NOW = '2026-11-01T10:00:00.000Z';
const instance = (instanceId: string) => ({
  instanceId,
  condition: 'carded' as const,
  grade: 'Good' as const,
  purchasePrice: 0,
  purchaseDate: null,
  notes: '',
  purchasePlace: '',
  dateAdded: NOW,
});

/** The collector adds a carded copy of `carId` on this device (queued, shown at once). */
const addCar = (device: GarageDb, carId: string, clock = fixedClock(NOW)) =>
  applyLocalChange(device, 'u1', 'collection/add-car-instance', { carId, details: {} }, clock);

describe('rebasing the device on a server snapshot', () => {
  it('keeps the server state and re-applies what is still pending, in order', async () => {
    const device = await openTestDevice();
    const clock = fixedClock(NOW);
    // Queued on this device: a Twin Mill and a wishlist entry for Bone Shaker.
    await addCar(device, TWIN_MILL, clock);
    await applyLocalChange(
      device,
      'u1',
      'collection/toggle-wishlist',
      { carId: BONE_SHAKER, isWishlisted: false },
      clock,
    );
    // The server meanwhile has a Charger from another device.
    const server: Collection = {
      ...emptyCollection(),
      ownedCars: [{ carId: CHARGER, isFavorite: false, instances: [instance('other-1')] }],
    };
    await rebaseOnSnapshot(device, 'u1', {
      collection: server,
      profile: { username: 'mike', totalCarCount: 1, totalSetCount: 0 },
    });

    const local = rowsToCollection(await readAllRows(device, 'u1'));
    expect(local.ownedCars.map((car) => car.carId)).toEqual([CHARGER, TWIN_MILL]);
    expect(local.wishlistCarIds.map((item) => item.id)).toEqual([BONE_SHAKER]);
    expect(await device.profiles.get('u1')).toMatchObject({ username: 'mike' });
    // The device's totals count what it shows: the server's car and the pending one.
    expect(await loadOwnedTotals(device, 'u1')).toEqual({
      cars: 2,
      distinctCars: 2,
      sets: 0,
      distinctSets: 0,
    });
    expect(await device.outbox.count()).toBe(2);
    expect((await storedSnapshotState(device, 'u1'))?.collection).toEqual(server);
  });

  it('rebases on a snapshot stored as rows by an earlier version, and stores the next as text', async () => {
    const device = await openTestDevice();
    const server: Collection = {
      ...emptyCollection(),
      ownedCars: [{ carId: CHARGER, isFavorite: false, instances: [instance('other-1')] }],
    };
    const preferences = { completedTutorials: [], settings: {} };
    await device.snapshots.put({
      userId: 'u1',
      state: { collection: server, preferences },
      pulledAt: NOW,
    });
    await addCar(device, TWIN_MILL);
    await rebaseOnStoredSnapshot(device, 'u1');
    const local = rowsToCollection(await readAllRows(device, 'u1'));
    expect(local.ownedCars.map((car) => car.carId)).toEqual([CHARGER, TWIN_MILL]);

    await rebaseOnSnapshot(device, 'u1', { collection: server, profile: null });
    const stored = await device.snapshots.get('u1');
    expect(stored?.state).toBeUndefined();
    expect(JSON.parse(stored?.stateJson ?? 'null')).toEqual({ collection: server, preferences });
  });

  it('drops from the screen a change the server refused, and keeps the rest', async () => {
    const device = await openTestDevice();
    const clock = fixedClock(NOW);
    const added = await addCar(device, CHARGER, clock);
    const instanceId = (added.mutation.args as { details: { instanceId: string } }).details
      .instanceId;
    await applyLocalChange(
      device,
      'u1',
      'collection/update-car-instance',
      { carId: CHARGER, instanceId, updates: { notes: 'mint' } },
      clock,
    );
    // The server refused the add: the replayer removed it from the outbox before rebasing.
    await device.outbox.delete(added.entry.key);
    await rebaseOnSnapshot(device, 'u1', { collection: emptyCollection(), profile: null });

    // The pending edit no longer applies (no such instance): it stays queued for the server.
    expect(rowsToCollection(await readAllRows(device, 'u1'))).toEqual(emptyCollection());
    expect(await device.outbox.count()).toBe(1);
    expect((await loadOwnedTotals(device, 'u1'))?.cars).toBe(0);
  });

  it('writes nothing when the snapshot already equals the device copy', async () => {
    const device = await openTestDevice();
    await addCar(device, CHARGER);
    await device.outbox.clear();
    const collection = rowsToCollection(await readAllRows(device, 'u1'));
    const before = await device.ownedCars.toArray();
    let writes = 0;
    for (const table of [device.ownedCars, device.ownedCarSummaries]) {
      table.hook('updating', () => void writes++);
      table.hook('creating', () => void writes++);
      table.hook('deleting', () => void writes++);
    }
    await rebaseOnSnapshot(device, 'u1', { collection, profile: null });
    expect(writes).toBe(0);
    expect(await device.ownedCars.toArray()).toEqual(before);
  });

  describe('a pull that brings the snapshot the device already holds', () => {
    /** The tables of every read-write transaction `work` opens on `device`. */
    async function writeScopes(
      device: Awaited<ReturnType<typeof openTestDevice>>,
      work: () => Promise<void>,
    ): Promise<string[][]> {
      const scopes: string[][] = [];
      const original = device.transaction.bind(device) as (...args: unknown[]) => unknown;
      const spy = vi.spyOn(device, 'transaction').mockImplementation(((...args: unknown[]) => {
        const [mode, tables] = args as [string, { name: string }[] | { name: string }];
        if (mode === 'rw')
          scopes.push((Array.isArray(tables) ? tables : [tables]).map((t) => t.name));
        return original(...args);
      }) as typeof device.transaction);
      try {
        await work();
      } finally {
        spy.mockRestore();
      }
      return scopes;
    }

    /** A change made on the device after it was synced. */
    const addTwinMill = (device: Awaited<ReturnType<typeof openTestDevice>>) =>
      applyLocalChange(
        device,
        'u1',
        'collection/add-car-instance',
        { carId: TWIN_MILL, details: {} },
        fixedClock(NOW, 'later'),
      );

    async function syncedDevice() {
      const device = await openTestDevice();
      await addCar(device, CHARGER);
      await device.outbox.clear();
      const collection = rowsToCollection(await readAllRows(device, 'u1'));
      const profile = { username: 'mike', totalCarCount: 1, totalSetCount: 0 };
      await rebaseOnSnapshot(device, 'u1', { collection, profile });
      return { device, collection, profile };
    }

    it('leaves the collection tables out of every write: only the profile is written', async () => {
      const { device, collection, profile } = await syncedDevice();
      const scopes = await writeScopes(device, () =>
        rebaseOnSnapshot(device, 'u1', {
          collection,
          profile: { ...profile, subscription: { status: 'active' } },
        }),
      );
      expect(scopes).toEqual([['meta', 'profiles', 'outbox', 'outboxSetAside']]);
      expect(await device.profiles.get('u1')).toMatchObject({
        username: 'mike',
        subscription: { status: 'active' },
      });
      expect((await loadOwnedTotals(device, 'u1'))?.cars).toBe(1);
      expect(rowsToCollection(await readAllRows(device, 'u1'))).toEqual(collection);
    });

    it('rebases the whole way once changes re-applied on that snapshot are confirmed', async () => {
      const { device, collection, profile } = await syncedDevice();
      await addTwinMill(device);
      // Pulled while the change is unsent: the rows are the snapshot plus the change.
      await rebaseOnSnapshot(device, 'u1', { collection, profile });
      // The server confirms it, yet its snapshot is still the same (it applied the change
      // before another device undid it, say): the rows must become that snapshot again.
      await device.outbox.clear();
      const scopes = await writeScopes(device, () =>
        rebaseOnSnapshot(device, 'u1', { collection, profile }),
      );
      expect(scopes.at(-1)).toContain('ownedCars');
      expect(rowsToCollection(await readAllRows(device, 'u1'))).toEqual(collection);
    });

    it('rebases the whole way after a local change, even once it is confirmed', async () => {
      const { device, collection, profile } = await syncedDevice();
      await addTwinMill(device);
      // Confirmed, and undone on the server by another device before this pull.
      await device.outbox.clear();
      const scopes = await writeScopes(device, () =>
        rebaseOnSnapshot(device, 'u1', { collection, profile }),
      );
      expect(scopes.at(-1)).toContain('ownedCars');
      expect(rowsToCollection(await readAllRows(device, 'u1'))).toEqual(collection);
    });

    it('rebases the whole way when a change is unsent or the snapshot moved', async () => {
      const { device, collection, profile } = await syncedDevice();
      const moved: Collection = {
        ...collection,
        ownedCars: [
          ...collection.ownedCars,
          { carId: BONE_SHAKER, isFavorite: false, instances: [instance('other-1')] },
        ],
      };
      const full = await writeScopes(device, () =>
        rebaseOnSnapshot(device, 'u1', { collection: moved, profile }),
      );
      expect(full.at(-1)).toContain('ownedCars');
      expect(rowsToCollection(await readAllRows(device, 'u1'))).toEqual(moved);

      await addTwinMill(device);
      const pending = await writeScopes(device, () =>
        rebaseOnSnapshot(device, 'u1', { collection: moved, profile }),
      );
      expect(pending.at(-1)).toContain('ownedCars');
      const local = rowsToCollection(await readAllRows(device, 'u1'));
      expect(local.ownedCars.map((car) => car.carId)).toEqual([CHARGER, BONE_SHAKER, TWIN_MILL]);
    });
  });
});
