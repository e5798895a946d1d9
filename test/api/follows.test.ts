// POST /api/follows/set (set semantics, its refusals, the one push to the followee) and the
// follower / following lists with their cursor pages.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { follows, profiles } from '../../api/db/schema';
import type { Notifier, PushMessage } from '../../api/push/notifier';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';

const sent: { userId: string; message: PushMessage }[] = [];
const recordingNotifier: Notifier = {
  async send(userId, message) {
    sent.push({ userId, message });
  },
};

let api: ApiHarness;
beforeAll(async () => {
  // A clock that moves a second a call: "newest first" never hangs on two follows in one ms.
  let tick = Date.parse('2026-05-01T10:00:00Z');
  api = await createApiHarness({
    notifier: recordingNotifier,
    now: () => new Date((tick += 1000)).toISOString(),
  });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  sent.length = 0;
});

const short = () => randomUUID().replace(/-/g, '').slice(0, 8);

const collector = (stem = 'fol') => api.collector(stem);

const follow = (
  who: TestUser,
  userId: string,
  following = true,
  headers?: Record<string, string>,
) => api.call(who, 'POST', '/api/follows/set', { userId, following }, headers);

/** After-commit effects run once the answer is on its way: give them a moment. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('POST /api/follows/set', () => {
  it('follows: both profiles count it, and the follower sees followedByMe', async () => {
    const ann = await collector();
    const bob = await collector();
    const response = await follow(ann, bob.uid);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, userId: bob.uid, following: true });

    const bobSeenByAnn = await api.call(ann, 'GET', `/api/profiles/${bob.uid}`);
    expect(bobSeenByAnn.body).toMatchObject({
      followerCount: 1,
      followingCount: 0,
      followedByMe: true,
      isMe: false,
    });
    const annSeenByHerself = await api.call(ann, 'GET', `/api/profiles/${ann.uid}`);
    expect(annSeenByHerself.body).toMatchObject({
      followerCount: 0,
      followingCount: 1,
      followedByMe: false,
      isMe: true,
    });
    // Anonymous readers see the counts, never "by me".
    const anonymous = await api.call(null, 'GET', `/api/profiles/${bob.uid}`);
    expect(anonymous.body).toMatchObject({ followerCount: 1, followedByMe: false, isMe: false });
  });

  it('is a set, not a toggle: following twice is one follow, unfollowing twice is none', async () => {
    const ann = await collector();
    const bob = await collector();
    await follow(ann, bob.uid);
    expect((await follow(ann, bob.uid)).status).toBe(200);
    expect((await api.call(null, 'GET', `/api/profiles/${bob.uid}`)).body.followerCount).toBe(1);
    expect((await follow(ann, bob.uid, false)).body).toEqual({
      ok: true,
      userId: bob.uid,
      following: false,
    });
    expect((await follow(ann, bob.uid, false)).status).toBe(200);
    expect((await api.call(null, 'GET', `/api/profiles/${bob.uid}`)).body.followerCount).toBe(0);
  });

  it('refuses following myself with 400, and nothing changes', async () => {
    const ann = await collector();
    const response = await follow(ann, ann.uid);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "You can't follow yourself" });
    const profile = (await api.call(ann, 'GET', `/api/profiles/${ann.uid}`)).body;
    expect(profile).toMatchObject({ followerCount: 0, followingCount: 0 });
  });

  it('answers 404 for an unknown user and for a user with no username yet', async () => {
    const ann = await collector();
    const unknown = await follow(ann, `nobody${short()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^No collector with id nobody/);
    const nameless = await api.user();
    expect((await follow(ann, nameless.uid)).status).toBe(404);
  });

  it('needs a token (401), and a username of my own to follow someone (403)', async () => {
    const bob = await collector();
    expect((await api.call(null, 'POST', '/api/follows/set', { userId: bob.uid })).status).toBe(
      401,
    );
    const nameless = await api.user();
    const response = await follow(nameless, bob.uid);
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Choose a username before following collectors');
  });

  it.each([
    [{}, /userId: .*; following: /],
    [{ userId: 'abc' }, /^following: following must be true or false$/],
    [{ userId: 'abc', following: 'yes' }, /^following: /],
    [{ userId: 'a b', following: true }, /^userId: may only contain/],
    [{ userId: 'abc', following: true, extra: 1 }, /extra/],
  ])('rejects %j with 400', async (payload, message) => {
    const ann = await collector();
    const response = await api.call(ann, 'POST', '/api/follows/set', payload);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });
});

describe('the push to a new follower', () => {
  it('sends exactly one message to the followee, none for a repeat or an unfollow', async () => {
    const ann = await collector('annpush');
    const bob = await collector();
    const key = `device-a:${short()}`;
    await follow(ann, bob.uid, true, { 'Idempotency-Key': key });
    await settled();
    expect(sent).toEqual([
      {
        userId: bob.uid,
        message: {
          title: 'New follower',
          body: `${ann.username} started following you`,
          url: `/profile/${ann.uid}`,
        },
      },
    ]);
    // The same change again (the device retrying its key), a second 'follow', an unfollow.
    await follow(ann, bob.uid, true, { 'Idempotency-Key': key });
    await follow(ann, bob.uid, true);
    await follow(ann, bob.uid, false);
    await follow(ann, bob.uid, false);
    await settled();
    expect(sent).toHaveLength(1);
  });

  it('sends it once when the follow arrives through the outbox, even replayed twice', async () => {
    const ann = await collector();
    const bob = await collector();
    const entry = {
      key: `device-b:${short()}`,
      name: 'follows/set',
      args: { userId: bob.uid, following: true },
    };
    const first = await api.call(ann, 'POST', '/api/sync/push', { mutations: [entry] });
    const second = await api.call(ann, 'POST', '/api/sync/push', { mutations: [entry] });
    expect(first.body.results[0].status).toBe('ok');
    expect(second.body.results[0].status).toBe('duplicate');
    await settled();
    expect(sent.map((message) => message.userId)).toEqual([bob.uid]);
  });

  it('sends nothing when the follow is refused', async () => {
    const ann = await collector();
    await follow(ann, ann.uid);
    await follow(ann, `ghost${short()}`);
    await settled();
    expect(sent).toEqual([]);
  });
});

describe('GET /api/profiles/{userId}/followers and /following', () => {
  let star: TestUser & { username: string };
  let fans: (TestUser & { username: string })[];

  beforeAll(async () => {
    star = await collector('star');
    fans = [];
    for (let i = 0; i < 5; i += 1) {
      const fan = await collector(`fan${i}`);
      await follow(fan, star.uid);
      fans.push(fan);
    }
    // The star follows two of them back.
    await follow(star, fans[0]!.uid);
    await follow(star, fans[3]!.uid);
  });

  it('lists followers newest first, page by page, each once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await api.call(
        null,
        'GET',
        `/api/profiles/${star.uid}/followers?limit=2${query}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.users.map((user: { userId: string }) => user.userId));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(fans.map((fan) => fan.uid).reverse());
  });

  it('gives each row the public profile, totals and followedByMe of the reader', async () => {
    const page = await api.call(star, 'GET', `/api/profiles/${star.uid}/followers`);
    expect(page.body.nextCursor).toBeNull();
    const first = page.body.users.find((user: { userId: string }) => user.userId === fans[0]!.uid);
    expect(first).toEqual({
      userId: fans[0]!.uid,
      username: fans[0]!.username,
      avatarUrl: null,
      totalCarCount: 0,
      totalSetCount: 0,
      followedByMe: true,
    });
    const followedBack = page.body.users
      .filter((user: { followedByMe: boolean }) => user.followedByMe)
      .map((user: { userId: string }) => user.userId)
      .sort();
    expect(followedBack).toEqual([fans[0]!.uid, fans[3]!.uid].sort());
  });

  it('lists whom a collector follows', async () => {
    const page = await api.call(null, 'GET', `/api/profiles/${star.uid}/following`);
    expect(page.status).toBe(200);
    expect(page.body.users.map((user: { userId: string }) => user.userId)).toEqual([
      fans[3]!.uid,
      fans[0]!.uid,
    ]);
    const fansFollowing = await api.call(null, 'GET', `/api/profiles/${fans[1]!.uid}/following`);
    expect(fansFollowing.body.users.map((user: { userId: string }) => user.userId)).toEqual([
      star.uid,
    ]);
  });

  it('answers 404 for an unknown collector and 400 for a bad limit or cursor', async () => {
    expect((await api.call(null, 'GET', `/api/profiles/nobody${short()}/followers`)).status).toBe(
      404,
    );
    const nameless = await api.user();
    expect((await api.call(null, 'GET', `/api/profiles/${nameless.uid}/following`)).status).toBe(
      404,
    );
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'cursor=bogus', 'sort=new']) {
      const response = await api.call(null, 'GET', `/api/profiles/${star.uid}/followers?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toBeTruthy();
    }
    // A well-formed cursor with an impossible date is refused too, not a server error.
    const impossible = Buffer.from(
      JSON.stringify(['2026-02-30T10:00:00.000000Z', 'someone']),
    ).toString('base64url');
    const response = await api.call(
      null,
      'GET',
      `/api/profiles/${star.uid}/followers?cursor=${impossible}`,
    );
    expect(response.status).toBe(400);
  });

  it('answers 401 for a token that is sent but not valid', async () => {
    const response = await api.call(null, 'GET', `/api/profiles/${star.uid}/followers`, undefined, {
      Authorization: 'Bearer not-a-token',
    });
    expect(response.status).toBe(401);
  });

  it('never lists a user without a username, even with a follow row written by hand', async () => {
    const nameless = await api.user();
    await api.database.db.insert(profiles).values({ userId: nameless.uid });
    await api.database.db.insert(follows).values({ userId: nameless.uid, followeeId: star.uid });
    const page = await api.call(null, 'GET', `/api/profiles/${star.uid}/followers?limit=100`);
    const ids = page.body.users.map((user: { userId: string }) => user.userId);
    expect(ids).toHaveLength(5);
    expect(ids).not.toContain(nameless.uid);
  });
});
