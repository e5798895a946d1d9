// Each change applied on the device (rule + outbox entry in one transaction) has exactly the
// effect the server gives the same queued entry: same collection, same totals, same settings.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app';
import { importCatalog } from '../../api/catalog/catalog-import';
import type { OpenDatabase } from '../../api/db/database';
import { readAllRows, rowsToCollection } from '../../src/db/collection-rows';
import type { GarageDb } from '../../src/db/garage-db';
import { loadOwnedTotals } from '../../src/data/use-owned-totals';
import { isAppError } from '../../src/errors/app-error';
import { applyLocalChange } from '../../src/local-store/local-change';
import { emulatorVerifier, signUpTestUser, type TestUser } from '../fixtures/auth';
import {
  BONE_SHAKER,
  CHARGER,
  CIVIC,
  fixtureCars,
  fixtureSets,
  SKYLINE,
  TRACK_DAY,
  TRACK_DAY_CARS,
  TWIN_MILL,
} from '../fixtures/catalog';
import { fixedClock, openTestDevice } from '../fixtures/device';
import { openTestDatabase } from '../fixtures/test-database';

const NOW = '2026-11-01T10:00:00.000Z';
let database: OpenDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  await importCatalog(database.db, { cars: fixtureCars, sets: fixtureSets });
  app = createApp({ db: database.db, verifier: emulatorVerifier(), now: () => NOW });
});
afterAll(async () => {
  await database.close();
});

async function call(user: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await app.request(path, {
    method,
    headers: user.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Sends the device's outbox to the server, expects every entry accepted, and clears it. */
async function pushOutbox(device: GarageDb, user: TestUser) {
  const entries = await device.outbox
    .where('[userId+seq]')
    .between([user.uid, 0], [user.uid, Infinity])
    .toArray();
  const pushed = await call(user, 'POST', '/api/sync/push', {
    mutations: entries.map(({ key, name, args }) => ({ key, name, args })),
  });
  expect(pushed.status).toBe(200);
  expect((pushed.body.results as { status: string }[]).map((r) => r.status)).toEqual(
    entries.map(() => 'ok'),
  );
  await device.outbox.clear();
}

async function expectDeviceEqualsServer(device: GarageDb, user: TestUser) {
  const server = await call(user, 'GET', '/api/collection/get');
  expect(rowsToCollection(await readAllRows(device, user.uid))).toEqual(server.body);
  const profile = await device.profiles.get(user.uid);
  const totals = await loadOwnedTotals(device, user.uid);
  const serverProfile = await database.db.query.profiles.findFirst({
    where: (p, { eq }) => eq(p.userId, user.uid),
  });
  expect({
    cars: totals?.cars ?? 0,
    sets: totals?.sets ?? 0,
    settings: profile?.settings ?? {},
    tutorials: profile?.completedTutorials ?? [],
  }).toEqual({
    cars: serverProfile?.totalCarCount ?? 0,
    sets: serverProfile?.totalSetCount ?? 0,
    settings: serverProfile?.settings ?? {},
    tutorials: serverProfile?.completedTutorials ?? [],
  });
}

const trackDay = {
  id: TRACK_DAY,
  series: 'Mainline 5-Pack',
  year: 2024,
  name: 'Track Day',
  carIds: TRACK_DAY_CARS,
};

describe('a change on the device and the same change on the server', () => {
  it('agree for every docs/api.md change, one after another', async () => {
    const user = await signUpTestUser();
    const device = await openTestDevice();
    const clock = fixedClock(NOW);
    const change = (name: string, args: unknown) =>
      applyLocalChange(device, user.uid, name, args, clock);

    await change('collection/toggle-wishlist', { carId: CHARGER, isWishlisted: false });
    await change('collection/toggle-wishlist', { carId: SKYLINE, isWishlisted: false });
    await change('collection/update-wishlist-car', {
      carId: SKYLINE,
      maxPrice: 4.999,
      note: '  only carded ',
    });
    await change('collection/update-wishlist-car', { carId: CHARGER, maxPrice: 3, note: '' });
    await change('collection/update-wishlist-car', { carId: CHARGER, maxPrice: null, note: 'red' });
    await change('collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'wishlist',
      isSetInList: false,
    });
    const added = await change('collection/add-car-instance', {
      carId: CHARGER,
      details: { condition: 'loose', purchasePrice: 1.25 },
    });
    await change('collection/add-car-instance', { carId: CHARGER, details: {} });
    await change('collection/add-car-instance', {
      carId: BONE_SHAKER,
      details: { notes: 'fair find' },
    });
    const setAdded = await change('collection/add-set-instance', {
      set: trackDay,
      instanceDetails: { purchasePrice: 5.99 },
    });
    await change('collection/add-multiple-set-instances', {
      set: trackDay,
      instances: [{}, { notes: 'gift' }],
    });
    await change('collection/toggle-favorite', { carId: CIVIC, isFavorited: false });
    await change('collection/toggle-favorite', { carId: TWIN_MILL, isFavorited: false });
    await change('collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'favorite',
      isSetInList: false,
    });
    await change('collection/update-set-details', { setId: TRACK_DAY, type: 'trade', quantity: 2 });
    await change('collection/update-set-details', { setId: TRACK_DAY, type: 'sale', quantity: 1 });
    await change('collection/update-car-details', { carId: CHARGER, forTrade: 1, forSale: 0 });
    await change('collection/update-car-details', { carId: BONE_SHAKER, forTrade: 1, forSale: 1 });
    await change('collection/update-car-details', { carId: BONE_SHAKER, forTrade: 0, forSale: 0 });
    const carInstanceId = (added.mutation.args as { details: { instanceId: string } }).details
      .instanceId;
    await change('collection/update-car-instance', {
      carId: CHARGER,
      instanceId: carInstanceId,
      updates: { grade: 'Mint', purchasePlace: 'Toy fair' },
    });
    const setInstanceId = (setAdded.mutation.args as { instanceDetails: { instanceId: string } })
      .instanceDetails.instanceId;
    await change('collection/update-set-instance', {
      setId: TRACK_DAY,
      instanceId: setInstanceId,
      updates: { notes: 'sealed' },
    });
    await change('collection/remove-set-instance', {
      setId: TRACK_DAY,
      instanceId: setInstanceId,
      carIds: TRACK_DAY_CARS,
    });
    await change('collection/remove-car-instance', { carId: CHARGER, instanceId: carInstanceId });
    await change('users/update-settings', { key: 'theme', value: 'dark' });
    await change('tutorials/complete', { tutorialId: 'spotting-treasure-hunts' });

    expect(await device.outbox.count()).toBe(25);
    await pushOutbox(device, user);
    await expectDeviceEqualsServer(device, user);
  });

  it('agree for random change sequences', async () => {
    const carIds = [CHARGER, BONE_SHAKER, SKYLINE, CIVIC];
    const change = fc.oneof(
      fc.record({ name: fc.constant('add-car'), carId: fc.constantFrom(...carIds) }),
      fc.record({
        name: fc.constant('remove-car'),
        carId: fc.constantFrom(...carIds),
        pick: fc.nat(5),
      }),
      fc.record({ name: fc.constant('add-set'), count: fc.integer({ min: 1, max: 2 }) }),
      fc.record({ name: fc.constant('remove-set'), pick: fc.nat(5) }),
      fc.record({ name: fc.constant('favorite'), carId: fc.constantFrom(...carIds) }),
      fc.record({ name: fc.constant('wishlist'), carId: fc.constantFrom(...carIds) }),
      fc.record({
        name: fc.constant('wish-price'),
        carId: fc.constantFrom(...carIds),
        maxPrice: fc.option(fc.integer({ min: 0, max: 2000 }).map((cents) => cents / 100)),
        note: fc.constantFrom('', 'only carded', ' the blue one '),
      }),
      fc.record({
        name: fc.constant('trade'),
        carId: fc.constantFrom(...carIds),
        forTrade: fc.nat(2),
        forSale: fc.nat(2),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 25 }), async (changes) => {
        const user = await signUpTestUser();
        const device = await openTestDevice();
        const clock = fixedClock(NOW);
        for (const step of changes) {
          const collection = rowsToCollection(await readAllRows(device, user.uid));
          const apply = (name: string, args: unknown) =>
            applyLocalChange(device, user.uid, name, args, clock).catch((error: unknown) => {
              if (!isAppError(error, 'change-refused')) throw error;
            });
          if (step.name === 'add-car')
            await apply('collection/add-car-instance', { carId: step.carId, details: {} });
          if (step.name === 'remove-car') {
            const instances =
              collection.ownedCars.find((c) => c.carId === step.carId)?.instances ?? [];
            const instance = instances[step.pick % Math.max(instances.length, 1)];
            if (instance)
              await apply('collection/remove-car-instance', {
                carId: step.carId,
                instanceId: instance.instanceId,
              });
          }
          if (step.name === 'add-set') {
            await apply('collection/add-multiple-set-instances', {
              set: trackDay,
              instances: Array.from({ length: step.count }, () => ({})),
            });
          }
          if (step.name === 'remove-set') {
            const instances = collection.ownedSets[0]?.instances ?? [];
            const instance = instances[step.pick % Math.max(instances.length, 1)];
            if (instance)
              await apply('collection/remove-set-instance', {
                setId: TRACK_DAY,
                instanceId: instance.instanceId,
                carIds: TRACK_DAY_CARS,
              });
          }
          if (step.name === 'favorite') {
            const isFavorited = collection.favoriteCarIds.some((item) => item.id === step.carId);
            await apply('collection/toggle-favorite', { carId: step.carId, isFavorited });
          }
          if (step.name === 'wishlist') {
            const isWishlisted = collection.wishlistCarIds.some((item) => item.id === step.carId);
            await apply('collection/toggle-wishlist', { carId: step.carId, isWishlisted });
          }
          if (step.name === 'wish-price') {
            // Refused (and so nothing queued) when the car is not on the wishlist.
            await apply('collection/update-wishlist-car', {
              carId: step.carId,
              maxPrice: step.maxPrice,
              note: step.note,
            });
          }
          if (step.name === 'trade')
            await apply('collection/update-car-details', {
              carId: step.carId,
              forTrade: step.forTrade,
              forSale: step.forSale,
            });
        }
        await pushOutbox(device, user);
        await expectDeviceEqualsServer(device, user);
        device.close();
      }),
      { numRuns: 25 },
    );
  });
});

describe('a change on the device is all or nothing', () => {
  it('a change the rules refuse writes neither rows nor an outbox entry', async () => {
    const user = await signUpTestUser();
    const device = await openTestDevice();
    await applyLocalChange(device, user.uid, 'collection/add-car-instance', {
      carId: CHARGER,
      details: {},
    });
    const before = await readAllRows(device, user.uid);
    await expect(
      applyLocalChange(device, user.uid, 'collection/remove-car-instance', {
        carId: CHARGER,
        instanceId: 'nope',
      }),
    ).rejects.toMatchObject({ code: 'change-refused' });
    await expect(
      applyLocalChange(device, user.uid, 'collection/add-car-instance', {
        carId: CHARGER,
        details: { purchasePrice: -1 },
      }),
    ).rejects.toMatchObject({ code: 'invalid-change' });
    expect(await readAllRows(device, user.uid)).toEqual(before);
    expect(await device.outbox.count()).toBe(1);
  });

  it('when the outbox write fails, the rows it would have changed stay as they were', async () => {
    const user = await signUpTestUser();
    const device = await openTestDevice();
    await applyLocalChange(device, user.uid, 'collection/add-car-instance', {
      carId: CHARGER,
      details: {},
    });
    const before = await readAllRows(device, user.uid);
    // The next key is already taken, so outbox.add fails after the rows were written.
    const [queued] = await device.outbox.toArray();
    const clientId = queued!.key.split(':')[0];
    await device.outbox.add({ ...queued!, key: `${clientId}:2`, seq: 2 });
    await expect(
      applyLocalChange(device, user.uid, 'collection/add-car-instance', {
        carId: BONE_SHAKER,
        details: {},
      }),
    ).rejects.toThrow();
    expect(await readAllRows(device, user.uid)).toEqual(before);
    expect((await loadOwnedTotals(device, user.uid))?.cars).toBe(1);
    expect(await device.outbox.count()).toBe(2);
  });

  it("keeps each user's rows apart on one device", async () => {
    const device = await openTestDevice();
    await applyLocalChange(device, 'user-a', 'collection/add-car-instance', {
      carId: CHARGER,
      details: {},
    });
    await applyLocalChange(device, 'user-b', 'collection/toggle-wishlist', {
      carId: CHARGER,
      isWishlisted: false,
    });
    const a = rowsToCollection(await readAllRows(device, 'user-a'));
    const b = rowsToCollection(await readAllRows(device, 'user-b'));
    expect(a.ownedCars.map((car) => car.carId)).toEqual([CHARGER]);
    expect(a.wishlistCarIds).toEqual([]);
    expect(b.ownedCars).toEqual([]);
    expect(b.wishlistCarIds.map((item) => item.id)).toEqual([CHARGER]);
  });
});
