// Every request costs and no collector can starve the others: a replayed push is charged, one
// push in flight per collector (a lease in the database, so it holds across processes), heavy
// reads drawn from a read budget, and requests without an account limited per address.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app';
import { queryRows } from '../../api/db/database';
import type { AppDeps } from '../../api/http/app-env';
import { createRateLimiter } from '../../api/http/rate-limiter';
import { createTurns } from '../../api/http/fair-share';
import { databaseWriteBudget, type WriteBudget } from '../../api/http/write-budget';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { emulatorVerifier, type TestUser } from '../fixtures/auth';
import { CHARGER } from '../fixtures/catalog';
import {
  ANONYMOUS_HEAVY_READ_UNITS,
  anonymousLimitError,
  PUSH_IN_FLIGHT_ERROR,
  readBudgetError,
  TOO_MANY_AT_ONCE_ERROR,
} from '../../src/shared/http/request-limits';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const appWith = (deps: Omit<Partial<AppDeps>, 'db' | 'verifier'>): App =>
  createApp({ ...deps, db: api.database.db, verifier: emulatorVerifier() });

const addCar = (key: string) => ({
  key,
  name: 'collection/add-car-instance',
  args: { carId: CHARGER, details: {} },
});

const push = (app: App, user: TestUser, mutations: unknown[]) =>
  app.request('/api/sync/push', {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ mutations }),
  });

const ownedCount = async (user: TestUser) => {
  const { body } = await api.call(user, 'GET', '/api/collection/get');
  return (body.ownedCars as { instances: unknown[] }[]).reduce(
    (sum, car) => sum + car.instances.length,
    0,
  );
};

/** A budget that never fills back within a test: units are counted exactly. */
const strictBudget = (capacity: number) =>
  databaseWriteBudget(api.database.db, { capacity, refillPerSecond: 0.0001 });

describe('a replayed push', () => {
  it('is charged: the same five entries sent again cost a unit each, and the budget runs out', async () => {
    const app = appWith({ writeBudget: strictBudget(10) });
    const user = await api.user();
    const entries = Array.from({ length: 5 }, (_, i) => addCar(`replay:${i}`));
    expect((await push(app, user, entries)).status).toBe(200);
    const again = await push(app, user, entries);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { results: { status: string }[] }).results[0]?.status).toBe(
      'duplicate',
    );
    const refused = await push(app, user, entries);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await ownedCount(user)).toBe(5);
  });

  it('costs at least one unit even when it holds nothing', async () => {
    const app = appWith({ writeBudget: strictBudget(3) });
    const user = await api.user();
    for (let i = 0; i < 3; i++) expect((await push(app, user, [])).status).toBe(200);
    expect((await push(app, user, [])).status).toBe(429);
  });
});

/** A write budget whose first take for `blocked` waits until `open()`: a push held mid-flight. */
function gatedBudget(inner: WriteBudget, blocked: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const inFlight = new Promise<void>((resolve) => (reached = resolve));
  let first = true;
  const budget: WriteBudget = {
    capacity: inner.capacity,
    refillPerSecond: inner.refillPerSecond,
    waitFor: (userId, units) => inner.waitFor(userId, units),
    async take(userId, units) {
      if (userId === blocked && first) {
        first = false;
        reached();
        await gate;
      }
      return inner.take(userId, units);
    },
  };
  return { budget, open, inFlight };
}

describe('one push in flight per collector', () => {
  it('refuses a second push from the same collector with 429 + Retry-After, applying nothing, while the first completes', async () => {
    const user = await api.user();
    const other = await api.user();
    const gated = gatedBudget(strictBudget(1_200), user.uid);
    const app = appWith({ writeBudget: gated.budget });
    const first = push(
      app,
      user,
      Array.from({ length: 3 }, (_, i) => addCar(`first:${i}`)),
    );
    await gated.inFlight;
    const second = await push(app, user, [addCar('second:0'), addCar('second:1')]);
    expect(second.status).toBe(429);
    expect(second.headers.get('Retry-After')).toBe('1');
    expect(((await second.json()) as { error: string }).error).toBe(PUSH_IN_FLIGHT_ERROR);
    // Another collector is not held back by it.
    expect((await push(app, other, [addCar('other:0')])).status).toBe(200);
    gated.open();
    expect((await first).status).toBe(200);
    expect(await ownedCount(user)).toBe(3);
    expect(await ownedCount(other)).toBe(1);
    // Once the first is done, the next push goes through.
    expect((await push(app, user, [addCar('second:0')])).status).toBe(200);
    expect(await ownedCount(user)).toBe(4);
  });

  it('lets the lease go when a push fails, so the next push is not refused', async () => {
    const user = await api.user();
    let fail = true;
    const failing: WriteBudget = {
      capacity: 1_200,
      refillPerSecond: 20,
      waitFor: async () => 1,
      async take() {
        if (fail) throw new Error('the budget could not be read');
        return null;
      },
    };
    const app = appWith({ writeBudget: failing });
    expect((await push(app, user, [addCar('err:0')])).status).toBe(500);
    const leases = await queryRows<{ count: number }>(
      api.database.db,
      sql`SELECT count(*)::int AS count FROM push_leases WHERE user_id = ${user.uid}`,
    );
    expect(leases[0]?.count).toBe(0);
    fail = false;
    expect((await push(app, user, [addCar('err:1')])).status).toBe(200);
  });

  it('honours a lease taken by another server process until it expires', async () => {
    const user = await api.user();
    // Another process on this database is applying a push of this collector's.
    await api.database.db.execute(
      sql`INSERT INTO push_leases (user_id, holder, expires_at)
          VALUES (${user.uid}, 'another-process', clock_timestamp() + interval '1 minute')`,
    );
    const refused = await push(api.app, user, [addCar('lease:0')]);
    expect(refused.status).toBe(429);
    expect(await ownedCount(user)).toBe(0);
    // That process died mid-push: its lease runs out and the collector can push again.
    await api.database.db.execute(
      sql`UPDATE push_leases SET expires_at = clock_timestamp() - interval '1 second'
          WHERE user_id = ${user.uid}`,
    );
    expect((await push(api.app, user, [addCar('lease:0')])).status).toBe(200);
    expect(await ownedCount(user)).toBe(1);
  });

  it('refuses a push while another is in flight before reading its body', async () => {
    const user = await api.user();
    await api.database.db.execute(
      sql`INSERT INTO push_leases (user_id, holder, expires_at)
          VALUES (${user.uid}, 'another-process', clock_timestamp() + interval '1 minute')`,
    );
    // Not even JSON: a push that got as far as its body would be a 400.
    const response = await api.app.request('/api/sync/push', {
      method: 'POST',
      headers: user.headers,
      body: '{ not json',
    });
    expect(response.status).toBe(429);
  });
});

/** A request as from `address` (the Node server's socket, as @hono/node-server passes it). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe('the heavy reads', () => {
  const heavyReads: [string, 'GET' | 'POST', unknown?][] = [
    ['/api/trade/matches', 'GET'],
    ['/api/trade/wanted-by', 'POST', { kind: 'car', ids: [CHARGER] }],
    ['/api/trade/community-prices', 'POST', { kind: 'car', ids: [CHARGER] }],
    ['/api/search/users?q=abc', 'GET'],
    ['/api/leaderboard', 'GET'],
  ];

  const read = (app: App, user: TestUser, [path, method, body]: (typeof heavyReads)[number]) =>
    app.request(path, {
      method,
      headers: user.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('draw on the collector’s read budget: the call after a burst is 429 with Retry-After, and others still read', async () => {
    const app = appWith({ readBudget: createRateLimiter({ capacity: 3, refillPerSecond: 0.01 }) });
    const user = await api.user();
    const other = await api.user();
    const matches = heavyReads[0] as (typeof heavyReads)[number];
    for (let i = 0; i < 3; i++) expect((await read(app, user, matches)).status).toBe(200);
    const refused = await read(app, user, matches);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('100');
    expect(((await refused.json()) as { error: string }).error).toBe(readBudgetError(100));
    expect((await read(app, other, matches)).status).toBe(200);
  });

  it('are each behind the budget', async () => {
    for (const route of heavyReads) {
      const app = appWith({
        readBudget: createRateLimiter({ capacity: 1, refillPerSecond: 0.01 }),
      });
      const user = await api.user();
      expect((await read(app, user, route)).status, route[0]).toBe(200);
      expect((await read(app, user, route)).status, route[0]).toBe(429);
    }
  });
});

describe('requests without an account', () => {
  it('are limited per address: over it 429 with Retry-After; another address and a signed-in reader are not', async () => {
    const app = appWith({
      anonymousReads: createRateLimiter({ capacity: 5, refillPerSecond: 0.1 }),
    });
    const board = (address: string, headers: Record<string, string> = {}) =>
      app.request('/api/listings', { headers }, from(address));
    for (let i = 0; i < 5; i++) expect((await board('203.0.113.9')).status).toBe(200);
    const refused = await board('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('10');
    expect(((await refused.json()) as { error: string }).error).toBe(anonymousLimitError(10));
    expect((await board('198.51.100.4')).status).toBe(200);
    const user = await api.user();
    expect((await board('203.0.113.9', user.headers as Record<string, string>)).status).toBe(200);
  });

  it('behind trusted proxies are told apart by the address the outermost one saw, and a client cannot choose its own', async () => {
    const limited = (trustedProxies: number) =>
      appWith({
        anonymousReads: createRateLimiter({ capacity: 2, refillPerSecond: 0.01 }),
        trustedProxies,
      });
    // The proxy's socket address is the same for every visitor; X-Forwarded-For tells them apart.
    const board = (app: App, forwardedFor: string) =>
      app.request(
        '/api/listings',
        { headers: { 'X-Forwarded-For': forwardedFor } },
        from('10.0.0.1'),
      );

    const behindOne = limited(1);
    for (let i = 0; i < 2; i++) expect((await board(behindOne, '203.0.113.9')).status).toBe(200);
    expect((await board(behindOne, '203.0.113.9')).status).toBe(429);
    expect((await board(behindOne, '198.51.100.4')).status).toBe(200);
    // What the client wrote before the proxy's entry is never read: 203.0.113.9 stays limited.
    expect((await board(behindOne, '192.0.2.1, 203.0.113.9')).status).toBe(429);

    const behindTwo = limited(2);
    for (let i = 0; i < 2; i++) {
      expect((await board(behindTwo, '203.0.113.9, 10.0.0.2')).status).toBe(200);
    }
    expect((await board(behindTwo, '192.0.2.1, 203.0.113.9, 10.0.0.2')).status).toBe(429);

    // With none trusted, the header is the client's own words: every request is the proxy's.
    const trustingNone = limited(0);
    expect((await board(trustingNone, '203.0.113.9')).status).toBe(200);
    expect((await board(trustingNone, '198.51.100.4')).status).toBe(200);
    expect((await board(trustingNone, '192.0.2.1')).status).toBe(429);
  });

  it('pay more for a heavy read', async () => {
    const app = appWith({
      // Room for one heavy read (1 + its extra units) and not for two.
      anonymousReads: createRateLimiter({
        capacity: ANONYMOUS_HEAVY_READ_UNITS + 10,
        refillPerSecond: 0.01,
      }),
    });
    const leaderboard = () => app.request('/api/leaderboard', {}, from('192.0.2.77'));
    expect((await leaderboard()).status).toBe(200);
    expect((await leaderboard()).status).toBe(429);
  });
});

describe('each caller’s share', () => {
  it('works on a few of one collector’s requests at once: the next waits its turn, past the queue 429, and another collector goes ahead', async () => {
    const user = await api.user();
    const other = await api.user();
    const gated = gatedBudget(strictBudget(1_200), user.uid);
    const app = appWith({
      writeBudget: gated.budget,
      turns: createTurns({ perCollector: 2, perAddress: 2, waiting: 1 }),
    });
    const get = async (who: TestUser) =>
      (await app.request('/api/collection/get', { headers: who.headers })).status;
    const held = push(app, user, [addCar('turn:0')]);
    await gated.inFlight;
    const second = get(user); // the collector's second turn
    const third = get(user); // waits for a turn
    const refused = await app.request('/api/collection/get', { headers: user.headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(((await refused.json()) as { error: string }).error).toBe(TOO_MANY_AT_ONCE_ERROR);
    expect(await get(other)).toBe(200);
    expect(await second).toBe(200);
    expect(await third).toBe(200);
    gated.open();
    expect((await held).status).toBe(200);
  });
});
