// The trade board's listings and offers: who may do what (403), bad input (400), conflicts (409),
// the public board and its filters, who sees an offer's message, idempotent offers, and pushes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { BONE_SHAKER, BRONCO, CHARGER, TRACK_DAY, TWIN_MILL } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';
import type { PushMessage } from '../../api/push/notifier';

const pushes: { userId: string; message: PushMessage }[] = [];
/** Users the rate limit turns away (with a 7 s wait); everyone else writes freely. */
const limited = new Set<string>();
let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness({
    writeBudget: {
      capacity: 1200,
      refillPerSecond: 20,
      take: async (userId) => (limited.has(userId) ? 7 : null),
      waitFor: async () => 7,
    },
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
  const added = await api.call(user, 'POST', '/api/collection/add-car-instance', {
    carId,
    details,
  });
  expect(added.status).toBe(200);
  return added.body.instanceId as string;
}

async function listCar(
  user: TestUser,
  carId: string,
  instanceId: string,
  extra: Record<string, unknown> = {},
) {
  const listingId = id('listing');
  const created = await api.call(user, 'POST', '/api/listings/create', {
    listingId,
    kind: 'car',
    itemId: carId,
    instanceId,
    forTrade: true,
    forSale: false,
    askingPrice: null,
    wants: 'A Bone Shaker, any colour',
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return listingId;
}

async function offer(user: TestUser, listingId: string, extra: Record<string, unknown> = {}) {
  const offerId = id('offer');
  const made = await api.call(user, 'POST', '/api/offers/create', {
    offerId,
    listingId,
    message: 'Would you take my Twin Mill?',
    offeredCars: [],
    price: null,
    ...extra,
  });
  return { offerId, ...made };
}

describe('listings/create', () => {
  it('lists one of my instances and shows it on the public board with the copy and seller', async () => {
    const seller = await collector('seller');
    const instanceId = await addCar(seller, TWIN_MILL, { condition: 'loose', grade: 'Mint' });
    const listingId = await listCar(seller, TWIN_MILL, instanceId, {
      forSale: true,
      askingPrice: 12.5,
    });
    const board = await api.call(null, 'GET', '/api/listings?hunt=STH');
    expect(board.status).toBe(200);
    const listing = board.body.listings.find((l: { id: string }) => l.id === listingId);
    expect(listing).toMatchObject({
      id: listingId,
      kind: 'car',
      itemId: TWIN_MILL,
      instanceId,
      forTrade: true,
      forSale: true,
      askingPrice: 12.5,
      wants: 'A Bone Shaker, any colour',
      status: 'open',
      available: true,
      pendingOfferCount: 0,
      item: { name: 'Twin Mill', brand: 'Hot Wheels', year: 2024, huntType: 'STH' },
      instance: { condition: 'loose', grade: 'Mint' },
      seller: { userId: seller.uid, avatarUrl: null },
    });
    expect(listing.seller.username).toMatch(/^seller/);
    expect(listing).not.toHaveProperty('offers');
  });

  it('refuses an instance that is not mine (400), a second open listing of one copy (409), bad prices (400)', async () => {
    const seller = await collector('lister');
    const other = await collector('other');
    const theirs = await addCar(other, CHARGER);
    const mine = await addCar(seller, CHARGER);
    const base = {
      kind: 'car',
      itemId: CHARGER,
      forTrade: true,
      forSale: false,
      askingPrice: null,
      wants: '',
    };
    const notMine = await api.call(seller, 'POST', '/api/listings/create', {
      ...base,
      listingId: id('l'),
      instanceId: theirs,
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.error).toMatch(/not one of your instances/);
    const wrongCar = await api.call(seller, 'POST', '/api/listings/create', {
      ...base,
      listingId: id('l'),
      itemId: BONE_SHAKER,
      instanceId: mine,
    });
    expect(wrongCar.status).toBe(400);

    for (const [change, message] of [
      [{ forTrade: false, forSale: false }, /forTrade: list it for trade, for sale or both/],
      [{ forSale: true, askingPrice: null }, /askingPrice: is required/],
      [{ forSale: true, askingPrice: 0 }, /askingPrice: must be more than 0/],
      [{ forSale: true, askingPrice: 0.004 }, /askingPrice: must be at least 0.01/],
      [{ forSale: false, askingPrice: 5 }, /askingPrice: must be null/],
      [{ wants: 'x'.repeat(501) }, /wants: must be at most 500/],
      [{ kind: 'boat' }, /kind: must be car or set/],
      [{ listingId: 'has space' }, /listingId:/],
    ] as const) {
      const refused = await api.call(seller, 'POST', '/api/listings/create', {
        ...base,
        listingId: id('l'),
        instanceId: mine,
        ...change,
      });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.error).toMatch(message);
    }

    await listCar(seller, CHARGER, mine);
    const again = await api.call(seller, 'POST', '/api/listings/create', {
      ...base,
      listingId: id('l'),
      instanceId: mine,
    });
    expect(again.status).toBe(409);
    const mineNow = await api.call(seller, 'GET', '/api/listings/mine');
    expect(mineNow.body.listings).toHaveLength(1);
  });

  it('lists a set instance', async () => {
    const seller = await collector('setter');
    const added = await api.call(seller, 'POST', '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY },
      instanceDetails: {},
    });
    const listingId = id('set');
    const created = await api.call(seller, 'POST', '/api/listings/create', {
      listingId,
      kind: 'set',
      itemId: TRACK_DAY,
      instanceId: added.body.instanceId,
      forTrade: false,
      forSale: true,
      askingPrice: 20,
      wants: '',
    });
    expect(created.status).toBe(200);
    const { body } = await api.call(null, 'GET', `/api/listings/${listingId}`);
    expect(body).toMatchObject({
      kind: 'set',
      item: { name: 'HW Track Day 5-Pack', series: 'Mainline 5-Pack', huntType: null },
      instance: null,
      available: true,
      askingPrice: 20,
    });
  });

  it('needs a token (401) and a username (403)', async () => {
    const anonymous = await api.call(null, 'POST', '/api/listings/create', {});
    expect(anonymous.status).toBe(401);
    const nameless = await api.user();
    await api.call(nameless, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'n1' },
    });
    const refused = await api.call(nameless, 'POST', '/api/listings/create', {
      listingId: id('l'),
      kind: 'car',
      itemId: CHARGER,
      instanceId: 'n1',
      forTrade: true,
      forSale: false,
      askingPrice: null,
    });
    expect(refused.status).toBe(403);
  });
});

describe('the board', () => {
  it('filters by brand, year, series, hunt and trade/sale, newest first, page by page', async () => {
    const seller = await collector('filters');
    const bronco = await listCar(seller, BRONCO, await addCar(seller, BRONCO), {
      forTrade: false,
      forSale: true,
      askingPrice: 3,
    });
    const bone = await listCar(seller, BONE_SHAKER, await addCar(seller, BONE_SHAKER));
    const ids = async (query: string) => {
      const { status, body } = await api.call(null, 'GET', `/api/listings?${query}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.listings.map((l: { id: string }) => l.id) as string[];
    };
    expect(await ids('brand=Matchbox')).toContain(bronco);
    expect(await ids('brand=Matchbox')).not.toContain(bone);
    expect(await ids('year=2023')).toEqual(expect.arrayContaining([bronco]));
    expect(await ids('year=2023')).not.toContain(bone);
    expect(await ids('series=HW%20Test%20Track&hunt=TH')).toContain(bone);
    expect(await ids('hunt=TH')).not.toContain(bronco);
    expect(await ids('type=sale')).toContain(bronco);
    expect(await ids('type=sale')).not.toContain(bone);
    expect(await ids('type=trade')).toContain(bone);
    expect(await ids('type=trade')).not.toContain(bronco);
    expect(await ids('brand=&year=')).toEqual(expect.arrayContaining([bone, bronco]));

    const all = await ids('limit=50');
    expect(all.indexOf(bone)).toBeLessThan(all.indexOf(bronco));
    const first = await api.call(null, 'GET', '/api/listings?limit=1');
    expect(first.body.listings).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api.call(
      null,
      'GET',
      `/api/listings?limit=1&before=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.listings[0].id).toBe(all[1]);

    for (const bad of ['hunt=XX', 'type=swap', 'year=abc', 'limit=0', 'before=nonsense', 'x=1']) {
      const refused = await api.call(null, 'GET', `/api/listings?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
  });

  it('leaves out listings whose copy the seller removed, and withdrawn ones', async () => {
    const seller = await collector('gone');
    const instanceId = await addCar(seller, CHARGER);
    const gone = await listCar(seller, CHARGER, instanceId);
    await api.call(seller, 'POST', '/api/collection/remove-car-instance', {
      carId: CHARGER,
      instanceId,
    });
    const withdrawn = await listCar(seller, BONE_SHAKER, await addCar(seller, BONE_SHAKER));
    expect(
      (
        await api.call(seller, 'POST', '/api/listings/update', {
          listingId: withdrawn,
          status: 'withdrawn',
        })
      ).status,
    ).toBe(200);
    const board = await api.call(null, 'GET', '/api/listings?limit=50');
    const ids = board.body.listings.map((l: { id: string }) => l.id);
    expect(ids).not.toContain(gone);
    expect(ids).not.toContain(withdrawn);
    const mine = await api.call(seller, 'GET', '/api/listings/mine');
    expect(
      mine.body.listings.map((l: { id: string; status: string; available: boolean }) => [
        l.id,
        l.status,
        l.available,
      ]),
    ).toEqual([
      [withdrawn, 'withdrawn', true],
      [gone, 'open', false],
    ]);
    expect((await api.call(null, 'GET', '/api/listings/mine')).status).toBe(401);
    expect((await api.call(null, 'GET', '/api/listings/nope')).status).toBe(404);
    expect((await api.call(null, 'GET', '/api/listings/bad%20id')).status).toBe(400);
  });
});

describe('listings/update', () => {
  it('lets only the seller change price and wants, or withdraw (403 for anyone else)', async () => {
    const seller = await collector('updater');
    const stranger = await collector('stranger');
    const listingId = await listCar(seller, CHARGER, await addCar(seller, CHARGER), {
      forSale: true,
      askingPrice: 4,
    });
    const theirs = await api.call(stranger, 'POST', '/api/listings/update', {
      listingId,
      askingPrice: 1,
    });
    expect(theirs.status).toBe(403);
    const theirWithdraw = await api.call(stranger, 'POST', '/api/listings/update', {
      listingId,
      status: 'withdrawn',
    });
    expect(theirWithdraw.status).toBe(403);
    expect(
      (await api.call(seller, 'POST', '/api/listings/update', { listingId })).body.error,
    ).toMatch(/must change/);
    const underACent = await api.call(seller, 'POST', '/api/listings/update', {
      listingId,
      askingPrice: 0.004,
    });
    expect(underACent.status).toBe(400);
    expect(underACent.body.error).toBe(
      'askingPrice: must be at least 0.01 (prices are kept in whole cents)',
    );
    expect(
      (await api.call(seller, 'POST', '/api/listings/update', { listingId, status: 'sold' }))
        .status,
    ).toBe(400);

    const changed = await api.call(seller, 'POST', '/api/listings/update', {
      listingId,
      askingPrice: 6.499,
      wants: 'Cash only',
    });
    expect(changed.status).toBe(200);
    const { body } = await api.call(null, 'GET', `/api/listings/${listingId}`);
    expect(body).toMatchObject({ askingPrice: 6.5, wants: 'Cash only', status: 'open' });

    const pending = await offer(stranger, listingId);
    expect(pending.status).toBe(200);
    await api.call(seller, 'POST', '/api/listings/update', { listingId, status: 'withdrawn' });
    const after = await api.call(seller, 'GET', `/api/listings/${listingId}`);
    expect(after.body.status).toBe('withdrawn');
    expect(after.body.offers.map((o: { status: string }) => o.status)).toEqual(['declined']);
    const closed = await api.call(seller, 'POST', '/api/listings/update', {
      listingId,
      wants: 'x',
    });
    expect(closed.status).toBe(409);
  });

  it('refuses a price on a trade-only listing', async () => {
    const seller = await collector('tradeonly');
    const listingId = await listCar(seller, CHARGER, await addCar(seller, CHARGER));
    const refused = await api.call(seller, 'POST', '/api/listings/update', {
      listingId,
      askingPrice: 3,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/trade only/);
  });
});

describe('offers', () => {
  it('takes an offer of my own cars, pushes to the seller, and shows it to the two parties only', async () => {
    const seller = await collector('alice');
    const buyer = await collector('bob');
    const third = await collector('carol');
    const listingId = await listCar(seller, TWIN_MILL, await addCar(seller, TWIN_MILL));
    const bobsCar = await addCar(buyer, BONE_SHAKER, { condition: 'boxed', grade: 'Near Mint' });
    pushes.length = 0;
    const made = await offer(buyer, listingId, {
      message: '<b>My</b> Bone Shaker for your Twin Mill?',
      offeredCars: [{ carId: BONE_SHAKER, instanceId: bobsCar }],
      price: 2.5,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({ ok: true, offerId: made.offerId });
    const bobName = (await api.call(buyer, 'GET', '/api/profile/me')).body.username;
    expect(pushes).toEqual([
      {
        userId: seller.uid,
        message: {
          title: 'New offer',
          body: `${bobName} made an offer on Twin Mill`,
          url: `/trade/listing/${listingId}`,
        },
      },
    ]);

    const sellerView = await api.call(seller, 'GET', `/api/listings/${listingId}`);
    expect(sellerView.body.pendingOfferCount).toBe(1);
    expect(sellerView.body.offers).toEqual([
      {
        id: made.offerId,
        listingId,
        buyer: { userId: buyer.uid, username: bobName, avatarUrl: null },
        message: '<b>My</b> Bone Shaker for your Twin Mill?',
        offeredCars: [
          {
            carId: BONE_SHAKER,
            instanceId: bobsCar,
            item: expect.objectContaining({ name: 'Bone Shaker', huntType: 'TH' }),
            instance: { condition: 'boxed', grade: 'Near Mint' },
          },
        ],
        price: 2.5,
        status: 'pending',
        reply: null,
        createdAt: expect.any(String),
        answeredAt: null,
      },
    ]);
    const buyerView = await api.call(buyer, 'GET', `/api/listings/${listingId}`);
    expect(buyerView.body.offers.map((o: { id: string }) => o.id)).toEqual([made.offerId]);

    // Nobody else reads the message: a third collector sees no offers, anonymous no field.
    const thirdView = await api.call(third, 'GET', `/api/listings/${listingId}`);
    expect(thirdView.body.offers).toEqual([]);
    expect(JSON.stringify(thirdView.body)).not.toContain('Bone Shaker for your');
    const anonymous = await api.call(null, 'GET', `/api/listings/${listingId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).not.toHaveProperty('offers');
    expect(JSON.stringify(anonymous.body)).not.toContain('Bone Shaker for your');
    const board = await api.call(third, 'GET', '/api/listings?limit=50');
    expect(JSON.stringify(board.body)).not.toContain('Bone Shaker for your');

    const mine = await api.call(buyer, 'GET', '/api/offers/mine');
    expect(mine.body.offers).toHaveLength(1);
    expect(mine.body.offers[0]).toMatchObject({
      id: made.offerId,
      status: 'pending',
      listing: { id: listingId, item: { name: 'Twin Mill' } },
    });
    expect((await api.call(third, 'GET', '/api/offers/mine')).body.offers).toEqual([]);
    expect((await api.call(null, 'GET', '/api/offers/mine')).status).toBe(401);
  });

  it("refuses a car I don't own (400), my own listing (400), a closed listing (409), bad input (400)", async () => {
    const seller = await collector('dave');
    const buyer = await collector('erin');
    const sellersCar = await addCar(seller, CHARGER);
    const listingId = await listCar(seller, TWIN_MILL, await addCar(seller, TWIN_MILL));

    const notMine = await offer(buyer, listingId, {
      offeredCars: [{ carId: CHARGER, instanceId: sellersCar }],
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.error).toMatch(/offeredCars.0: .* is not one of your instances/);

    const own = await offer(seller, listingId);
    expect(own.status).toBe(400);
    expect(own.body.error).toMatch(/your own listing/);

    const mine = await addCar(buyer, CHARGER);
    for (const [change, message] of [
      [{ message: '' }, /message: must not be empty/],
      [{ message: '   ' }, /message: must not be empty/],
      [{ message: 'x'.repeat(1001) }, /message: must be at most 1,000/],
      [{ price: -1 }, /price:/],
      [{ price: 0.004 }, /price: must be at least 0.01/],
      [
        {
          offeredCars: Array.from({ length: 11 }, (_, i) => ({
            carId: CHARGER,
            instanceId: `i${i}`,
          })),
        },
        /offeredCars: must hold at most 10/,
      ],
      [
        {
          offeredCars: [
            { carId: CHARGER, instanceId: mine },
            { carId: CHARGER, instanceId: mine },
          ],
        },
        /same car instance twice/,
      ],
      [{ extra: true }, /Unrecognized key/],
    ] as const) {
      const refused = await offer(buyer, listingId, change);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.error).toMatch(message);
    }
    expect((await offer(buyer, 'no-such-listing')).status).toBe(404);

    await api.call(seller, 'POST', '/api/listings/update', { listingId, status: 'withdrawn' });
    const closed = await offer(buyer, listingId);
    expect(closed.status).toBe(409);
    const sellerView = await api.call(seller, 'GET', `/api/listings/${listingId}`);
    expect(sellerView.body.offers).toEqual([]);
  });

  it('is idempotent through sync/push: a duplicate key makes one offer and one push', async () => {
    const seller = await collector('frank');
    const buyer = await collector('gina');
    const listingId = await listCar(seller, CHARGER, await addCar(seller, CHARGER));
    const entry = {
      key: `device-${randomUUID()}:1`,
      name: 'offers/create',
      args: { offerId: id('o'), listingId, message: 'Cash?', offeredCars: [], price: 5 },
    };
    pushes.length = 0;
    const first = await api.call(buyer, 'POST', '/api/sync/push', { mutations: [entry] });
    const again = await api.call(buyer, 'POST', '/api/sync/push', { mutations: [entry] });
    expect(first.body.results).toEqual([{ key: entry.key, status: 'ok' }]);
    expect(again.body.results).toEqual([{ key: entry.key, status: 'duplicate' }]);
    const view = await api.call(seller, 'GET', `/api/listings/${listingId}`);
    expect(view.body.offers).toHaveLength(1);
    expect(pushes.filter((p) => p.userId === seller.uid)).toHaveLength(1);

    // The same offer id under another key is a conflict, not a second offer.
    const reused = await api.call(buyer, 'POST', '/api/sync/push', {
      mutations: [{ ...entry, key: `${entry.key}x` }],
    });
    expect(reused.body.results[0]).toMatchObject({ status: 'rejected' });
    expect((await api.call(seller, 'GET', `/api/listings/${listingId}`)).body.offers).toHaveLength(
      1,
    );
  });

  it('lets only the seller answer (403), only once (409); accepting declines the others and pushes the answer', async () => {
    const seller = await collector('hank');
    const buyer = await collector('ivy');
    const other = await collector('jack');
    const listingId = await listCar(seller, CHARGER, await addCar(seller, CHARGER));
    const first = await offer(buyer, listingId, { price: 3 });
    const second = await offer(other, listingId, { price: 2 });

    for (const who of [buyer, other]) {
      const refused = await api.call(who, 'POST', '/api/offers/answer', {
        offerId: first.offerId,
        accept: true,
      });
      expect(refused.status).toBe(403);
    }
    expect(
      (
        await api.call(seller, 'POST', '/api/offers/answer', {
          offerId: first.offerId,
          accept: true,
          reply: 'x'.repeat(501),
        })
      ).status,
    ).toBe(400);
    expect(
      (await api.call(seller, 'POST', '/api/offers/answer', { offerId: 'nope', accept: true }))
        .status,
    ).toBe(404);

    pushes.length = 0;
    const accepted = await api.call(
      seller,
      'POST',
      '/api/offers/answer',
      { offerId: first.offerId, accept: true, reply: 'Deal! Meet at the fair.' },
      { 'Idempotency-Key': 'answer-1' },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ ok: true, offerId: first.offerId, status: 'accepted' });
    const sellerName = (await api.call(seller, 'GET', '/api/profile/me')).body.username;
    expect(pushes).toEqual([
      {
        userId: buyer.uid,
        message: {
          title: 'Offer accepted',
          body: `${sellerName} accepted your offer on '69 Dodge Charger 500`,
          url: `/trade/listing/${listingId}`,
        },
      },
    ]);
    const again = await api.call(
      seller,
      'POST',
      '/api/offers/answer',
      { offerId: first.offerId, accept: true, reply: 'Deal! Meet at the fair.' },
      { 'Idempotency-Key': 'answer-1' },
    );
    expect(again).toEqual(accepted);
    expect(pushes).toHaveLength(1);

    const twice = await api.call(seller, 'POST', '/api/offers/answer', {
      offerId: first.offerId,
      accept: false,
    });
    expect(twice.status).toBe(409);
    const declinedAlready = await api.call(seller, 'POST', '/api/offers/answer', {
      offerId: second.offerId,
      accept: true,
    });
    expect(declinedAlready.status).toBe(409);

    const view = await api.call(seller, 'GET', `/api/listings/${listingId}`);
    const statuses = Object.fromEntries(
      view.body.offers.map((o: { id: string; status: string }) => [o.id, o.status]),
    );
    expect(statuses).toEqual({ [first.offerId]: 'accepted', [second.offerId]: 'declined' });
    const buyerView = await api.call(buyer, 'GET', `/api/listings/${listingId}`);
    expect(buyerView.body.offers[0]).toMatchObject({
      status: 'accepted',
      reply: 'Deal! Meet at the fair.',
      answeredAt: expect.any(String),
    });

    // A decline pushes too.
    const third = await collector('kim');
    const late = await offer(third, listingId);
    pushes.length = 0;
    await api.call(seller, 'POST', '/api/offers/answer', { offerId: late.offerId, accept: false });
    expect(pushes).toEqual([
      expect.objectContaining({
        userId: third.uid,
        message: expect.objectContaining({ title: 'Offer declined' }),
      }),
    ]);
  });

  it('lets only the buyer withdraw an offer (403), once (409)', async () => {
    const seller = await collector('liam');
    const buyer = await collector('mia');
    const listingId = await listCar(seller, CHARGER, await addCar(seller, CHARGER));
    const made = await offer(buyer, listingId);
    const bySeller = await api.call(seller, 'POST', '/api/offers/withdraw', {
      offerId: made.offerId,
    });
    expect(bySeller.status).toBe(403);
    const withdrawn = await api.call(buyer, 'POST', '/api/offers/withdraw', {
      offerId: made.offerId,
    });
    expect(withdrawn.status).toBe(200);
    expect(
      (await api.call(buyer, 'POST', '/api/offers/withdraw', { offerId: made.offerId })).status,
    ).toBe(409);
    const answer = await api.call(seller, 'POST', '/api/offers/answer', {
      offerId: made.offerId,
      accept: true,
    });
    expect(answer.status).toBe(409);
    const mine = await api.call(buyer, 'GET', '/api/offers/mine');
    expect(mine.body.offers[0].status).toBe('withdrawn');
  });

  it('are rate limited per user: 429 with Retry-After, nothing written', async () => {
    const seller = await collector('nora');
    const buyer = await collector('otto');
    const listingId = await listCar(seller, CHARGER, await addCar(seller, CHARGER));
    limited.add(buyer.uid);
    try {
      const response = await api.app.request('/api/offers/create', {
        method: 'POST',
        headers: buyer.headers,
        body: JSON.stringify({ offerId: id('o'), listingId, message: 'Hi', offeredCars: [] }),
      });
      expect(response.status).toBe(429);
      expect(response.headers.get('Retry-After')).toBe('7');
    } finally {
      limited.delete(buyer.uid);
    }
    expect((await api.call(seller, 'GET', `/api/listings/${listingId}`)).body.offers).toEqual([]);
  });
});
