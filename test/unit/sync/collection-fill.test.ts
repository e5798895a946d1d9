// A large collection's first pull, written in steps (src/local-store/collection-fill.ts): the screens
// and the collector's changes never wait behind one long transaction, the device ends exactly
// where the one-transaction rebase would have, a change tapped meanwhile is neither lost nor
// overwritten, and until the last step the collection says it is still arriving.
import { describe, expect, it } from 'vitest';
import { collectionArrival } from '../../../src/db/collection-arrival';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import type { GarageDb } from '../../../src/db/garage-db';
import { loadOwnedTotals } from '../../../src/data/use-owned-totals';
import { nextStepSize, STEP_TARGET_MS } from '../../../src/local-store/collection-fill';
import { applyLocalChange } from '../../../src/local-store/local-change';
import {
  rebaseOnSnapshot,
  rebaseOnStoredSnapshot,
  storedSnapshotState,
} from '../../../src/local-store/rebase';
import {
  emptyCollection,
  type Collection,
  type OwnedCar,
} from '../../../src/shared/collection/types';
import { BONE_SHAKER, CHARGER, TWIN_MILL } from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

const NOW = '2026-11-01T10:00:00.000Z';
const USER = 'u1';
const CARS = 600;
/** Where the fixture's Charger sits in the snapshot: well past the first steps. */
const CHARGER_AT = 450;

function ownedCar(carId: string, index: number): OwnedCar {
  return {
    carId,
    isFavorite: index % 7 === 0,
    instances: [
      {
        instanceId: `server-${index}`,
        condition: index % 2 ? 'loose' : 'carded',
        grade: 'Good',
        purchasePrice: index % 5,
        purchaseDate: null,
        notes: '',
        purchasePlace: '',
        dateAdded: NOW,
      },
    ],
  };
}

/** 600 cars on the server, the fixture's Charger among them at CHARGER_AT. */
function largeCollection(): Collection {
  const ids = Array.from({ length: CARS }, (_, i) =>
    i === CHARGER_AT ? CHARGER : `car-${String(i).padStart(4, '0')}`,
  );
  return { ...emptyCollection(), ownedCars: ids.map(ownedCar) };
}

const change = (device: GarageDb, name: string, args: unknown, prefix = 'dev') =>
  applyLocalChange(device, USER, name, args, fixedClock(NOW, prefix));

/** The collector's summaries without their seqs (two devices number their rows their own way). */
async function summariesOf(device: GarageDb) {
  const rows = await device.ownedCarSummaries
    .where('[userId+carId]')
    .between([USER, ''], [USER, '\uffff'])
    .toArray();
  return rows.map(({ seq: _seq, ...summary }) => summary);
}

/** Row seqs in the collection's order, strictly increasing: the next rebase keeps them. */
async function seqsInOrder(device: GarageDb): Promise<number[]> {
  const rows = await readAllRows(device, USER);
  const seqs = rows.ownedCars.map((row) => row.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(seqs.length);
  return seqs;
}

/** Counts the puts and deletes on the collector's car rows and summaries. */
function countWrites(device: GarageDb): { count: number } {
  const writes = { count: 0 };
  for (const table of [device.ownedCars, device.ownedCarSummaries]) {
    table.hook('creating', () => void writes.count++);
    table.hook('updating', () => void writes.count++);
    table.hook('deleting', () => void writes.count++);
  }
  return writes;
}

describe('a large first pull, written in steps', () => {
  it('ends where the rebase in one transaction ends, having written each car once', async () => {
    const [stepped, whole] = await Promise.all([openTestDevice(), openTestDevice()]);
    for (const device of [stepped, whole]) {
      // Queued before the first pull lands: a car the server does not have, a favourite.
      await change(device, 'collection/add-car-instance', { carId: TWIN_MILL, details: {} });
      await change(device, 'collection/toggle-favorite', { carId: CHARGER, isFavorited: true });
    }
    const snapshot = { collection: largeCollection(), profile: null };
    const steps: number[] = [];
    const writes = countWrites(stepped);
    await rebaseOnSnapshot(stepped, USER, snapshot, NOW, {
      fromCars: 100,
      stepCars: 100,
      beforeStep: async () => void steps.push(steps.length),
    });
    await rebaseOnSnapshot(whole, USER, snapshot, NOW, { fromCars: Infinity });

    expect(steps.length).toBe(7); // 601 cars in steps of 100
    const collection = rowsToCollection(await readAllRows(stepped, USER));
    expect(collection).toEqual(rowsToCollection(await readAllRows(whole, USER)));
    expect(collection.ownedCars).toHaveLength(CARS + 1);
    expect(collection.ownedCars.at(-1)?.carId).toBe(TWIN_MILL);
    expect(await summariesOf(stepped)).toEqual(await summariesOf(whole));
    expect(await loadOwnedTotals(stepped, USER)).toEqual(await loadOwnedTotals(whole, USER));
    expect(await storedSnapshotState(stepped, USER)).toEqual(
      await storedSnapshotState(whole, USER),
    );
    await seqsInOrder(stepped);
    // Each car and its summary written once, by a step: the rebase after found them right.
    // (The Twin Mill was already there: its row was rewritten once, with its new seq.)
    expect(writes.count).toBe(2 * (CARS + 1));
    expect(await collectionArrival(stepped, USER)).toEqual({ state: 'here' });
    expect(await stepped.outbox.count()).toBe(2);
  });

  it('says the collection is arriving, and how far, until the last step', async () => {
    const device = await openTestDevice();
    expect(await collectionArrival(device, USER)).toEqual({ state: 'waiting' });
    const seen: unknown[] = [];
    const usernames: unknown[] = [];
    const profile = { username: 'mike', totalCarCount: CARS, totalSetCount: 0 };
    await rebaseOnSnapshot(device, USER, { collection: largeCollection(), profile }, NOW, {
      fromCars: 100,
      stepCars: 250,
      beforeStep: async () => {
        seen.push(await collectionArrival(device, USER));
        // The screens behind the sign-in guard open from the first step, not the last.
        usernames.push((await device.profiles.get(USER))?.username);
      },
    });
    expect(usernames).toEqual(['mike', 'mike', 'mike']);
    expect(seen).toEqual([
      { state: 'arriving', written: 0, total: CARS },
      { state: 'arriving', written: 250, total: CARS },
      { state: 'arriving', written: 500, total: CARS },
    ]);
    expect(await collectionArrival(device, USER)).toEqual({ state: 'here' });
  });

  it('keeps a change tapped during the fill, on a car not there yet and on a new one', async () => {
    const device = await openTestDevice();
    let step = 0;
    const writes = countWrites(device);
    await rebaseOnSnapshot(device, USER, { collection: largeCollection(), profile: null }, NOW, {
      fromCars: 100,
      stepCars: 100,
      beforeStep: async () => {
        step += 1;
        if (step !== 3) return;
        // 200 cars are here; the Charger (at 450) is not yet.
        expect(await device.ownedCars.get([USER, CHARGER])).toBeUndefined();
        await change(device, 'collection/add-car-instance', { carId: CHARGER, details: {} }, 'a');
        await change(
          device,
          'collection/add-car-instance',
          { carId: BONE_SHAKER, details: {} },
          'b',
        );
        // The step that follows must not put the rows back as they were before the change.
        const charger = await device.ownedCars.get([USER, CHARGER]);
        expect(charger?.instances).toHaveLength(1);
      },
    });
    const collection = rowsToCollection(await readAllRows(device, USER));
    const charger = collection.ownedCars.find((car) => car.carId === CHARGER);
    // The server's copy and the one tapped during the fill.
    expect(charger?.instances.map((i) => i.instanceId)).toEqual([`server-${CHARGER_AT}`, 'a-1']);
    expect(collection.ownedCars.map((car) => car.carId).indexOf(CHARGER)).toBe(CHARGER_AT);
    expect(collection.ownedCars.at(-1)?.carId).toBe(BONE_SHAKER);
    expect(await device.outbox.count()).toBe(2);
    expect((await loadOwnedTotals(device, USER))?.cars).toBe(CARS + 2);
    // The order held, so the rebase after the steps renumbered nothing.
    await seqsInOrder(device);
    // Every car once by a step, the Charger once more (its change, then the step with the
    // server's copy under it), the Bone Shaker by its change: each with its summary.
    expect(writes.count).toBe(2 * (CARS + 2));
  });

  it('stays marked as arriving when stopped, and the next pull goes on from there', async () => {
    const device = await openTestDevice();
    const snapshot = { collection: largeCollection(), profile: null };
    let step = 0;
    const signedOut = new Error('signed out mid-fill');
    await expect(
      rebaseOnSnapshot(device, USER, snapshot, NOW, {
        fromCars: 100,
        stepCars: 100,
        beforeStep: async () => {
          if (++step === 3) throw signedOut;
        },
      }),
    ).rejects.toBe(signedOut);
    expect(await device.ownedCars.count()).toBe(200);
    expect(await collectionArrival(device, USER)).toEqual({
      state: 'arriving',
      written: 200,
      total: CARS,
    });
    expect(await storedSnapshotState(device, USER)).toBeUndefined();
    const firstSeqs = await seqsInOrder(device);

    // Discarding a change meanwhile rebases on the stored snapshot: there is none yet, and the
    // cars already here must not be taken for ones the collector does not own.
    await rebaseOnStoredSnapshot(device, USER);
    expect(await device.ownedCars.count()).toBe(200);

    const writes = countWrites(device);
    await rebaseOnSnapshot(device, USER, snapshot, NOW, { fromCars: 100, stepCars: 100 });
    expect(rowsToCollection(await readAllRows(device, USER))).toEqual(snapshot.collection);
    // The 200 cars already here kept their seqs and were not written again.
    expect((await seqsInOrder(device)).slice(0, 200)).toEqual(firstSeqs);
    expect(writes.count).toBe(2 * (CARS - 200));
    expect(await collectionArrival(device, USER)).toEqual({ state: 'here' });
  });

  it('leaves a small first pull, and any later pull, to one transaction', async () => {
    const device = await openTestDevice();
    let steps = 0;
    const countSteps = { beforeStep: async () => void steps++ };
    const small = { ...emptyCollection(), ownedCars: largeCollection().ownedCars.slice(0, 499) };
    await rebaseOnSnapshot(device, USER, { collection: small, profile: null }, NOW, countSteps);
    expect(steps).toBe(0);
    await rebaseOnSnapshot(
      device,
      USER,
      { collection: largeCollection(), profile: null },
      NOW,
      countSteps,
    );
    expect(steps).toBe(0);
    expect(await device.ownedCars.count()).toBe(CARS);
  });

  it('leaves a first pull to one transaction when the device holds its cars already', async () => {
    const device = await openTestDevice();
    const snapshot = { collection: largeCollection(), profile: null };
    // The rows there, as a device's own queued changes would have made them, never pulled.
    await rebaseOnSnapshot(device, USER, snapshot, NOW, { fromCars: Infinity });
    await device.snapshots.delete(USER);
    let steps = 0;
    const writes = countWrites(device);
    await rebaseOnSnapshot(device, USER, snapshot, NOW, {
      fromCars: 100,
      beforeStep: async () => void steps++,
    });
    expect(steps).toBe(0);
    expect(writes.count).toBe(0);
  });

  it('sizes each step to the pace of the last, within bounds', () => {
    expect(nextStepSize(800, STEP_TARGET_MS)).toBe(800);
    expect(nextStepSize(800, STEP_TARGET_MS * 2)).toBe(400);
    expect(nextStepSize(800, 0)).toBe(2_000);
    expect(nextStepSize(800, 60_000)).toBe(250);
  });
});
