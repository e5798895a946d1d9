// Alerts that respect the person getting them, delivered for real (web-push to the fake push
// service, decrypted per device) on a pinned clock: one follower alert per pair a day, comments and
// offers in one digest an hour, a daily cap of every kind; and the limits on offers (one waiting
// per buyer and listing, a cap per listing, no withdrawing once the deal is done).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../api/db/database';
import { offers } from '../../api/db/schema';
import { ALERTS_PER_DAY, admitAlerts } from '../../api/push/alerts';
import { forgetOldFollowAlerts } from '../../api/push/follow-alerts';
import { sendDueDigests } from '../../api/push/held-alerts';
import type { Notifier } from '../../api/push/notifier';
import { loadVapidKeys } from '../../api/push/vapid-keys';
import { createWebPushNotifier } from '../../api/push/web-push-notifier';
import {
  LISTING_OFFERS_FULL_ERROR,
  OFFER_ALREADY_PENDING_ERROR,
  PENDING_OFFERS_PER_LISTING_MAX,
} from '../../src/shared/community/offer-limits';
import { listNewCopy } from '../fixtures/listed-copy';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { CHARGER, TWIN_MILL } from '../fixtures/catalog';
import {
  decryptPush,
  startFakePushService,
  type DeviceSubscription,
  type FakePushService,
} from '../fixtures/fake-push-service';

type Collector = TestUser & { username: string };
interface Arrived {
  title: string;
  body: string;
  url: string;
}

let api: ApiHarness;
let pushService: FakePushService;
let notifier: Notifier;
let dataDir: string;
let clock = Date.parse('2026-11-24T08:00:00.000Z');
const later = (minutes: number) => {
  clock += minutes * 60_000;
};
/** Sends started and not yet finished: awaited before looking at what arrived. */
const inFlight = new Set<Promise<void>>();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'diecast-alerts-'));
  const { keys } = await loadVapidKeys({ dataDir });
  pushService = await startFakePushService();
  let real: Notifier | null = null;
  notifier = {
    publicKey: keys.publicKey,
    send(userId, message) {
      const sent = real ? real.send(userId, message) : Promise.resolve();
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
      return sent;
    },
  };
  api = await createApiHarness({
    notifier,
    allowLoopbackPush: true,
    now: () => new Date(clock).toISOString(),
  });
  real = createWebPushNotifier({
    db: api.database.db,
    vapid: keys,
    subject: 'mailto:alerts-test@example.com',
    policy: { production: false, allowLoopback: true },
    log: () => undefined,
  });
});

afterAll(async () => {
  await pushService?.close();
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const devices = new Map<string, DeviceSubscription>();

/** A collector with a phone registered for push. */
async function collector(stem: string): Promise<Collector> {
  const user = await api.collector(stem);
  const phone = pushService.subscription();
  const registered = await api.call(user, 'POST', '/api/push/subscribe', {
    endpoint: phone.endpoint,
    keys: phone.keys,
  });
  expect(registered.status).toBe(200);
  devices.set(user.uid, phone);
  return user;
}

/** Every alert that reached the collector's phone, oldest first. */
async function alertsTo(user: TestUser): Promise<Arrived[]> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  const phone = devices.get(user.uid) as DeviceSubscription;
  return pushService.received
    .filter((push) => phone.endpoint.endsWith(push.path))
    .map((push) => {
      const sent = JSON.parse(decryptPush(push.body, phone));
      return { ...sent.notification, url: sent.data.url } as Arrived;
    });
}

const sweep = () => sendDueDigests(api.database.db, notifier, new Date(clock));

async function post(user: TestUser, path: string, body: unknown) {
  const response = await api.call(user, 'POST', path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const follow = (who: TestUser, userId: string, following: boolean) =>
  post(who, '/api/follows/set', { userId, following });

async function newPost(user: TestUser): Promise<string> {
  const postId = `p-${randomUUID()}`;
  await post(user, '/api/posts/create', { postId, body: 'My Twin Mill' });
  return postId;
}

const comment = (user: TestUser, postId: string, body: string) =>
  post(user, '/api/comments/create', { commentId: `c-${randomUUID()}`, postId, body });

const listCar = (seller: TestUser, carId = TWIN_MILL) => listNewCopy(api, seller, carId);

const offerOn = (buyer: TestUser, listingId: string, offerId = `o-${randomUUID()}`) =>
  api.call(buyer, 'POST', '/api/offers/create', {
    offerId,
    listingId,
    message: 'Would you take cash?',
    price: 5,
  });

describe('follower alerts', () => {
  it('go once a day per follower, however often they unfollow and follow again', async () => {
    const bob = await collector('bob');
    const ann = await collector('ann');
    const cat = await collector('cat');
    // The finding: following and unfollowing in a loop sent one push a follow.
    for (let round = 0; round < 15; round++) {
      await follow(ann, bob.uid, true);
      await follow(ann, bob.uid, false);
      later(1);
    }
    const once = {
      title: 'New follower',
      body: `${ann.username} started following you`,
      url: `/profile/${ann.uid}`,
    };
    expect(await alertsTo(bob)).toEqual([once]);
    // Another follower is another pair.
    await follow(cat, bob.uid, true);
    expect((await alertsTo(bob)).map((alert) => alert.body)).toEqual([
      once.body,
      `${cat.username} started following you`,
    ]);
    // Not quite a day after ann's alert (the loop took 15 minutes): still nothing.
    later(24 * 60 - 16);
    await follow(ann, bob.uid, true);
    expect(await alertsTo(bob)).toHaveLength(2);
    // A day after it, her follow is news again.
    later(1);
    await follow(ann, bob.uid, false);
    await follow(ann, bob.uid, true);
    expect((await alertsTo(bob)).at(-1)).toEqual(once);
    expect(await alertsTo(bob)).toHaveLength(3);

    // The sweep forgets a pair's mark once it is a day old: it no longer decides anything.
    const marks = () =>
      queryRows<{ follower_id: string }>(
        api.database.db,
        sql`SELECT follower_id FROM follow_alerts WHERE user_id = ${bob.uid} ORDER BY sent_at`,
      );
    expect((await marks()).map((row) => row.follower_id)).toEqual([cat.uid, ann.uid]);
    const dayAfterCat = new Date(clock + (24 * 60 - 1) * 60_000);
    expect(await forgetOldFollowAlerts(api.database.db, dayAfterCat)).toBeGreaterThanOrEqual(1);
    expect((await marks()).map((row) => row.follower_id)).toEqual([ann.uid]);
  });
});

describe('comment and offer digests', () => {
  it('send the first comment of the hour at once and the rest as one digest', async () => {
    const bob = await collector('poster');
    const troll = await collector('troll');
    const postId = await newPost(bob);
    // The finding: every comment was a push. Now the first, then ten minutes of more.
    for (let n = 1; n <= 10; n++) {
      await comment(troll, postId, `Comment ${n}`);
      later(1);
    }
    const first = {
      title: 'New comment',
      body: `${troll.username}: Comment 1`,
      url: `/post/${postId}`,
    };
    expect(await alertsTo(bob)).toEqual([first]);
    expect(await sweep()).toBe(0);
    later(51);
    expect(await sweep()).toBe(1);
    expect(await alertsTo(bob)).toEqual([
      first,
      { title: 'New comments', body: '9 new comments on your post', url: `/post/${postId}` },
    ]);
    expect(await sweep()).toBe(0);

    // The digest restarted the hour: comments on two posts are held, and go with the next one
    // after the hour, pointing to the profile that holds both posts.
    const otherPost = await newPost(bob);
    await comment(troll, postId, 'Again');
    await comment(troll, otherPost, 'And here');
    expect(await alertsTo(bob)).toHaveLength(2);
    later(61);
    await comment(troll, postId, 'Once more');
    expect((await alertsTo(bob)).at(-1)).toEqual({
      title: 'New comments',
      body: '3 new comments on your posts',
      url: `/profile/${bob.uid}`,
    });
  });

  it('send the first offer of the hour at once and the rest as one digest', async () => {
    const seller = await collector('seller');
    const listingId = await listCar(seller);
    for (const stem of ['b1', 'b2', 'b3']) {
      const buyer = await collector(stem);
      expect((await offerOn(buyer, listingId)).status).toBe(200);
      later(5);
    }
    const [first, ...rest] = await alertsTo(seller);
    expect(first).toEqual({
      title: 'New offer',
      body: expect.stringMatching(/^b1\w+ made an offer on Twin Mill$/),
      url: `/trade/listing/${listingId}`,
    });
    expect(rest).toEqual([]);
    later(60);
    await sweep();
    expect((await alertsTo(seller)).at(-1)).toEqual({
      title: 'New offers',
      body: '2 new offers on your listing',
      url: `/trade/listing/${listingId}`,
    });
  });
});

describe('the daily cap', () => {
  it(`drops alerts of every kind past ${ALERTS_PER_DAY} a day, counts them, and starts again the next day`, async () => {
    clock = Date.parse('2026-12-01T09:00:00.000Z');
    const bob = await collector('capped');
    const ann = await collector('fan');
    const cat = await collector('critic');
    const dan = await collector('late');
    const postId = await newPost(bob);
    // Bob has had all but one of today's alerts already.
    const today = new Date(clock).toISOString();
    const earlier = Array.from({ length: ALERTS_PER_DAY - 1 }, (_, n) => ({
      userId: bob.uid,
      message: { title: 'Earlier', body: `${n}` },
    }));
    expect(await admitAlerts(api.database.db, earlier, today)).toHaveLength(ALERTS_PER_DAY - 1);

    await follow(ann, bob.uid, true);
    await comment(cat, postId, 'One too many');
    await follow(dan, bob.uid, true);
    expect((await alertsTo(bob)).map((alert) => alert.title)).toEqual(['New follower']);
    const [count] = await queryRows<{ day: string; alerts: number }>(
      api.database.db,
      sql`SELECT day::text AS day, alerts FROM alert_counts WHERE user_id = ${bob.uid}`,
    );
    expect(count).toEqual({ day: '2026-12-01', alerts: ALERTS_PER_DAY + 2 });

    // A digest due today is dropped as well; nothing of today waits for tomorrow.
    await comment(cat, postId, 'Held');
    later(61);
    expect(await sweep()).toBe(0);
    expect(await alertsTo(bob)).toHaveLength(1);

    // The next UTC day starts from nothing.
    clock = Date.parse('2026-12-02T00:05:00.000Z');
    await comment(cat, postId, 'Good morning');
    expect((await alertsTo(bob)).map((alert) => alert.title)).toEqual([
      'New follower',
      'New comment',
    ]);
  });
});

describe('offers/create limits', () => {
  it('takes one waiting offer per buyer and listing: a second is 409 and changes nothing', async () => {
    const seller = await collector('shop');
    const buyer = await collector('keen');
    const listingId = await listCar(seller, CHARGER);
    const firstId = `o-${randomUUID()}`;
    expect((await offerOn(buyer, listingId, firstId)).status).toBe(200);
    const again = await offerOn(buyer, listingId);
    expect(again).toEqual({ status: 409, body: { error: OFFER_ALREADY_PENDING_ERROR } });
    const seen = await api.call(buyer, 'GET', `/api/listings/${listingId}`);
    expect(seen.body.pendingOfferCount).toBe(1);
    expect(seen.body.offers.map((offer: { id: string }) => offer.id)).toEqual([firstId]);
    // Withdrawn, it no longer waits: another may be made.
    await post(buyer, '/api/offers/withdraw', { offerId: firstId });
    expect((await offerOn(buyer, listingId)).status).toBe(200);
  });

  it(`takes at most ${PENDING_OFFERS_PER_LISTING_MAX} waiting offers on a listing`, async () => {
    const seller = await collector('popular');
    const buyer = await collector('last');
    const listingId = await listCar(seller, CHARGER);
    // As many waiting offers as a listing takes, from other buyers.
    await api.database.db.insert(offers).values(
      Array.from({ length: PENDING_OFFERS_PER_LISTING_MAX }, (_, n) => ({
        userId: `buyer-${n}-${randomUUID()}`,
        id: `o-${randomUUID()}`,
        listingId,
        sellerId: seller.uid,
        message: 'Mine?',
        status: 'pending',
      })),
    );
    const refused = await offerOn(buyer, listingId);
    expect(refused).toEqual({ status: 409, body: { error: LISTING_OFFERS_FULL_ERROR } });
    const seen = await api.call(buyer, 'GET', `/api/listings/${listingId}`);
    expect(seen.body.pendingOfferCount).toBe(PENDING_OFFERS_PER_LISTING_MAX);
    expect(seen.body.offers).toEqual([]);
    // One answered: room for one more.
    await api.database.db.execute(
      sql`UPDATE offers SET status = 'declined'
           WHERE id = (SELECT id FROM offers WHERE listing_id = ${listingId} LIMIT 1)`,
    );
    expect((await offerOn(buyer, listingId)).status).toBe(200);
  });
});

describe('offers/withdraw', () => {
  it('is refused once the trade is done, or once the offer was declined: 409, the record unchanged', async () => {
    const seller = await collector('dealer');
    const buyer = await collector('winner');
    const loser = await collector('loser');
    const listingId = await listCar(seller, CHARGER);
    const wonId = `o-${randomUUID()}`;
    const lostId = `o-${randomUUID()}`;
    expect((await offerOn(buyer, listingId, wonId)).status).toBe(200);
    expect((await offerOn(loser, listingId, lostId)).status).toBe(200);
    await post(seller, '/api/offers/answer', { offerId: wonId, accept: true });
    later(1);
    await post(seller, '/api/listings/complete', { listingId, outcome: 'sold', offerId: wonId });
    const before = (await api.call(buyer, 'GET', `/api/listings/${listingId}`)).body.offers;
    later(1);

    const withdrawn = await api.call(buyer, 'POST', '/api/offers/withdraw', { offerId: wonId });
    expect(withdrawn).toEqual({
      status: 409,
      body: { error: 'This listing is already sold: the offer can no longer be withdrawn' },
    });
    expect((await api.call(buyer, 'GET', `/api/listings/${listingId}`)).body.offers).toEqual(
      before,
    );
    expect(before[0]).toMatchObject({ id: wonId, status: 'accepted' });

    const declined = await api.call(loser, 'POST', '/api/offers/withdraw', { offerId: lostId });
    expect(declined).toEqual({
      status: 409,
      body: { error: 'This offer is already declined: it can no longer be withdrawn' },
    });
    const mine = await api.call(loser, 'GET', '/api/offers/mine');
    expect(mine.body.offers[0]).toMatchObject({ id: lostId, status: 'declined' });
  });
});
