// The car summaries and per-user totals that /collection reads always say what the collection
// rows say: after any sequence of changes on the device, and after any rebase.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import type { GarageDb } from '../../../src/db/garage-db';
import type { OwnedCarRow } from '../../../src/db/device-rows';
import { emptyTotals, summaryOfCar, totalsOf } from '../../../src/db/owned-summaries';
import { readCounters, setTotalsIn, writeCounters } from '../../../src/db/device-counters';
import { loadOwnedCars, loadRecentOwnedCars } from '../../../src/data/use-owned-lists';
import { loadOwnedTotals } from '../../../src/data/use-owned-totals';
import { sortEntries } from '../../../src/features/collection/collection-order';
import { isAppError } from '../../../src/errors/app-error';
import type { Condition } from '../../../src/shared/collection/types';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { rebaseOnSnapshot } from '../../../src/local-store/rebase';
import {
  BONE_SHAKER,
  BRONCO,
  CHARGER,
  CIVIC,
  SKYLINE,
  TRACK_DAY,
  TRACK_DAY_CARS,
} from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

const USER = 'collector-1';
const OTHER = 'collector-2';
const NOW = '2026-11-01T10:00:00.000Z';
const CAR_IDS = [CHARGER, BONE_SHAKER, SKYLINE, CIVIC, BRONCO];
/** Few distinct times, so ties happen and an older instance can be added after a newer one. */
const TIMES = [
  '2026-10-01T08:00:00.000Z',
  '2026-10-05T08:00:00.000Z',
  '2026-10-05T09:30:00.000Z',
  '2026-11-01T10:00:00.000Z',
];
const trackDay = { id: TRACK_DAY };

const step = fc.oneof(
  fc.record({
    name: fc.constant('add-car' as const),
    carId: fc.constantFrom(...CAR_IDS),
    time: fc.option(fc.constantFrom(...TIMES), { nil: undefined }),
    condition: fc.constantFrom<Condition>('carded', 'loose', 'boxed', 'damaged card'),
    price: fc.constantFrom(0, 0.1, 0.2, 1.25, 7.99),
  }),
  fc.record({
    name: fc.constant('remove-car' as const),
    carId: fc.constantFrom(...CAR_IDS),
    pick: fc.nat(5),
  }),
  fc.record({
    name: fc.constant('edit-car' as const),
    carId: fc.constantFrom(...CAR_IDS),
    pick: fc.nat(5),
    condition: fc.constantFrom<Condition>('carded', 'loose', 'boxed', 'damaged card'),
    price: fc.constantFrom(0, 0.3, 2.5),
  }),
  fc.record({ name: fc.constant('add-set' as const), count: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ name: fc.constant('remove-set' as const), pick: fc.nat(5) }),
  fc.record({ name: fc.constant('favorite' as const), carId: fc.constantFrom(...CAR_IDS) }),
  fc.record({ name: fc.constant('wishlist' as const), carId: fc.constantFrom(...CAR_IDS) }),
  fc.record({
    name: fc.constant('trade' as const),
    carId: fc.constantFrom(...CAR_IDS),
    forTrade: fc.nat(2),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Applies one generated step through the device's change path (a refused change is fine). */
async function apply(db: GarageDb, userId: string, s: Step, clock: ReturnType<typeof fixedClock>) {
  const collection = rowsToCollection(await readAllRows(db, userId));
  const change = (name: string, args: unknown) =>
    applyLocalChange(db, userId, name, args, clock).catch((error: unknown) => {
      if (!isAppError(error, 'change-refused')) throw error;
    });
  const instancesOf = (carId: string) =>
    collection.ownedCars.find((car) => car.carId === carId)?.instances ?? [];
  switch (s.name) {
    case 'add-car':
      return change('collection/add-car-instance', {
        carId: s.carId,
        details: { condition: s.condition, purchasePrice: s.price, dateAdded: s.time },
      });
    case 'remove-car': {
      const instances = instancesOf(s.carId);
      const instance = instances[s.pick % Math.max(instances.length, 1)];
      if (!instance) return;
      return change('collection/remove-car-instance', {
        carId: s.carId,
        instanceId: instance.instanceId,
      });
    }
    case 'edit-car': {
      const instances = instancesOf(s.carId);
      const instance = instances[s.pick % Math.max(instances.length, 1)];
      if (!instance) return;
      return change('collection/update-car-instance', {
        carId: s.carId,
        instanceId: instance.instanceId,
        updates: { condition: s.condition, purchasePrice: s.price },
      });
    }
    case 'add-set':
      return change('collection/add-multiple-set-instances', {
        set: trackDay,
        instances: Array.from({ length: s.count }, () => ({})),
      });
    case 'remove-set': {
      const instances = collection.ownedSets[0]?.instances ?? [];
      const instance = instances[s.pick % Math.max(instances.length, 1)];
      if (!instance) return;
      return change('collection/remove-set-instance', {
        setId: TRACK_DAY,
        instanceId: instance.instanceId,
        carIds: TRACK_DAY_CARS,
      });
    }
    case 'favorite':
      return change('collection/toggle-favorite', {
        carId: s.carId,
        isFavorited: collection.favoriteCarIds.some((item) => item.id === s.carId),
      });
    case 'wishlist':
      return change('collection/toggle-wishlist', {
        carId: s.carId,
        isWishlisted: collection.wishlistCarIds.some((item) => item.id === s.carId),
      });
    case 'trade':
      return change('collection/update-car-details', {
        carId: s.carId,
        forTrade: s.forTrade,
        forSale: 0,
      });
  }
}

/** What a car's list entry must say, computed here straight from its instances. */
function fromRow(row: OwnedCarRow) {
  const dates = row.instances.map((instance) => instance.dateAdded).sort();
  let cents = 0;
  for (const instance of row.instances) cents += Math.round(instance.purchasePrice * 100);
  return {
    carId: row.carId,
    seq: row.seq,
    isFavorite: row.isFavorite,
    count: row.instances.length,
    lastAdded: dates.at(-1) ?? '',
    firstAdded: dates[0] ?? '',
    conditions: [...new Set(row.instances.map((instance) => instance.condition))].sort(),
    spent: cents / 100,
  };
}

/** The summaries, the totals and every read /collection makes agree with the full rows. */
async function expectSummariesMatchRows(db: GarageDb, userId: string) {
  const rows = await readAllRows(db, userId);
  const summaries = await db.ownedCarSummaries
    .where('[userId+carId]')
    .between([userId, ''], [userId, '\uffff'])
    .toArray();
  const byCar = (a: { carId: string }, b: { carId: string }) => a.carId.localeCompare(b.carId);
  expect(summaries.sort(byCar)).toEqual(rows.ownedCars.map(summaryOfCar).sort(byCar));
  // None recorded (every change so far refused): the same as none owned.
  expect((await loadOwnedTotals(db, userId)) ?? emptyTotals()).toEqual(
    totalsOf(rows.ownedCars, rows.ownedSets),
  );

  const entries = await loadOwnedCars(db, userId);
  expect(
    entries.map((entry) => ({
      carId: entry.carId,
      seq: entry.seq,
      isFavorite: entry.isFavorite,
      count: entry.count,
      lastAdded: entry.lastAdded,
      firstAdded: entry.firstAdded,
      conditions: [...entry.conditions].sort(),
      spent: entry.spent,
    })),
  ).toEqual(rows.ownedCars.map(fromRow));
  // The first screenful read from the index is the head of the whole list's 'recent' order.
  for (const limit of [1, 3, 50]) {
    expect(await loadRecentOwnedCars(db, userId, limit)).toEqual(
      sortEntries(entries, 'recent').slice(0, limit),
    );
  }
}

describe('the summaries /collection reads', () => {
  it('say what the rows say after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.array(step, { maxLength: 5 }),
        async (mine, theirs) => {
          const db = await openTestDevice();
          const clock = fixedClock(NOW, 'a');
          const otherClock = fixedClock(NOW, 'b');
          for (const [index, s] of mine.entries()) {
            await apply(db, USER, s, clock);
            // Another collector on the same device never moves this one's summaries.
            const theirStep = theirs[index];
            if (theirStep) await apply(db, OTHER, theirStep, otherClock);
          }
          await expectSummariesMatchRows(db, USER);
          await expectSummariesMatchRows(db, OTHER);
          db.close();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('say what the rows say after a rebase, and after more changes on top of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 20 }),
        fc.array(step, { maxLength: 12 }),
        fc.array(step, { maxLength: 8 }),
        async (elsewhere, pending, after) => {
          // The server's state comes from changes made on another device.
          const server = await openTestDevice();
          const serverClock = fixedClock(NOW, 'server');
          for (const s of elsewhere) await apply(server, USER, s, serverClock);
          const snapshot = rowsToCollection(await readAllRows(server, USER));

          const device = await openTestDevice();
          const clock = fixedClock(NOW, 'device');
          for (const s of pending) await apply(device, USER, s, clock);
          await rebaseOnSnapshot(device, USER, { collection: snapshot, profile: null });
          await expectSummariesMatchRows(device, USER);

          for (const s of after) await apply(device, USER, s, clock);
          await expectSummariesMatchRows(device, USER);
          // Everything confirmed: the device becomes exactly the (newer) server state.
          await device.outbox.clear();
          await rebaseOnSnapshot(device, USER, { collection: snapshot, profile: null });
          await expectSummariesMatchRows(device, USER);
          server.close();
          device.close();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('are mended by the next rebase if they ever went wrong', async () => {
    const device = await openTestDevice();
    const clock = fixedClock(NOW, 'device');
    for (const carId of [CHARGER, BONE_SHAKER, SKYLINE]) {
      await applyLocalChange(
        device,
        USER,
        'collection/add-car-instance',
        { carId, details: {} },
        clock,
      );
    }
    const snapshot = rowsToCollection(await readAllRows(device, USER));
    await device.outbox.clear();
    // A lost summary, one for a car no longer owned, and wrong totals.
    const kept = (await device.ownedCarSummaries.get([USER, BONE_SHAKER]))!;
    await device.transaction('rw', [device.ownedCarSummaries, device.meta], async () => {
      await device.ownedCarSummaries.delete([USER, CHARGER]);
      await device.ownedCarSummaries.put({ ...kept, carId: BRONCO });
      const counters = await readCounters(device);
      setTotalsIn(counters, USER, { cars: 1, distinctCars: 9, sets: 2, distinctSets: 0 });
      await writeCounters(device, counters);
    });

    await rebaseOnSnapshot(device, USER, { collection: snapshot, profile: null });
    await expectSummariesMatchRows(device, USER);
  });

  it('sums prices in whole cents and counts each condition', () => {
    const instance = (instanceId: string, condition: Condition, price: number, at: string) => ({
      instanceId,
      condition,
      grade: 'Good' as const,
      purchasePrice: price,
      purchaseDate: null,
      notes: '',
      purchasePlace: '',
      dateAdded: at,
    });
    const row: OwnedCarRow = {
      userId: USER,
      carId: CHARGER,
      seq: 4,
      isFavorite: true,
      instanceIds: ['a', 'b', 'c'],
      instances: [
        instance('a', 'loose', 0.1, TIMES[1]!),
        instance('b', 'carded', 0.2, TIMES[3]!),
        instance('c', 'loose', 0, TIMES[0]!),
      ],
    };
    expect(summaryOfCar(row)).toEqual({
      userId: USER,
      carId: CHARGER,
      seq: 4,
      isFavorite: true,
      count: 3,
      lastAdded: TIMES[3],
      firstAdded: TIMES[0],
      conditions: { loose: 2, carded: 1 },
      spentCents: 30,
    });
  });
});
