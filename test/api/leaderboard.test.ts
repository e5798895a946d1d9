// GET /api/leaderboard: the top 100 by cars or sets with ties sharing a rank (1, 2, 2, 4), only
// collectors with a username, and my own rank even far outside the top 100.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileDetails, profiles } from '../../api/db/schema';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
let leader: TestUser;
let me: TestUser;
let zero: TestUser;
let nameless: TestUser;

const SEEDED = 105;
const seededId = (i: number) => `seed-lb-${i}`;
const seededName = (i: number) => `lb${String(i).padStart(3, '0')}`;
/** 2000, 1990, 1990 (a tie), 1970, 1960, … 960: all above `me`. */
const seededCars = (i: number) => (i === 2 ? 1990 : 2000 - 10 * i);
const seededSets = (i: number) => [50, 50, 10][i] ?? 0;

async function setTotals(userId: string, cars: number, sets: number) {
  await api.database.db
    .update(profiles)
    .set({ totalCarCount: cars, totalSetCount: sets })
    .where(sql`${profiles.userId} = ${userId}`);
}

async function collector(username: string, cars: number, sets: number): Promise<TestUser> {
  const user = await api.user();
  expect((await api.call(user, 'POST', '/api/users/initialize', { username })).status).toBe(200);
  await setTotals(user.uid, cars, sets);
  return user;
}

beforeAll(async () => {
  api = await createApiHarness();
  // Direct SQL: 105 collectors are faster written than signed up.
  await api.database.db.insert(profiles).values(
    Array.from({ length: SEEDED }, (_, i) => ({
      userId: seededId(i),
      username: seededName(i),
      totalCarCount: seededCars(i),
      totalSetCount: seededSets(i),
    })),
  );
  await api.database.db
    .insert(profileDetails)
    .values({ userId: seededId(0), avatarPhotoId: 'avatar-0', bio: '' });
  // A profile without a username never ranks, whatever it holds.
  await api.database.db
    .insert(profiles)
    .values({ userId: 'seed-no-name', totalCarCount: 99_999, totalSetCount: 999 });
  leader = await collector('TopLeader', 3000, 0);
  me = await collector('MiddleMe', 5, 3);
  zero = await collector('ZeroZed', 0, 0);
  nameless = await api.user();
});
afterAll(async () => {
  await api.close();
});

const board = (user: TestUser | null, query = '') =>
  api.call(user, 'GET', `/api/leaderboard${query}`);

describe('GET /api/leaderboard?by=cars', () => {
  it('ranks the top 100 with shared ranks for ties (standard competition ranking)', async () => {
    const response = await board(null, '?by=cars');
    expect(response.status).toBe(200);
    const { by, top, me: mine } = response.body;
    expect(by).toBe('cars');
    expect(mine).toBeNull();
    expect(top).toHaveLength(100);
    expect(top.slice(0, 5)).toEqual([
      { rank: 1, userId: leader.uid, username: 'TopLeader', avatarUrl: null, count: 3000 },
      {
        rank: 2,
        userId: seededId(0),
        username: seededName(0),
        avatarUrl: `/api/photos/${seededId(0)}/avatar-0`,
        count: 2000,
      },
      { rank: 3, userId: seededId(1), username: seededName(1), avatarUrl: null, count: 1990 },
      { rank: 3, userId: seededId(2), username: seededName(2), avatarUrl: null, count: 1990 },
      { rank: 5, userId: seededId(3), username: seededName(3), avatarUrl: null, count: 1970 },
    ]);
    expect(top.at(-1)).toMatchObject({ rank: 100, userId: seededId(98) });
    const ids = top.map((entry: { userId: string }) => entry.userId);
    expect(ids).not.toContain('seed-no-name');
    expect(ids).not.toContain(me.uid);
  });

  it('gives me my own rank even when I am far outside the top 100', async () => {
    const response = await board(me, '?by=cars');
    // The leader and all 105 seeded collectors have more cars.
    expect(response.body.me).toEqual({ rank: 107, count: 5 });
  });

  it('places a collector with nothing yet after everyone ranked, without listing zeros', async () => {
    const response = await board(zero, '?by=cars');
    expect(response.body.me).toEqual({ rank: 108, count: 0 });
    expect(response.body.top.every((entry: { count: number }) => entry.count > 0)).toBe(true);
  });

  it('answers me: null for a signed-in user with no username', async () => {
    expect((await board(nameless, '?by=cars')).body.me).toBeNull();
  });

  it('reads cars when by is left out', async () => {
    const response = await board(leader);
    expect(response.body.by).toBe('cars');
    expect(response.body.me).toEqual({ rank: 1, count: 3000 });
  });
});

describe('GET /api/leaderboard?by=sets', () => {
  it('ranks by sets, ties first (1, 1, 3), and shows me in the top when I am', async () => {
    const response = await board(me, '?by=sets');
    expect(response.status).toBe(200);
    expect(response.body.by).toBe('sets');
    expect(
      response.body.top.map((entry: { rank: number; username: string; count: number }) => [
        entry.rank,
        entry.username,
        entry.count,
      ]),
    ).toEqual([
      [1, seededName(0), 50],
      [1, seededName(1), 50],
      [3, seededName(2), 10],
      [4, 'MiddleMe', 3],
    ]);
    expect(response.body.me).toEqual({ rank: 4, count: 3 });
  });
});

describe('bad leaderboard requests', () => {
  it.each(['?by=wheels', '?by=', '?by=cars&page=2'])('answers 400 for %s', async (query) => {
    const response = await board(null, query);
    expect(response.status).toBe(400);
    expect(response.body.error).toBeTruthy();
  });

  it('answers 401 for a token that is sent but not valid', async () => {
    const response = await api.call(null, 'GET', '/api/leaderboard', undefined, {
      Authorization: 'Bearer nope',
    });
    expect(response.status).toBe(401);
  });
});
