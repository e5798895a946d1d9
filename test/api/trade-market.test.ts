// The market on the server: the community price (never from fewer than 3 sellers; median,
// range, count, dates; open cash listings and deals with a buyer only), Matches (public wishlists only,
// own listings never, exact car before the same casting in another year), Wanted by, and match
// alerts (never for one's own listing, at most one digest an hour, the rest sent as one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNewCopy } from '../fixtures/listed-copy';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { BONE_SHAKER, CHARGER, TWIN_MILL, fixtureCar } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';
import type { PushMessage } from '../../api/push/notifier';
import { catalogCars } from '../../api/db/schema';
import { MATCHES_URL, sendDueDigests } from '../../api/push/held-alerts';

/** The same casting as CHARGER, a year later and in blue. */
const CHARGER_2025 = 'hw-2025-tst01';
const pushes: { userId: string; message: PushMessage }[] = [];
let clock = new Date('2026-11-24T10:00:00.000Z');
let api: ApiHarness;
const notifier = {
  send: async (userId: string, message: PushMessage) => {
    pushes.push({ userId, message });
  },
};

beforeAll(async () => {
  api = await createApiHarness({ notifier, now: () => clock.toISOString() });
  await api.database.db
    .insert(catalogCars)
    .values(fixtureCar(CHARGER_2025, "'69 Dodge Charger 500", { year: 2025, color: 'Blue' }));
});
afterAll(async () => {
  await api.close();
});

type Collector = TestUser & { username: string };
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

async function post(user: Collector, path: string, body: unknown) {
  const response = await api.call(user, 'POST', path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function list(
  seller: Collector,
  carId: string,
  askingPrice: number | null,
  status: 'open' | 'withdrawn' = 'open',
) {
  const listingId = await listNewCopy(api, seller, carId, { askingPrice });
  if (status === 'withdrawn') {
    await post(seller, '/api/listings/update', { listingId, status: 'withdrawn' });
  }
  return listingId;
}

async function wish(user: Collector, carId: string, isPublic: boolean | null) {
  await post(user, '/api/collection/toggle-wishlist', { carId, isWishlisted: false });
  if (isPublic !== null) {
    await post(user, '/api/users/update-settings', { key: 'wishlistPublic', value: isPublic });
  }
}

const prices = (ids: string[]) =>
  api.call(null, 'POST', '/api/trade/community-prices', { kind: 'car', ids });

describe('the community price', () => {
  it('is absent below 3 sellers, then the median, range, seller count and dates of cash listings', async () => {
    // One seller, however many listings, is one price (test/api/price-guide covers the rule).
    const seller = await api.collector('price');
    await list(seller, TWIN_MILL, 4);
    await list(seller, TWIN_MILL, null); // trade only: no price
    await list(seller, TWIN_MILL, 100, 'withdrawn'); // withdrawn: not counted
    expect((await prices([TWIN_MILL])).body).toEqual({ prices: {} });
    later(1);
    await list(await api.collector('price'), TWIN_MILL, 7);
    expect((await prices([TWIN_MILL])).body).toEqual({ prices: {} });
    later(1);
    await list(await api.collector('price'), TWIN_MILL, 5);
    const three = (await prices([TWIN_MILL, BONE_SHAKER])).body.prices;
    expect(Object.keys(three)).toEqual([TWIN_MILL]);
    expect(three[TWIN_MILL]).toMatchObject({ median: 5, low: 4, high: 7, count: 3 });
    expect(new Date(three[TWIN_MILL].to).getTime()).toBeGreaterThan(
      new Date(three[TWIN_MILL].from).getTime(),
    );
    await list(await api.collector('price'), TWIN_MILL, 6);
    expect((await prices([TWIN_MILL])).body.prices[TWIN_MILL]).toMatchObject({
      median: 5.5,
      count: 4,
    });
  });

  it('refuses bad input with 400', async () => {
    expect((await api.call(null, 'POST', '/api/trade/community-prices', { ids: [] })).status).toBe(
      400,
    );
  });
});

describe('matches', () => {
  it('shows nothing for a private wishlist, and says so', async () => {
    const buyer = await api.collector('private');
    const seller = await api.collector('seller');
    await wish(buyer, BONE_SHAKER, null);
    await list(seller, BONE_SHAKER, 3);
    const answer = await api.call(buyer, 'GET', '/api/trade/matches');
    expect(answer.body).toEqual({ wishlistPublic: false, matches: [] });
  });

  it('lists others’ open listings of a public wishlist: exact car first, then the same casting', async () => {
    const buyer = await api.collector('buyer');
    const seller = await api.collector('seller');
    // The buyer's own listing of the car (listed, then wished for again): never a match.
    await list(buyer, CHARGER, 2);
    await wish(buyer, CHARGER, true);
    const casting = await list(seller, CHARGER_2025, 9);
    later(1);
    const exact = await list(seller, CHARGER, 4);
    later(1);
    const exactNewer = await list(seller, CHARGER, null);
    await list(seller, TWIN_MILL, 2); // not wanted
    const answer = (await api.call(buyer, 'GET', '/api/trade/matches')).body;
    expect(answer.wishlistPublic).toBe(true);
    const mine = answer.matches.filter(
      (m: { listing: { seller: { userId: string } } }) => m.listing.seller.userId === seller.uid,
    );
    expect(
      mine.map((m: { listing: { id: string }; match: string }) => [m.listing.id, m.match]),
    ).toEqual([
      [exactNewer, 'exact'],
      [exact, 'exact'],
      [casting, 'casting'],
    ]);
    expect(
      answer.matches.every(
        (m: { listing: { seller: { userId: string } } }) => m.listing.seller.userId !== buyer.uid,
      ),
    ).toBe(true);
    expect(mine[0]).toMatchObject({ wantedItemId: CHARGER, maxPrice: null });
  });

  it('names in Wanted by only collectors whose wishlist is public, never the asker', async () => {
    const seller = await api.collector('wanted');
    const open = await api.collector('open');
    const shy = await api.collector('shy');
    await wish(open, BONE_SHAKER, true);
    await wish(shy, BONE_SHAKER, false);
    await wish(seller, BONE_SHAKER, true);
    const answer = (
      await api.call(seller, 'POST', '/api/trade/wanted-by', {
        kind: 'car',
        ids: [BONE_SHAKER, TWIN_MILL],
      })
    ).body.wantedBy;
    const names = answer[BONE_SHAKER].collectors.map((c: { username: string }) => c.username);
    expect(names).toContain(open.username);
    expect(names).not.toContain(shy.username);
    expect(names).not.toContain(seller.username);
    expect(answer[TWIN_MILL]).toBeUndefined();
  });
});

describe('match alerts', () => {
  const to = (user: Collector) => pushes.filter((push) => push.userId === user.uid);

  it('tells a public wishlist once, holds the rest of the hour, then sends one digest', async () => {
    const buyer = await api.collector('alert');
    const shy = await api.collector('quiet');
    const seller = await api.collector('sell');
    await wish(buyer, TWIN_MILL, true);
    await wish(shy, TWIN_MILL, false);
    await list(seller, TWIN_MILL, 3);
    expect(to(buyer)).toEqual([
      {
        userId: buyer.uid,
        message: {
          title: 'A match for your wishlist',
          body: 'Twin Mill is on the trade board',
          url: MATCHES_URL,
        },
      },
    ]);
    expect(to(shy)).toEqual([]);
    later(10);
    await list(seller, TWIN_MILL, 4);
    later(10);
    await list(seller, TWIN_MILL, 5);
    expect(to(buyer)).toHaveLength(1);
    // Not yet an hour after the first: the sweep sends nothing.
    expect(await sendDueDigests(api.database.db, notifier, clock)).toBe(0);
    later(41);
    await sendDueDigests(api.database.db, notifier, clock);
    expect(to(buyer).map((push) => push.message.body)).toEqual([
      'Twin Mill is on the trade board',
      '2 new listings match your wishlist',
    ]);
    // The digest restarted the hour: a new match inside it is held again.
    later(5);
    await list(seller, TWIN_MILL, 6);
    expect(to(buyer)).toHaveLength(2);
    later(60);
    await list(seller, TWIN_MILL, 7);
    expect(to(buyer).at(-1)?.message.body).toBe('2 new listings match your wishlist');
  });

  it('never alerts a seller about their own listing', async () => {
    const seller = await api.collector('self');
    await wish(seller, BONE_SHAKER, true);
    await list(seller, BONE_SHAKER, 3);
    expect(to(seller)).toEqual([]);
  });
});
