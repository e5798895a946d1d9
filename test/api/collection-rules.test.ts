// docs/rules.md rules through the real endpoints, with real emulator tokens and real SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import {
  BONE_SHAKER,
  CHARGER,
  CIVIC,
  GR86,
  SKYLINE,
  TRACK_DAY,
  TRACK_DAY_CARS,
  TWIN_MILL,
} from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

async function collectionOf(user: TestUser) {
  const { status, body } = await api.call(user, 'GET', '/api/collection/get');
  expect(status).toBe(200);
  return body;
}

async function profileTotals(user: TestUser) {
  await api.call(user, 'POST', '/api/users/initialize', {
    username: `u${user.uid.slice(0, 12)}`,
  });
  const { body } = await api.call(user, 'GET', '/api/profile/me');
  return { cars: body.totalCarCount, sets: body.totalSetCount };
}

describe('collection rules (docs/rules.md) through the API', () => {
  it('returns exactly the docs/product.md collection object for a new collector', async () => {
    const user = await api.user();
    expect(await collectionOf(user)).toEqual({
      ownedCars: [],
      ownedSets: [],
      favoriteCarIds: [],
      wishlistCarIds: [],
      favoriteSetIds: [],
      wishlistSetIds: [],
      tradeSellSets: [],
      tradeSellCars: [],
    });
  });

  it('adds a car instance with the defaults, keeps the client instanceId, and drops it from the wishlist', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/toggle-wishlist', {
      carId: CHARGER,
      isWishlisted: false,
    });
    expect((await collectionOf(user)).wishlistCarIds.map((i: { id: string }) => i.id)).toEqual([
      CHARGER,
    ]);

    const added = await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'device-1:1' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, instanceId: 'device-1:1', totalCarCount: 1 });

    const collection = await collectionOf(user);
    expect(collection.wishlistCarIds).toEqual([]);
    expect(collection.ownedCars).toHaveLength(1);
    const [owned] = collection.ownedCars;
    expect(owned.carId).toBe(CHARGER);
    expect(owned.isFavorite).toBe(false);
    expect(owned.instances).toHaveLength(1);
    expect(owned.instances[0]).toMatchObject({
      instanceId: 'device-1:1',
      condition: 'carded',
      grade: 'Good',
      purchasePrice: 0,
      purchaseDate: null,
      notes: '',
      purchasePlace: '',
    });
    expect(Object.keys(owned.instances[0]).sort()).toEqual(
      [
        'condition',
        'dateAdded',
        'grade',
        'instanceId',
        'notes',
        'purchaseDate',
        'purchasePlace',
        'purchasePrice',
      ].sort(),
    );
  });

  it('generates an instanceId only when the client sent none', async () => {
    const user = await api.user();
    const added = await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: BONE_SHAKER,
      details: { condition: 'loose', purchasePrice: 3.5 },
    });
    expect(added.status).toBe(200);
    expect(added.body.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    const [owned] = (await collectionOf(user)).ownedCars;
    expect(owned.instances[0]).toMatchObject({
      instanceId: added.body.instanceId,
      condition: 'loose',
      purchasePrice: 3.5,
    });
  });

  it('adds a set instance: the set, one carded Good free instance per car noted "Part of …", wishlists cleared', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'wishlist',
      isSetInList: false,
    });
    await api.call(user, 'POST', '/api/collection/toggle-wishlist', {
      carId: CIVIC,
      isWishlisted: false,
    });
    await api.call(user, 'POST', '/api/collection/toggle-wishlist', {
      carId: BONE_SHAKER,
      isWishlisted: false,
    });

    const added = await api.call(user, 'POST', '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY, name: 'whatever the device thought', carIds: ['ignored'] },
      instanceDetails: { instanceId: 'set-1', purchasePrice: 5.49 },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ totalCarCount: 3, totalSetCount: 1 });

    const collection = await collectionOf(user);
    expect(collection.ownedSets).toEqual([
      {
        setId: TRACK_DAY,
        instances: [
          expect.objectContaining({ instanceId: 'set-1', purchasePrice: 5.49, notes: '' }),
        ],
      },
    ]);
    expect(collection.ownedCars.map((c: { carId: string }) => c.carId)).toEqual(TRACK_DAY_CARS);
    for (const owned of collection.ownedCars) {
      expect(owned.instances).toEqual([
        expect.objectContaining({
          notes: 'Part of HW Track Day 5-Pack',
          condition: 'carded',
          grade: 'Good',
          purchasePrice: 0,
        }),
      ]);
    }
    expect(collection.wishlistSetIds).toEqual([]);
    expect(collection.wishlistCarIds.map((i: { id: string }) => i.id)).toEqual([BONE_SHAKER]);
  });

  it('adds several set instances at once and removes one: one instance of each car goes, owners with none left are dropped', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: SKYLINE,
      details: { instanceId: 'own-skyline' },
    });
    const added = await api.call(user, 'POST', '/api/collection/add-multiple-set-instances', {
      set: { id: TRACK_DAY },
      instances: [{ instanceId: 'set-a' }, { instanceId: 'set-b' }],
    });
    expect(added.body).toMatchObject({ instanceIds: ['set-a', 'set-b'], totalSetCount: 2 });
    expect(added.body.totalCarCount).toBe(7);

    const removed = await api.call(user, 'POST', '/api/collection/remove-set-instance', {
      setId: TRACK_DAY,
      instanceId: 'set-a',
      carIds: TRACK_DAY_CARS,
    });
    expect(removed.status).toBe(200);
    let collection = await collectionOf(user);
    expect(
      collection.ownedSets[0].instances.map((i: { instanceId: string }) => i.instanceId),
    ).toEqual(['set-b']);
    const skyline = collection.ownedCars.find((c: { carId: string }) => c.carId === SKYLINE);
    // The Skyline bought on its own stays; set-a's own copy went.
    expect(skyline.instances.map((i: { instanceId: string }) => i.instanceId)).toEqual([
      'own-skyline',
      'set-b~1',
    ]);

    await api.call(user, 'POST', '/api/collection/remove-set-instance', {
      setId: TRACK_DAY,
      instanceId: 'set-b',
      carIds: TRACK_DAY_CARS,
    });
    collection = await collectionOf(user);
    expect(collection.ownedSets).toEqual([]);
    expect(collection.ownedCars.map((c: { carId: string }) => c.carId)).toEqual([SKYLINE]);
    expect(await profileTotals(user)).toEqual({ cars: 1, sets: 0 });
  });

  it('removing the last instance of a car drops the owned car', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: GR86,
      details: { instanceId: 'gr86-1' },
    });
    const removed = await api.call(user, 'POST', '/api/collection/remove-car-instance', {
      carId: GR86,
      instanceId: 'gr86-1',
    });
    expect(removed.body).toMatchObject({ ok: true, totalCarCount: 0 });
    expect((await collectionOf(user)).ownedCars).toEqual([]);
  });

  it('toggles favourites and wishlists of cars and sets by flipping membership', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: TWIN_MILL,
      details: {},
    });
    await api.call(user, 'POST', '/api/collection/toggle-favorite', {
      carId: TWIN_MILL,
      isFavorited: false,
    });
    await api.call(user, 'POST', '/api/collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'favorite',
      isSetInList: false,
    });
    let collection = await collectionOf(user);
    expect(collection.favoriteCarIds).toEqual([{ id: TWIN_MILL, addedAt: expect.any(String) }]);
    expect(collection.ownedCars[0].isFavorite).toBe(true);
    expect(collection.favoriteSetIds.map((i: { id: string }) => i.id)).toEqual([TRACK_DAY]);

    await api.call(user, 'POST', '/api/collection/toggle-favorite', {
      carId: TWIN_MILL,
      isFavorited: true,
    });
    await api.call(user, 'POST', '/api/collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'favorite',
      isSetInList: true,
    });
    collection = await collectionOf(user);
    expect(collection.favoriteCarIds).toEqual([]);
    expect(collection.ownedCars[0].isFavorite).toBe(false);
    expect(collection.favoriteSetIds).toEqual([]);
  });

  it('sets trade/sale quantities: a car entry goes when both are 0; a set entry per type', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/update-car-details', {
      carId: CHARGER,
      forTrade: 2,
      forSale: 1,
    });
    await api.call(user, 'POST', '/api/collection/update-set-details', {
      setId: TRACK_DAY,
      type: 'sale',
      quantity: 1,
    });
    await api.call(user, 'POST', '/api/collection/update-set-details', {
      setId: TRACK_DAY,
      type: 'trade',
      quantity: 3,
    });
    let collection = await collectionOf(user);
    expect(collection.tradeSellCars).toEqual([{ carId: CHARGER, forTrade: 2, forSale: 1 }]);
    expect(collection.tradeSellSets).toEqual([{ setId: TRACK_DAY, forTrade: 3, forSale: 1 }]);

    await api.call(user, 'POST', '/api/collection/update-car-details', {
      carId: CHARGER,
      forTrade: 0,
      forSale: 0,
    });
    collection = await collectionOf(user);
    expect(collection.tradeSellCars).toEqual([]);
  });

  it('updates a car instance and a set instance in place', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'c1' },
    });
    await api.call(user, 'POST', '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY },
      instanceDetails: { instanceId: 's1' },
    });
    const carUpdate = await api.call(user, 'POST', '/api/collection/update-car-instance', {
      carId: CHARGER,
      instanceId: 'c1',
      updates: {
        condition: 'loose',
        grade: 'Mint',
        purchasePrice: 12.5,
        purchaseDate: '2026-03-14',
        purchasePlace: 'Toy fair, hall B',
        notes: 'Soft corner',
      },
    });
    expect(carUpdate.status).toBe(200);
    const setUpdate = await api.call(user, 'POST', '/api/collection/update-set-instance', {
      setId: TRACK_DAY,
      instanceId: 's1',
      updates: { purchasePrice: 6, notes: 'Sealed' },
    });
    expect(setUpdate.status).toBe(200);
    const collection = await collectionOf(user);
    const charger = collection.ownedCars.find((c: { carId: string }) => c.carId === CHARGER);
    expect(charger.instances[0]).toMatchObject({
      instanceId: 'c1',
      condition: 'loose',
      grade: 'Mint',
      purchasePrice: 12.5,
      purchaseDate: '2026-03-14',
      purchasePlace: 'Toy fair, hall B',
      notes: 'Soft corner',
    });
    expect(collection.ownedSets[0].instances[0]).toMatchObject({
      purchasePrice: 6,
      notes: 'Sealed',
    });
  });

  it('keeps profile totals equal to the instance counts through every change', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: {},
    });
    await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: {},
    });
    await api.call(user, 'POST', '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY },
      instanceDetails: { instanceId: 'totals-set' },
    });
    await api.call(user, 'POST', '/api/collection/remove-set-instance', {
      setId: TRACK_DAY,
      instanceId: 'totals-set',
      carIds: [SKYLINE],
    });
    const collection = await collectionOf(user);
    const instances = collection.ownedCars.reduce(
      (sum: number, car: { instances: unknown[] }) => sum + car.instances.length,
      0,
    );
    expect(instances).toBe(4);
    expect(await profileTotals(user)).toEqual({ cars: 4, sets: 0 });
  });

  it('answers car details under the docs/product.md detailed-car field names', async () => {
    const user = await api.user();
    const { status, body } = await api.call(user, 'POST', '/api/collection/details', {
      carIds: [SKYLINE, BONE_SHAKER],
    });
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({
      _id: SKYLINE,
      'Casting Name': 'Nissan Skyline GT-R',
      image: null,
      Series: 'Mainline 5-Pack',
      Year: 2024,
      'Body Color': 'Red',
      'Set Name': 'HW Track Day 5-Pack',
      type: 'Mainline 5-Pack',
      brand: 'Hot Wheels',
      retailPrice: 1.25,
      carsInSet: 3,
      SetID: TRACK_DAY,
      'five Pack ID': TRACK_DAY,
    });
    for (const field of ['Series #', 'Category', 'Hunt Type', 'setRetailPrice']) {
      expect(body[0]).toHaveProperty([field]);
    }
    expect(body[1]['Hunt Type']).toBe('TH');
  });
});
