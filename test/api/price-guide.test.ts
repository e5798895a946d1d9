// The price guide (POST /api/trade/community-prices): only prices another collector stood behind
// (deals completed with another collector's accepted offer, open listings), one per seller (their
// latest), shown from 3 distinct sellers; split into sold and asking, and by the copy's condition.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNewCopy } from '../fixtures/listed-copy';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { BONE_SHAKER, BRONCO, CHARGER, CIVIC, GR86, SKYLINE, TWIN_MILL } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';
import { communityPricesAnswerSchema } from '../../src/shared/community/market-schemas';
import type { Condition } from '../../src/shared/collection/types';

let clock = new Date('2026-03-02T10:00:00.000Z');
let api: ApiHarness;

beforeAll(async () => {
  api = await createApiHarness({ now: () => clock.toISOString() });
});
afterAll(async () => {
  await api.close();
});

type Collector = TestUser & { username: string };
/** Moves the clock on, so each price has its own time. */
const later = (days = 1) => {
  clock = new Date(clock.getTime() + days * 86_400_000);
  return clock.toISOString();
};

async function post(user: Collector, path: string, body: unknown) {
  const response = await api.call(user, 'POST', path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const sellers = (n: number, stem: string) =>
  Promise.all(Array.from({ length: n }, () => api.collector(stem)));

/** A copy of the car in this condition, listed for sale (or trade only, with a null price). */
const list = (
  seller: Collector,
  carId: string,
  askingPrice: number | null,
  condition: Condition = 'carded',
) => listNewCopy(api, seller, carId, { askingPrice, condition });

/** The buyer offers (cash or none), the seller accepts and completes it as sold. */
async function sell(seller: Collector, listingId: string, buyer: Collector, price: number | null) {
  const offerId = `o-${randomUUID()}`;
  await post(buyer, '/api/offers/create', { offerId, listingId, message: 'Deal?', price });
  await post(seller, '/api/offers/answer', { offerId, accept: true });
  await post(seller, '/api/listings/complete', { listingId, outcome: 'sold', offerId });
}

async function priceOf(carId: string) {
  const response = await api.call(null, 'POST', '/api/trade/community-prices', {
    kind: 'car',
    ids: [carId],
  });
  expect(response.status).toBe(200);
  // Every answer is what the shared schema says, so the device can check it the same way.
  expect(communityPricesAnswerSchema.safeParse(response.body).success).toBe(true);
  return response.body.prices[carId];
}

describe('the price guide', () => {
  it('never takes a price from a listing completed with no buyer', async () => {
    // The finding: one account lists three copies at 999,999 and marks each sold to nobody.
    const [faker] = await sellers(1, 'faker');
    for (let i = 0; i < 3; i++) {
      const listingId = await list(faker!, TWIN_MILL, 999_999);
      await post(faker!, '/api/listings/complete', { listingId, outcome: 'sold' });
    }
    expect(await priceOf(TWIN_MILL)).toBeUndefined();
    // Nor from three accounts doing the same.
    for (const seller of await sellers(3, 'nobuyer')) {
      const listingId = await list(seller, TWIN_MILL, 999_999);
      await post(seller, '/api/listings/complete', { listingId, outcome: 'sold' });
    }
    expect(await priceOf(TWIN_MILL)).toBeUndefined();
  });

  it('needs 3 distinct sellers: one seller with 3 listings makes no price', async () => {
    const [one, two, three] = await sellers(3, 'distinct');
    for (const price of [4, 5, 6]) {
      later();
      await list(one!, BONE_SHAKER, price);
    }
    expect(await priceOf(BONE_SHAKER)).toBeUndefined();
    await list(two!, BONE_SHAKER, 7);
    expect(await priceOf(BONE_SHAKER)).toBeUndefined();
    await list(three!, BONE_SHAKER, 3);
    // The first seller counts once, at their latest price (6).
    expect(await priceOf(BONE_SHAKER)).toMatchObject({ median: 6, low: 3, high: 7, count: 3 });
  });

  it('counts one price per seller, their latest', async () => {
    const [early, other, third] = await sellers(3, 'latest');
    clock = new Date('2026-03-02T10:00:00.000Z');
    await list(early!, CHARGER, 1);
    later();
    await list(other!, CHARGER, 5);
    later();
    await list(third!, CHARGER, 6);
    later();
    // The early seller lists again, dearer: only this one of theirs counts now.
    await list(early!, CHARGER, 20);
    expect(await priceOf(CHARGER)).toMatchObject({ median: 6, low: 5, high: 20, count: 3 });
  });

  it('says the date window of the prices it counts', async () => {
    const [a, b, c] = await sellers(3, 'window');
    clock = new Date('2026-03-10T09:00:00.000Z');
    const from = clock.toISOString();
    await list(a!, BRONCO, 10);
    later(30);
    await list(b!, BRONCO, 11);
    const to = later(200);
    await list(c!, BRONCO, 12);
    expect(await priceOf(BRONCO)).toMatchObject({ count: 3, from, to });
  });

  it('splits carded from loose, and leaves out a condition with fewer than 3 sellers', async () => {
    const carded = await sellers(3, 'carded');
    const loose = await sellers(3, 'loose');
    for (const [index, seller] of carded.entries())
      await list(seller, SKYLINE, 8 + index, 'carded');
    for (const [index, seller] of loose.entries()) await list(seller, SKYLINE, 2 + index, 'loose');
    const [boxed] = await sellers(1, 'boxed');
    await list(boxed!, SKYLINE, 30, 'boxed');
    const price = await priceOf(SKYLINE);
    expect(price).toMatchObject({ count: 7, median: 8, low: 2, high: 30 });
    expect(price.conditions).toEqual({
      carded: expect.objectContaining({ median: 9, low: 8, high: 10, count: 3 }),
      loose: expect.objectContaining({ median: 3, low: 2, high: 4, count: 3 }),
    });
  });

  it('splits sold (the price agreed with a buyer) from asking (open listings)', async () => {
    const deals = await sellers(3, 'sold');
    const asking = await sellers(3, 'asking');
    const [buyer] = await sellers(1, 'buyer');
    // Agreed: the offer's cash (8 on a 10 listing), else the asking price (9), and a cash offer
    // on a trade-only listing (7).
    await sell(deals[0]!, await list(deals[0]!, CIVIC, 10, 'loose'), buyer!, 8);
    await sell(deals[1]!, await list(deals[1]!, CIVIC, 9, 'loose'), buyer!, null);
    await sell(deals[2]!, await list(deals[2]!, CIVIC, null, 'loose'), buyer!, 7);
    for (const [index, seller] of asking.entries()) await list(seller, CIVIC, 20 + index);
    const price = await priceOf(CIVIC);
    expect(price).toMatchObject({ count: 6, low: 7, high: 22 });
    expect(price.sold).toMatchObject({ median: 8, low: 7, high: 9, count: 3 });
    expect(price.asking).toMatchObject({ median: 21, low: 20, high: 22, count: 3 });
    // A completed copy keeps the condition it changed hands in.
    expect(price.conditions.loose).toMatchObject({ median: 8, count: 3 });
    expect(price.conditions.carded).toMatchObject({ median: 21, count: 3 });
  });

  it('answers only the ids asked, each with a price only from 3 sellers', async () => {
    const [a, b] = await sellers(2, 'few');
    await list(a!, GR86, 5);
    await list(b!, GR86, 6);
    const response = await api.call(null, 'POST', '/api/trade/community-prices', {
      kind: 'car',
      ids: [GR86, SKYLINE],
    });
    expect(Object.keys(response.body.prices)).toEqual([SKYLINE]);
  });
});
