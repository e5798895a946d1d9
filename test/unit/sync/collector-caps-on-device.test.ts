// The device refuses a change past a collector cap before queueing it, with the server's words
// (src/shared/collector-caps.ts): nothing is written, nothing waits in the outbox.
import { describe, expect, it } from 'vitest';
import { changeBaseSettled, loadChangeBase } from '../../../src/local-store/change-base-load';
import { changeBaseFor } from '../../../src/local-store/change-base';
import type { GarageDb } from '../../../src/db/garage-db';
import { unsentEntries } from '../../../src/db/outbox-store';
import { isAppError } from '../../../src/errors/app-error';
import {
  followsRefusal,
  LIST_CAP_REFUSALS,
  MAX_FOLLOWS,
  MAX_SETTINGS_KEYS,
  MAX_TRADE_STOCK_ENTRIES,
  MAX_WISHLIST_ENTRIES,
  settingsKeysRefusal,
  settingsSizeRefusal,
} from '../../../src/shared/collector-caps';
import { FOLLOWS_SET } from '../../../src/shared/community/profile-schemas';
import { appendCommunityChange } from '../../../src/sync/community-change';
import { cacheKey } from '../../../src/sync/community-client';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { CHARGER, TWIN_MILL } from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

const USER = 'capped-1';
const clock = fixedClock();

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error, 'change-refused')) throw new Error(`not refused: ${String(error)}`);
  return error.message;
}

/** Seeds rows as a rebase would: with the collection version, in one transaction with 'meta'. */
const seed = (db: GarageDb, work: () => Promise<unknown>) =>
  db.transaction('rw', [db.listItems, db.tradeSell, db.profiles, db.meta], work);

const change = (db: GarageDb, name: string, args: unknown) =>
  applyLocalChange(db, USER, name, args, clock);

async function fillWishlist(db: GarageDb, n: number) {
  await seed(db, () =>
    db.listItems.bulkAdd(
      Array.from({ length: n }, (_, i) => ({
        userId: USER,
        list: 'wishlistSetIds' as const,
        id: `filler-${i}`,
        addedAt: '2026-01-01T00:00:00.000Z',
        seq: i + 1,
      })),
    ),
  );
}

describe('a collector cap on the device', () => {
  it('refuses a wishlist past its cap before queueing, in the words the server uses', async () => {
    const db = await openTestDevice();
    await fillWishlist(db, MAX_WISHLIST_ENTRIES - 1);
    await change(db, 'collection/toggle-wishlist', { carId: CHARGER, isWishlisted: false });
    const words = await refusal(
      change(db, 'collection/toggle-wishlist', { carId: TWIN_MILL, isWishlisted: false }),
    );
    expect(words).toBe(LIST_CAP_REFUSALS.wishlist);
    expect((await unsentEntries(db, USER)).map((entry) => entry.args)).toEqual([
      { carId: CHARGER, isWishlisted: false },
    ]);
    expect(await db.listItems.get([USER, 'wishlistCarIds', TWIN_MILL])).toBeUndefined();
  });

  it('refuses the same on the context copy of the rows (the quick way)', async () => {
    const db = await openTestDevice();
    await fillWishlist(db, MAX_WISHLIST_ENTRIES);
    await change(db, 'collection/add-car-instance', { carId: CHARGER, details: {} });
    await changeBaseSettled(db);
    await loadChangeBase(db, USER);
    expect(changeBaseFor(db, USER)).toBeDefined();
    const words = await refusal(
      change(db, 'collection/toggle-wishlist', { carId: TWIN_MILL, isWishlisted: false }),
    );
    expect(words).toBe(LIST_CAP_REFUSALS.wishlist);
    expect(await unsentEntries(db, USER)).toHaveLength(1);
  });

  it('refuses trade/sale stock past its cap', async () => {
    const db = await openTestDevice();
    await seed(db, () =>
      db.tradeSell.bulkAdd(
        Array.from({ length: MAX_TRADE_STOCK_ENTRIES }, (_, i) => ({
          userId: USER,
          kind: 'car' as const,
          id: `filler-${i}`,
          forTrade: 1,
          forSale: 0,
          seq: i + 1,
        })),
      ),
    );
    const words = await refusal(
      change(db, 'collection/update-car-details', { carId: CHARGER, forTrade: 1, forSale: 0 }),
    );
    expect(words).toBe(LIST_CAP_REFUSALS.tradeStock);
    expect(await unsentEntries(db, USER)).toEqual([]);
  });

  it('refuses a settings key past the cap, or settings too large, and queues nothing', async () => {
    const db = await openTestDevice();
    const settings = Object.fromEntries(
      Array.from({ length: MAX_SETTINGS_KEYS }, (_, i) => [`k${i}`, i]),
    );
    await seed(db, () =>
      db.profiles.put({
        userId: USER,
        username: 'Capped',
        completedTutorials: [],
        settings,
        subscription: { status: null },
      }),
    );
    const tooMany = await refusal(
      change(db, 'users/update-settings', { key: 'one-more', value: true }),
    );
    expect(tooMany).toBe(settingsKeysRefusal('one-more'));
    await seed(db, () => db.profiles.update(USER, { settings: { a: 'x'.repeat(9_000) } }));
    const tooBig = await refusal(
      change(db, 'users/update-settings', { key: 'b', value: 'x'.repeat(9_000) }),
    );
    expect(tooBig).toBe(settingsSizeRefusal('b'));
    expect(await unsentEntries(db, USER)).toEqual([]);
  });

  it('refuses a follow once the kept own profile and the queued follows reach the cap', async () => {
    const db = await openTestDevice();
    await db.communityCache.put({
      key: cacheKey(USER, `/api/profiles/${USER}`),
      userId: USER,
      body: { userId: USER, followingCount: MAX_FOLLOWS - 1 },
      fetchedAt: '2026-11-01T09:00:00.000Z',
    });
    await appendCommunityChange(db, USER, FOLLOWS_SET, { userId: 'ann', following: true }, clock);
    const words = await refusal(
      appendCommunityChange(db, USER, FOLLOWS_SET, { userId: 'bob', following: true }, clock),
    );
    expect(words).toBe(followsRefusal);
    // Unfollowing, or following again someone queued, is never refused.
    await appendCommunityChange(db, USER, FOLLOWS_SET, { userId: 'ann', following: true }, clock);
    await appendCommunityChange(db, USER, FOLLOWS_SET, { userId: 'cy', following: false }, clock);
    expect(await unsentEntries(db, USER)).toHaveLength(3);
  });
});
