// listings/complete: marking a listing sold or traded changes both collections through the normal
// collection rules, in one transaction, with the profile totals kept right; nothing changes when
// a copy that should move is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import {
  BONE_SHAKER,
  CHARGER,
  CIVIC,
  GR86,
  SKYLINE,
  TRACK_DAY,
  TWIN_MILL,
} from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';
import type { PushMessage } from '../../api/push/notifier';

const NOW = '2026-03-14T10:00:00.000Z';
const pushes: { userId: string; message: PushMessage }[] = [];
let api: ApiHarness;
let counter = 0;
beforeAll(async () => {
  api = await createApiHarness({
    now: () => NOW,
    newId: () => `server-${++counter}`,
    notifier: {
      send: async (userId, message) => {
        pushes.push({ userId, message });
      },
    },
  });
});
afterAll(async () => {
  await api.close();
});

const id = (prefix: string) => `${prefix}-${randomUUID()}`;

const collector = (stem: string) => api.collector(stem);

async function addCar(user: TestUser, carId: string, details: Record<string, unknown> = {}) {
  const instanceId = id('mine');
  const added = await api.call(user, 'POST', '/api/collection/add-car-instance', {
    carId,
    details: { instanceId, ...details },
  });
  expect(added.status).toBe(200);
  return instanceId;
}

async function collection(user: TestUser) {
  const { status, body } = await api.call(user, 'GET', '/api/collection/get');
  expect(status).toBe(200);
  return body as {
    ownedCars: { carId: string; instances: Record<string, unknown>[] }[];
    ownedSets: { setId: string; instances: Record<string, unknown>[] }[];
  };
}

async function totals(user: TestUser) {
  const { body } = await api.call(user, 'GET', '/api/profile/me');
  return { cars: body.totalCarCount as number, sets: body.totalSetCount as number };
}

const instancesOf = (c: Awaited<ReturnType<typeof collection>>, carId: string) =>
  c.ownedCars.find((car) => car.carId === carId)?.instances ?? [];

async function list(user: TestUser, args: Record<string, unknown>) {
  const listingId = id('listing');
  const created = await api.call(user, 'POST', '/api/listings/create', {
    listingId,
    kind: 'car',
    forTrade: true,
    forSale: false,
    askingPrice: null,
    wants: '',
    ...args,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return listingId;
}

async function acceptedOffer(
  seller: TestUser,
  buyer: TestUser,
  listingId: string,
  extra: Record<string, unknown> = {},
) {
  const offerId = id('offer');
  const made = await api.call(buyer, 'POST', '/api/offers/create', {
    offerId,
    listingId,
    message: 'Deal?',
    offeredCars: [],
    price: null,
    ...extra,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const accepted = await api.call(seller, 'POST', '/api/offers/answer', { offerId, accept: true });
  expect(accepted.status).toBe(200);
  return offerId;
}

describe('listings/complete', () => {
  it('traded: the listed car goes to the buyer and the offered cars to the seller', async () => {
    const seller = await collector('ann');
    const buyer = await collector('ben');
    const listed = await addCar(seller, TWIN_MILL, {
      condition: 'loose',
      grade: 'Excellent',
      purchasePrice: 9,
      notes: 'my notes',
    });
    const sellerKeeps = await addCar(seller, CHARGER);
    const given1 = await addCar(buyer, BONE_SHAKER, { condition: 'boxed', grade: 'Near Mint' });
    const given2 = await addCar(buyer, CHARGER, { condition: 'carded', grade: 'Mint' });
    const buyerKeeps = await addCar(buyer, CHARGER);
    // The buyer wished for the Twin Mill; receiving it takes it off the wishlist (docs/rules.md rule).
    await api.call(buyer, 'POST', '/api/collection/toggle-wishlist', {
      carId: TWIN_MILL,
      isWishlisted: false,
    });
    // The buyer had one of the cars they give listed too: that listing closes with the move.
    const buyersListing = await list(buyer, { itemId: CHARGER, instanceId: given2 });

    const listingId = await list(seller, { itemId: TWIN_MILL, instanceId: listed });
    const offerId = await acceptedOffer(seller, buyer, listingId, {
      offeredCars: [
        { carId: BONE_SHAKER, instanceId: given1 },
        { carId: CHARGER, instanceId: given2 },
      ],
      price: 1.5,
    });
    expect(await totals(seller)).toEqual({ cars: 2, sets: 0 });
    expect(await totals(buyer)).toEqual({ cars: 3, sets: 0 });

    pushes.length = 0;
    const byBuyer = await api.call(buyer, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'traded',
      offerId,
    });
    expect(byBuyer.status).toBe(403);
    const done = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'traded',
      offerId,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ ok: true, listingId, status: 'traded' });
    const buyerInstanceId = done.body.buyerInstanceId as string;
    expect(buyerInstanceId).toMatch(/^server-/);

    const sellerAfter = await collection(seller);
    expect(instancesOf(sellerAfter, TWIN_MILL)).toEqual([]);
    expect(sellerAfter.ownedCars.map((car) => car.carId)).toEqual([CHARGER, BONE_SHAKER]);
    expect(instancesOf(sellerAfter, CHARGER)).toEqual([
      expect.objectContaining({ instanceId: sellerKeeps }),
      {
        instanceId: expect.stringMatching(/^server-/),
        condition: 'carded',
        grade: 'Mint',
        purchasePrice: 0,
        purchaseDate: '2026-03-14',
        notes: '',
        purchasePlace: 'Trade board',
        dateAdded: NOW,
      },
    ]);
    expect(instancesOf(sellerAfter, BONE_SHAKER)).toEqual([
      expect.objectContaining({
        condition: 'boxed',
        grade: 'Near Mint',
        purchasePlace: 'Trade board',
      }),
    ]);

    const buyerAfter = await collection(buyer);
    expect(instancesOf(buyerAfter, BONE_SHAKER)).toEqual([]);
    expect(instancesOf(buyerAfter, CHARGER)).toEqual([
      expect.objectContaining({ instanceId: buyerKeeps }),
    ]);
    expect(instancesOf(buyerAfter, TWIN_MILL)).toEqual([
      {
        instanceId: buyerInstanceId,
        condition: 'loose',
        grade: 'Excellent',
        purchasePrice: 1.5,
        purchaseDate: '2026-03-14',
        notes: '',
        purchasePlace: 'Trade board',
        dateAdded: NOW,
      },
    ]);
    const wishlist = (await api.call(buyer, 'GET', '/api/collection/get')).body.wishlistCarIds;
    expect(wishlist).toEqual([]);

    expect(await totals(seller)).toEqual({ cars: 3, sets: 0 });
    expect(await totals(buyer)).toEqual({ cars: 2, sets: 0 });

    const view = await api.call(seller, 'GET', `/api/listings/${listingId}`);
    expect(view.body.status).toBe('traded');
    expect(view.body.offers[0].status).toBe('accepted');
    const buyersOwn = await api.call(buyer, 'GET', `/api/listings/${buyersListing}`);
    expect(buyersOwn.body.status).toBe('withdrawn');
    const board = await api.call(null, 'GET', '/api/listings?limit=50');
    expect(board.body.listings.map((l: { id: string }) => l.id)).not.toContain(listingId);

    expect(pushes).toEqual([
      expect.objectContaining({
        userId: buyer.uid,
        message: expect.objectContaining({ title: 'Trade complete' }),
      }),
    ]);

    const again = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'traded',
      offerId,
    });
    expect(again.status).toBe(409);
  });

  it('sold: the buyer pays the asking price when the offer names none; offered cars stay', async () => {
    const seller = await collector('cat');
    const buyer = await collector('dan');
    const listed = await addCar(seller, CHARGER, { grade: 'Fair' });
    const offered = await addCar(buyer, BONE_SHAKER);
    const listingId = await list(seller, {
      itemId: CHARGER,
      instanceId: listed,
      forTrade: true,
      forSale: true,
      askingPrice: 7.25,
    });
    const offerId = await acceptedOffer(seller, buyer, listingId, {
      offeredCars: [{ carId: BONE_SHAKER, instanceId: offered }],
    });
    const done = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'sold',
      offerId,
    });
    expect(done.status).toBe(200);
    expect((await collection(seller)).ownedCars).toEqual([]);
    const buyerAfter = await collection(buyer);
    expect(instancesOf(buyerAfter, BONE_SHAKER)).toHaveLength(1);
    expect(instancesOf(buyerAfter, CHARGER)).toEqual([
      expect.objectContaining({ condition: 'carded', grade: 'Fair', purchasePrice: 7.25 }),
    ]);
    expect(await totals(seller)).toEqual({ cars: 0, sets: 0 });
    expect(await totals(buyer)).toEqual({ cars: 2, sets: 0 });
  });

  it('sold without an offer (sold elsewhere): only the seller loses the copy', async () => {
    const seller = await collector('eve');
    const listed = await addCar(seller, CHARGER);
    const listingId = await list(seller, { itemId: CHARGER, instanceId: listed });
    const done = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'sold',
    });
    expect(done.status).toBe(200);
    expect(done.body).not.toHaveProperty('buyerInstanceId');
    expect((await collection(seller)).ownedCars).toEqual([]);
    expect(await totals(seller)).toEqual({ cars: 0, sets: 0 });
  });

  it('moves a whole set with its cars, by the set rules', async () => {
    const seller = await collector('fay');
    const buyer = await collector('gus');
    const added = await api.call(seller, 'POST', '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY },
      instanceDetails: { instanceId: 'pack1' },
    });
    expect(added.status).toBe(200);
    const listingId = await list(seller, {
      kind: 'set',
      itemId: TRACK_DAY,
      instanceId: 'pack1',
      forTrade: false,
      forSale: true,
      askingPrice: 15,
    });
    const offerId = await acceptedOffer(seller, buyer, listingId, { price: 12 });
    const done = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'sold',
      offerId,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const sellerAfter = await collection(seller);
    expect(sellerAfter.ownedSets).toEqual([]);
    expect(sellerAfter.ownedCars).toEqual([]);
    const buyerAfter = await collection(buyer);
    expect(buyerAfter.ownedSets).toEqual([
      {
        setId: TRACK_DAY,
        instances: [expect.objectContaining({ purchasePrice: 12, purchasePlace: 'Trade board' })],
      },
    ]);
    expect(buyerAfter.ownedCars.map((car) => car.carId).sort()).toEqual(
      [SKYLINE, CIVIC, GR86].sort(),
    );
    expect(await totals(seller)).toEqual({ cars: 0, sets: 0 });
    expect(await totals(buyer)).toEqual({ cars: 3, sets: 1 });
  });

  it('answers 409 and changes nothing when the seller no longer has the copy', async () => {
    const seller = await collector('hal');
    const buyer = await collector('ida');
    const listed = await addCar(seller, TWIN_MILL);
    const offered = await addCar(buyer, BONE_SHAKER);
    const listingId = await list(seller, { itemId: TWIN_MILL, instanceId: listed });
    const offerId = await acceptedOffer(seller, buyer, listingId, {
      offeredCars: [{ carId: BONE_SHAKER, instanceId: offered }],
    });
    await api.call(seller, 'POST', '/api/collection/remove-car-instance', {
      carId: TWIN_MILL,
      instanceId: listed,
    });
    const sellerBefore = await collection(seller);
    const buyerBefore = await collection(buyer);
    const refused = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'traded',
      offerId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/no longer has the listed copy/);
    expect(await collection(seller)).toEqual(sellerBefore);
    expect(await collection(buyer)).toEqual(buyerBefore);
    expect(await totals(buyer)).toEqual({ cars: 1, sets: 0 });
    expect((await api.call(seller, 'GET', `/api/listings/${listingId}`)).body.status).toBe('open');
  });

  it('answers 409 and changes nothing when the buyer no longer has an offered car', async () => {
    const seller = await collector('jon');
    const buyer = await collector('kay');
    const listed = await addCar(seller, TWIN_MILL);
    const offered = await addCar(buyer, BONE_SHAKER);
    const listingId = await list(seller, { itemId: TWIN_MILL, instanceId: listed });
    const offerId = await acceptedOffer(seller, buyer, listingId, {
      offeredCars: [{ carId: BONE_SHAKER, instanceId: offered }],
    });
    await api.call(buyer, 'POST', '/api/collection/remove-car-instance', {
      carId: BONE_SHAKER,
      instanceId: offered,
    });
    const sellerBefore = await collection(seller);
    const buyerBefore = await collection(buyer);
    const refused = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'traded',
      offerId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/no longer has the offered car/);
    expect(await collection(seller)).toEqual(sellerBefore);
    expect(await collection(buyer)).toEqual(buyerBefore);
    expect(await totals(seller)).toEqual({ cars: 1, sets: 0 });
    expect(await totals(buyer)).toEqual({ cars: 0, sets: 0 });
  });

  it('needs an accepted offer on this listing, and the seller', async () => {
    const seller = await collector('lou');
    const buyer = await collector('max');
    const listingId = await list(seller, {
      itemId: CHARGER,
      instanceId: await addCar(seller, CHARGER),
    });
    const otherListing = await list(seller, {
      itemId: BONE_SHAKER,
      instanceId: await addCar(seller, BONE_SHAKER),
    });
    const pendingId = id('offer');
    await api.call(buyer, 'POST', '/api/offers/create', {
      offerId: pendingId,
      listingId,
      message: 'Maybe?',
      offeredCars: [],
      price: null,
    });
    const pending = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'sold',
      offerId: pendingId,
    });
    expect(pending.status).toBe(409);
    const elsewhere = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId: otherListing,
      outcome: 'sold',
      offerId: pendingId,
    });
    expect(elsewhere.status).toBe(400);
    const bad = await api.call(seller, 'POST', '/api/listings/complete', {
      listingId,
      outcome: 'gifted',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/outcome: must be sold or traded/);
    expect(
      (
        await api.call(seller, 'POST', '/api/listings/complete', {
          listingId: 'nope',
          outcome: 'sold',
        })
      ).status,
    ).toBe(404);
    expect((await collection(seller)).ownedCars).toHaveLength(2);
  });
});
