// Every write draws on the collector's budget in work units, kept in the database: 1,000 queued
// ordinary changes go through in one go, the multiplying push and a flood of comments through
// sync/push are refused whole (429, Retry-After, nothing applied), one change adds at most
// 1,200 copies, and the budget fills back with the database's clock.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { CHARGER, TRACK_DAY, fixtureCar, fixtureCars, fixtureSets } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';
import { importCatalog } from '../../api/catalog/catalog-import';
import { createApp, type App } from '../../api/app';
import { emulatorVerifier } from '../fixtures/auth';
import { DEFAULT_WRITE_BUDGET, databaseWriteBudget } from '../../api/http/write-budget';
import { developmentPaymentProvider } from '../../api/premium/development-provider';
import type { PhotoStore } from '../../api/posts/photo-store';
import {
  COMMUNITY_CHANGE_UNITS,
  MAX_COPIES_PER_CHANGE,
  WRITE_BUDGET_CAPACITY,
} from '../../src/shared/collection/work-units';

const SERIES = 'hw-2024-big-series';
const seriesCars = Array.from({ length: 60 }, (_, i) =>
  fixtureCar(`hw-2024-big${String(i).padStart(2, '0')}`, `Series car ${i}`),
);
const memoryStore: PhotoStore = {
  put: async () => undefined,
  get: async () => null,
  delete: async () => undefined,
};

let api: ApiHarness;
/** The same budget size, but (nearly) never refilling: for counting units exactly. */
let strict: App;
beforeAll(async () => {
  const deps = { photoStore: memoryStore, paymentProvider: developmentPaymentProvider() };
  api = await createApiHarness(deps, { budget: DEFAULT_WRITE_BUDGET });
  strict = createApp({
    ...deps,
    db: api.database.db,
    verifier: emulatorVerifier(),
    writeBudget: databaseWriteBudget(api.database.db, {
      capacity: WRITE_BUDGET_CAPACITY,
      refillPerSecond: 0.001,
    }),
  });
  await importCatalog(api.database.db, {
    cars: [...fixtureCars, ...seriesCars],
    sets: [
      ...fixtureSets,
      {
        id: SERIES,
        series: 'HW Big Series',
        year: 2024,
        name: 'HW Big Series',
        brand: 'Hot Wheels',
        carIds: seriesCars.map((car) => car.id),
        retailPrice: null,
      },
    ],
  });
});
afterAll(async () => {
  await api.close();
});

const push = (user: TestUser, mutations: unknown[], app: App = api.app) =>
  app.request('/api/sync/push', {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ mutations }),
  });

const addCar = (key: string) => ({
  key,
  name: 'collection/add-car-instance',
  args: { carId: CHARGER, details: {} },
});

const ownedCount = async (user: TestUser) => {
  const { body } = await api.call(user, 'GET', '/api/collection/get');
  return (body.ownedCars as { instances: unknown[] }[]).reduce(
    (sum, car) => sum + car.instances.length,
    0,
  );
};

/** Spends the whole (strict) budget with ordinary changes. */
async function exhaust(user: TestUser) {
  const mutations = Array.from({ length: 1000 }, (_, i) => addCar(`x:${i}`));
  expect((await push(user, mutations, strict)).status).toBe(200);
  const more = Array.from({ length: WRITE_BUDGET_CAPACITY - 1000 }, (_, i) => addCar(`y:${i}`));
  expect((await push(user, more, strict)).status).toBe(200);
}

describe('the write budget', () => {
  it('lets a device replay 1,000 queued ordinary changes in one go (five pushes of 200)', async () => {
    const user = await api.user();
    for (let chunk = 0; chunk < 5; chunk++) {
      const mutations = Array.from({ length: 200 }, (_, i) => addCar(`d:${chunk * 200 + i}`));
      const response = await push(user, mutations);
      expect(response.status).toBe(200);
    }
    expect(await ownedCount(user)).toBe(1000);
  });

  it('refuses the multiplying push (30 entries × 100 set instances) whole, at once, applying nothing', async () => {
    const user = await api.user();
    const mutations = Array.from({ length: 30 }, (_, entry) => ({
      key: `m:${entry}`,
      name: 'collection/add-multiple-set-instances',
      args: { set: { id: TRACK_DAY }, instances: Array.from({ length: 100 }, () => ({})) },
    }));
    const started = performance.now();
    const response = await push(user, mutations);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: string }).error).toBe(
      'Too many changes at once: this needs 12,000 work units and the budget holds 1,200; send fewer changes at a time',
    );
    expect(await ownedCount(user)).toBe(0);
  });

  it('charges each community entry of a push its real count: 1,000 comments are refused whole', async () => {
    const author = await api.collector('author');
    const postId = `p-${randomUUID()}`;
    await api.call(author, 'POST', '/api/posts/create', { postId, body: 'Look!' });
    const troll = await api.collector('troll');
    const comments = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => ({
        key: `${prefix}:${i}`,
        name: 'comments/create',
        args: { commentId: `${prefix}-${randomUUID()}`, postId, body: `spam ${i}` },
      }));
    expect((await push(troll, comments(1000, 'c'), strict)).status).toBe(429);
    const perBudget = WRITE_BUDGET_CAPACITY / COMMUNITY_CHANGE_UNITS;
    expect((await push(troll, comments(perBudget + 1, 'e'), strict)).status).toBe(429);
    expect((await api.call(null, 'GET', `/api/posts/${postId}`)).body.post.commentCount).toBe(0);
    // Choosing a username took 1 unit: 59 comments (1,180) fit, then 19 units are left.
    expect((await push(troll, comments(perBudget - 1, 'f'), strict)).status).toBe(200);
    expect((await push(troll, comments(1, 'g'), strict)).status).toBe(429);
    expect((await api.call(null, 'GET', `/api/posts/${postId}`)).body.post.commentCount).toBe(
      perBudget - 1,
    );
  });

  it(`refuses one change adding more than ${MAX_COPIES_PER_CHANGE} copies: 413 at its endpoint, rejected alone in a push`, async () => {
    const user = await api.user();
    // 20 instances of a 60-car set: 20 × 61 = 1,220 copies.
    const args = { set: { id: SERIES }, instances: Array.from({ length: 20 }, () => ({})) };
    const alone = await api.call(user, 'POST', '/api/collection/add-multiple-set-instances', args);
    expect(alone.status).toBe(413);
    expect(alone.body.error).toMatch(/adds 1,220 cars and sets at once: at most 1,200/);
    const response = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [
        addCar('k:1'),
        { key: 'k:2', name: 'collection/add-multiple-set-instances', args },
        addCar('k:3'),
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.results.map((r: { status: string }) => r.status)).toEqual([
      'ok',
      'rejected',
      'ok',
    ]);
    expect(await ownedCount(user)).toBe(2);
  });

  it('applies a retried push once, charging each entry it already applied one unit', async () => {
    const user = await api.user();
    // A retried set instance costs 1 unit, not its 4 copies: 4 × 100 + 100 × 1 of 1,200 in all…
    const sets = Array.from({ length: 100 }, (_, i) => ({
      key: `r:${i}`,
      name: 'collection/add-set-instance',
      args: { set: { id: TRACK_DAY }, instanceDetails: {} },
    }));
    expect((await push(user, sets, strict)).status).toBe(200);
    const retried = await push(user, sets, strict);
    expect(retried.status).toBe(200);
    expect(await ownedCount(user)).toBe(300);
    // …so 700 ordinary changes still fit, and one more does not.
    const more = Array.from({ length: 700 }, (_, i) => addCar(`r2:${i}`));
    expect((await push(user, more, strict)).status).toBe(200);
    expect((await push(user, [addCar('r3:0')], strict)).status).toBe(429);
  });

  it('once spent, refuses every kind of write with 429 and Retry-After; another collector is not held back', async () => {
    const user = await api.user();
    await exhaust(user);
    const writes: [string, string, RequestInit['body']][] = [
      ['POST', '/api/collection/add-car-instance', JSON.stringify({ carId: CHARGER })],
      ['POST', '/api/users/update-settings', JSON.stringify({ key: 'theme', value: 'dark' })],
      ['POST', '/api/posts/create', JSON.stringify({ postId: randomUUID(), body: 'hi' })],
      ['POST', '/api/sync/push', JSON.stringify({ mutations: [addCar('z:1')] })],
      ['PUT', `/api/photos/${randomUUID()}`, new Uint8Array([0xff, 0xd8, 0xff, 0xe0])],
      ['POST', '/api/premium/checkout', undefined],
      [
        'POST',
        '/api/push/unsubscribe',
        JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x' }),
      ],
    ];
    for (const [method, path, body] of writes) {
      const response = await strict.request(path, { method, headers: user.headers, body });
      expect(response.status, `${method} ${path}`).toBe(429);
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(response.headers.get('X-Diecast-Api')).toBe('1');
    }
    expect(await ownedCount(user)).toBe(WRITE_BUDGET_CAPACITY);
    const other = await api.user();
    expect((await push(other, [addCar('o:1')], strict)).status).toBe(200);
  });

  it('fills back with time, by the database clock', async () => {
    const user = await api.user();
    await exhaust(user);
    const refused = await push(user, [addCar('t:0')], strict);
    expect(refused.status).toBe(429);
    // 0.001 units a second: one unit takes 1,000 s.
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(900);
    // 200,000 s earlier as far as the database is concerned: 200 units back.
    await api.database.db.execute(
      sql`UPDATE write_budgets SET refilled_at = refilled_at - interval '200000 seconds'
          WHERE user_id = ${user.uid}`,
    );
    const mutations = Array.from({ length: 200 }, (_, i) => addCar(`t:${i + 1}`));
    expect((await push(user, mutations, strict)).status).toBe(200);
    expect((await push(user, [addCar('t:999')], strict)).status).toBe(429);
  });

  it('charges a single change its copies in its own write: over the budget it applies nothing', async () => {
    const small = createApp({
      db: api.database.db,
      verifier: emulatorVerifier(),
      writeBudget: databaseWriteBudget(api.database.db, { capacity: 10, refillPerSecond: 0.001 }),
    });
    const user = await api.user();
    const addSet = () =>
      small.request('/api/collection/add-set-instance', {
        method: 'POST',
        headers: user.headers,
        body: JSON.stringify({ set: { id: TRACK_DAY }, instanceDetails: {} }),
      });
    // A 3-car set: 4 copies, 4 units; twice is 8 of 10.
    expect((await addSet()).status).toBe(200);
    expect((await addSet()).status).toBe(200);
    const refused = await addSet();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(1000);
    expect(await ownedCount(user)).toBe(6);
    const { body } = await api.call(user, 'GET', '/api/collection/get');
    expect(body.ownedSets[0].instances).toHaveLength(2);
  });

  it('holds a refusal a moment before answering, so re-sending at once is slowed down', async () => {
    const holding = createApp({
      db: api.database.db,
      verifier: emulatorVerifier(),
      // Long enough that an accepted push, even on a busy machine, is plainly not held.
      refusalHoldMs: 3000,
      writeBudget: databaseWriteBudget(api.database.db, { capacity: 5, refillPerSecond: 0.001 }),
    });
    const user = await api.user();
    const mutations = Array.from({ length: 5 }, (_, i) => addCar(`h:${i}`));
    let started = performance.now();
    expect((await push(user, mutations, holding)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    started = performance.now();
    expect((await push(user, [addCar('h:5')], holding)).status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2990);
  });

  it('never overdraws under concurrent takes', async () => {
    const budget = databaseWriteBudget(api.database.db, { capacity: 1000, refillPerSecond: 0.001 });
    const userId = `concurrent-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 25 }, () => budget.take(userId, 100)));
    expect(answers.filter((answer) => answer === null)).toHaveLength(10);
  });
});
