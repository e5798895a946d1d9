// Every collector's state is bounded: settings are a capped map, the wishlist,
// favourites, trade/sale stock and follows have caps; past one, a clear 4xx and nothing changed.
// A collection change never reads the settings, so a big profile does not slow its changes.
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, listItems, profiles, tradeSellEntries } from '../../api/db/schema';
import { buildStateDiff, readForMutation } from '../../api/collection/collection-store';
import {
  followsRefusal,
  LIST_CAP_REFUSALS,
  MAX_FAVORITE_ENTRIES,
  MAX_FOLLOWS,
  MAX_SETTINGS_KEYS,
  MAX_TRADE_STOCK_ENTRIES,
  MAX_WISHLIST_ENTRIES,
  settingsKeysRefusal,
  settingsSizeRefusal,
} from '../../src/shared/collector-caps';
import { noReferences } from '../../src/shared/collection/mutations';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { BONE_SHAKER, CHARGER, TRACK_DAY, TWIN_MILL } from '../fixtures/catalog';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const post = (user: TestUser, path: string, body: unknown) => api.call(user, 'POST', path, body);
const setting = (user: TestUser, key: string, value: unknown) =>
  post(user, '/api/users/update-settings', { key, value });
const settingsOf = async (user: TestUser) =>
  (await api.call(user, 'GET', '/api/profile/me')).body.settings as Record<string, unknown>;

/** `n` list rows of `list` for ids that are not the fixture cars the tests then add. */
async function fillList(userId: string, list: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    userId,
    list,
    itemId: `filler-${i}`,
    addedAt: '2026-01-01T00:00:00.000Z',
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await api.database.db.insert(listItems).values(rows.slice(i, i + 1000));
  }
}

const listSize = async (userId: string, lists: string[]) => {
  const [row] = await api.database.db
    .select({ n: count() })
    .from(listItems)
    .where(and(eq(listItems.userId, userId), sql`${listItems.list} IN ${lists}`));
  return row?.n ?? 0;
};

describe('settings are a capped map', () => {
  it(`takes ${MAX_SETTINGS_KEYS} keys, refuses one more with 400 naming it, and changes nothing`, async () => {
    const user = await api.collector('set');
    for (let i = 0; i < MAX_SETTINGS_KEYS; i++) {
      expect((await setting(user, `k${i}`, i)).status).toBe(200);
    }
    const refused = await setting(user, 'one-more', true);
    expect(refused).toEqual({ status: 400, body: { error: settingsKeysRefusal('one-more') } });
    const settings = await settingsOf(user);
    expect(Object.keys(settings)).toHaveLength(MAX_SETTINGS_KEYS);
    expect(settings['one-more']).toBeUndefined();
    // A key already there may still change.
    expect((await setting(user, 'k0', 'changed')).status).toBe(200);
    expect((await settingsOf(user)).k0).toBe('changed');
  });

  it('refuses values that together pass 16,384 characters, with 400, and changes nothing', async () => {
    const user = await api.collector('big');
    const big = 'x'.repeat(9_000);
    expect((await setting(user, 'first', big)).status).toBe(200);
    const refused = await setting(user, 'second', big);
    expect(refused).toEqual({ status: 400, body: { error: settingsSizeRefusal('second') } });
    expect(await settingsOf(user)).toEqual({ first: big });
  });

  it('refuses the same in a push, alone: the entries around it apply', async () => {
    const user = await api.collector('psh');
    const mutations = [
      ...Array.from({ length: MAX_SETTINGS_KEYS + 1 }, (_, i) => ({
        key: `s:${i}`,
        name: 'users/update-settings',
        args: { key: `k${i}`, value: i },
      })),
      { key: 'after', name: 'collection/add-car-instance', args: { carId: CHARGER, details: {} } },
    ];
    const response = await post(user, '/api/sync/push', { mutations });
    const results = response.body.results as { key: string; status: string; error?: string }[];
    expect(results.at(-2)).toEqual({
      key: `s:${MAX_SETTINGS_KEYS}`,
      status: 'rejected',
      error: settingsKeysRefusal(`k${MAX_SETTINGS_KEYS}`),
    });
    expect(results.at(-1)?.status).toBe('ok');
    expect(Object.keys(await settingsOf(user))).toHaveLength(MAX_SETTINGS_KEYS);
  });
});

describe('a collection change leaves the settings alone', () => {
  it("reads none of them: the change's read holds no settings, however many are stored", async () => {
    const user = await api.collector('rd');
    expect((await setting(user, 'currency', 'EUR')).status).toBe(200);
    const refs = { ...noReferences(), carIds: [CHARGER] };
    const read = await readForMutation(api.database.db, user.uid, [], refs);
    expect(read.state.preferences.settings).toEqual({});
    // Asked for (a settings change), they are there.
    const withSettings = await readForMutation(api.database.db, user.uid, [], {
      ...refs,
      settings: true,
    });
    expect(withSettings.state.preferences.settings).toEqual({ currency: 'EUR' });
  });

  it('a settings change writes only its own key, and a collection change keeps what is stored', async () => {
    const user = await api.collector('wr');
    const stored = { a: 'x'.repeat(5_000), b: [1, 2, 3] };
    // As a profile from before the caps may hold: more than a change would now be allowed.
    await api.database.db
      .update(profiles)
      .set({ settings: { ...stored, c: 'y'.repeat(15_000) } })
      .where(eq(profiles.userId, user.uid));
    const read = await readForMutation(api.database.db, user.uid, [], {
      ...noReferences(),
      settings: true,
    });
    const after = {
      ...read.state,
      preferences: {
        ...read.state.preferences,
        settings: { ...read.state.preferences.settings, currency: 'GBP' },
      },
    };
    expect(buildStateDiff(read.state, after, read.totals).profile).toEqual({
      settings: { currency: 'GBP' },
    });
    expect((await post(user, '/api/collection/add-car-instance', { carId: CHARGER })).status).toBe(
      200,
    );
    expect(await settingsOf(user)).toEqual({ ...stored, c: 'y'.repeat(15_000) });
    // Past the cap already, it may shrink but not grow.
    expect((await setting(user, 'currency', 'GBP')).status).toBe(400);
    expect((await setting(user, 'c', 'small')).status).toBe(200);
    expect(await settingsOf(user)).toEqual({ ...stored, c: 'small' });
  });
});

describe('the wishlist, favourites and trade/sale stock are capped', () => {
  it(`the wishlist takes ${MAX_WISHLIST_ENTRIES} cars and sets, then refuses with 422 and changes nothing`, async () => {
    const user = await api.collector('wl');
    await fillList(user.uid, 'wishlistCarIds', MAX_WISHLIST_ENTRIES - 2);
    const add = (carId: string) =>
      post(user, '/api/collection/toggle-wishlist', { carId, isWishlisted: false });
    expect((await add(CHARGER)).status).toBe(200);
    // Sets count with cars.
    const set = await post(user, '/api/collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'wishlist',
      isSetInList: false,
    });
    expect(set.status).toBe(200);
    const refused = await add(BONE_SHAKER);
    expect(refused).toEqual({ status: 422, body: { error: LIST_CAP_REFUSALS.wishlist } });
    expect(await listSize(user.uid, ['wishlistCarIds', 'wishlistSetIds'])).toBe(
      MAX_WISHLIST_ENTRIES,
    );
    // Taking one off still works, and makes room.
    const off = await post(user, '/api/collection/toggle-wishlist', {
      carId: CHARGER,
      isWishlisted: true,
    });
    expect(off.status).toBe(200);
    expect((await add(BONE_SHAKER)).status).toBe(200);
  });

  it(`favourites take ${MAX_FAVORITE_ENTRIES}, then refuse with 422 and change nothing`, async () => {
    const user = await api.collector('fav');
    await fillList(user.uid, 'favoriteSetIds', MAX_FAVORITE_ENTRIES);
    const refused = await post(user, '/api/collection/toggle-favorite', {
      carId: TWIN_MILL,
      isFavorited: false,
    });
    expect(refused).toEqual({ status: 422, body: { error: LIST_CAP_REFUSALS.favorites } });
    expect(await listSize(user.uid, ['favoriteCarIds', 'favoriteSetIds'])).toBe(
      MAX_FAVORITE_ENTRIES,
    );
  });

  it(`trade/sale stock takes ${MAX_TRADE_STOCK_ENTRIES} cars and sets, then refuses with 422`, async () => {
    const user = await api.collector('stk');
    const rows = Array.from({ length: MAX_TRADE_STOCK_ENTRIES - 1 }, (_, i) => ({
      userId: user.uid,
      kind: 'car',
      itemId: `filler-${i}`,
      forTrade: 1,
      forSale: 0,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await api.database.db.insert(tradeSellEntries).values(rows.slice(i, i + 1000));
    }
    const mark = (carId: string, forSale: number) =>
      post(user, '/api/collection/update-car-details', { carId, forTrade: 0, forSale });
    expect((await mark(CHARGER, 1)).status).toBe(200);
    const refused = await mark(BONE_SHAKER, 1);
    expect(refused).toEqual({ status: 422, body: { error: LIST_CAP_REFUSALS.tradeStock } });
    // An entry already there may change its counts.
    expect((await mark(CHARGER, 3)).status).toBe(200);
    const [row] = await api.database.db
      .select({ n: count() })
      .from(tradeSellEntries)
      .where(eq(tradeSellEntries.userId, user.uid));
    expect(row?.n).toBe(MAX_TRADE_STOCK_ENTRIES);
  });
});

describe('follows are capped', () => {
  it(`one follows at most ${MAX_FOLLOWS}: one more is a 422 and nothing changes`, async () => {
    const me = await api.collector('flw');
    const next = await api.collector('nxt');
    const already = await api.collector('alr');
    const rows = Array.from({ length: MAX_FOLLOWS - 1 }, () => ({
      userId: me.uid,
      followeeId: `someone-${randomUUID()}`,
    }));
    await api.database.db.insert(follows).values(rows);
    const follow = (userId: string, following = true) =>
      post(me, '/api/follows/set', { userId, following });
    expect((await follow(already.uid)).status).toBe(200);
    const refused = await follow(next.uid);
    expect(refused).toEqual({ status: 422, body: { error: followsRefusal } });
    const [row] = await api.database.db
      .select({ n: count() })
      .from(follows)
      .where(eq(follows.userId, me.uid));
    expect(row?.n).toBe(MAX_FOLLOWS);
    // Following someone followed already is no new follow; unfollowing makes room.
    expect((await follow(already.uid)).status).toBe(200);
    expect((await follow(already.uid, false)).status).toBe(200);
    expect((await follow(next.uid)).status).toBe(200);
  });
});
