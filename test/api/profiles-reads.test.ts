// GET /api/profiles/{userId} (public profile: totals, docs/product.md badges, counts, "by me") and
// GET /api/search/users (contains, any case, prefix first, at most 20, % and _ literal).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, profiles } from '../../api/db/schema';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const short = () => randomUUID().replace(/-/g, '').slice(0, 6);

async function collector(username: string): Promise<TestUser> {
  const user = await api.user();
  expect((await api.call(user, 'POST', '/api/users/initialize', { username })).status).toBe(200);
  return user;
}

describe('GET /api/profiles/{userId}', () => {
  it('answers the whole public profile, with the badges its totals have reached', async () => {
    const name = `Badger${short()}`;
    const user = await collector(name);
    await api.database.db
      .update(profiles)
      .set({ totalCarCount: 350, totalSetCount: 10, completedTutorials: ['spotting-a-th'] })
      .where(sql`${profiles.userId} = ${user.uid}`);
    await api.call(user, 'POST', '/api/profile/update', { bio: 'Mostly Datsuns.' });
    await api.database.db.insert(posts).values([
      { userId: user.uid, id: randomUUID(), body: 'first' },
      { userId: user.uid, id: randomUUID(), body: 'second' },
    ]);

    const response = await api.call(null, 'GET', `/api/profiles/${user.uid}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      userId: user.uid,
      username: name,
      avatarUrl: null,
      bio: 'Mostly Datsuns.',
      totalCarCount: 350,
      totalSetCount: 10,
      badges: [
        { id: 'car-100', label: 'Car Collector', threshold: 100, type: 'car' },
        { id: 'car-300', label: 'Car Collector', threshold: 300, type: 'car' },
        { id: 'set-10', label: 'Set Collector', threshold: 10, type: 'set' },
      ],
      completedTutorials: ['spotting-a-th'],
      followerCount: 0,
      followingCount: 0,
      postCount: 2,
      followedByMe: false,
      isMe: false,
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    expect((await api.call(user, 'GET', `/api/profiles/${user.uid}`)).body.isMe).toBe(true);
  });

  it('shows no badge below the first threshold and every badge at 10,000 cars and 100 sets', async () => {
    const newcomer = await collector(`New${short()}`);
    expect((await api.call(null, 'GET', `/api/profiles/${newcomer.uid}`)).body.badges).toEqual([]);
    await api.database.db
      .update(profiles)
      .set({ totalCarCount: 10_000, totalSetCount: 100 })
      .where(sql`${profiles.userId} = ${newcomer.uid}`);
    const badges = (await api.call(null, 'GET', `/api/profiles/${newcomer.uid}`)).body.badges;
    expect(badges.map((badge: { id: string }) => badge.id)).toEqual([
      'car-100',
      'car-300',
      'car-500',
      'car-1000',
      'car-10000',
      'set-10',
      'set-50',
      'set-100',
    ]);
  });

  it('answers 404 for an unknown user, a user with no username, and a malformed id', async () => {
    const unknown = await api.call(null, 'GET', `/api/profiles/nobody${short()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^No collector with id nobody/);
    const nameless = await api.user();
    expect((await api.call(nameless, 'GET', `/api/profiles/${nameless.uid}`)).status).toBe(404);
    await api.database.db.insert(profiles).values({ userId: `bare${short()}` });
    expect((await api.call(null, 'GET', '/api/profiles/a%20b')).status).toBe(404);
  });
});

describe('GET /api/search/users', () => {
  const stem = `srch${short()}`;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {};
    // 'a_b' must not match 'axb' ('_' is a LIKE wildcard unless escaped).
    for (const suffix of ['A_B', 'axb', 'zed', 'ZEDDY']) {
      const user = await collector(`${stem}${suffix}`);
      ids[suffix] = user.uid;
    }
  });

  const search = (q: string, user: TestUser | null = null) =>
    api.call(user, 'GET', `/api/search/users?q=${encodeURIComponent(q)}`);
  const names = (body: { users: { username: string }[] }) =>
    body.users.map((user) => user.username);

  it('finds usernames containing the text in any case, names starting with it first', async () => {
    const response = await search(`${stem.toUpperCase()}ZED`);
    expect(response.status).toBe(200);
    expect(response.body.query).toBe(`${stem.toUpperCase()}ZED`);
    expect(names(response.body)).toEqual([`${stem}zed`, `${stem}ZEDDY`]);
    // Contains, not only starts with: the tail of a name finds it.
    expect(names((await search('eddy')).body)).toContain(`${stem}ZEDDY`);
    await collector(`zedd${short()}`);
    const mixed = names((await search('zedd')).body);
    expect(mixed[0]).toMatch(/^zedd/);
    expect(mixed).toContain(`${stem}ZEDDY`);
  });

  it('treats _ and % literally (escaped LIKE)', async () => {
    expect(names((await search(`${stem}a_b`)).body)).toEqual([`${stem}A_B`]);
    expect((await search('%')).body.users).toEqual([]);
    expect((await search(`${stem}%`)).body.users).toEqual([]);
    expect((await search('\\')).body.users).toEqual([]);
    const underscores = names((await search('_')).body);
    expect(underscores.length).toBeGreaterThan(0);
    expect(underscores.every((name) => name.includes('_'))).toBe(true);
  });

  it('answers at most 20 collectors', async () => {
    const many = `many${short()}`;
    for (let i = 0; i < 22; i += 1) {
      await api.database.db
        .insert(profiles)
        .values({ userId: `${many}-${i}`, username: `${many}${String(i).padStart(2, '0')}` });
    }
    const response = await search(many);
    expect(response.body.users).toHaveLength(20);
  });

  it('says whom I follow when I search with a token', async () => {
    const reader = await collector(`reader${short()}`);
    await api.call(reader, 'POST', '/api/follows/set', { userId: ids.zed, following: true });
    const response = await search(`${stem}zed`, reader);
    const byName = Object.fromEntries(
      response.body.users.map((user: { username: string; followedByMe: boolean }) => [
        user.username,
        user.followedByMe,
      ]),
    );
    expect(byName).toEqual({ [`${stem}zed`]: true, [`${stem}ZEDDY`]: false });
    expect(response.body.users[0]).toEqual({
      userId: ids.zed,
      username: `${stem}zed`,
      avatarUrl: null,
      totalCarCount: 0,
      totalSetCount: 0,
      followedByMe: true,
    });
  });

  it.each([
    ['', /q must have at least 1 character/],
    ['   ', /q must have at least 1 character/],
    ['x'.repeat(51), /q must be at most 50/],
  ])('answers 400 for q=%j', async (q, message) => {
    const response = await search(q);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  it('answers 400 without q or with an unknown parameter', async () => {
    expect((await api.call(null, 'GET', '/api/search/users')).body.error).toMatch(/q is required/);
    expect((await api.call(null, 'GET', '/api/search/users?q=ab&page=2')).status).toBe(400);
  });
});
