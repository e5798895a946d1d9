// While the database cannot be reached the API answers 503 with Retry-After (the device keeps
// its change and tries again then), never a 500: a PGlite (or pool) closed under the app, and a
// PostgreSQL pool pointed at a port nothing listens on.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../api/app';
import type { Database } from '../../api/db/database';
import * as schema from '../../api/db/schema';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../api/http/database-unavailable';
import { emulatorVerifier, localTestUser, type TestUser } from '../fixtures/auth';
import { CHARGER } from '../fixtures/catalog';
import { freePort } from '../fixtures/main-process';
import { openTestDatabase } from '../fixtures/test-database';

const user: TestUser = localTestUser();

async function expectUnavailable(app: App) {
  const answers = [
    await app.request('/api/collection/get', { headers: user.headers }),
    await app.request('/api/sync/push', {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({
        mutations: [
          {
            key: 'outage:1',
            name: 'collection/add-car-instance',
            args: { carId: CHARGER, details: { instanceId: 'i1' } },
          },
        ],
      }),
    }),
    await app.request('/api/collection/toggle-favorite', {
      method: 'POST',
      headers: { ...user.headers, 'Idempotency-Key': 'outage:2' },
      body: JSON.stringify({ carId: CHARGER, isFavorited: true }),
    }),
  ];
  for (const answer of answers) {
    expect(answer.status, answer.url).toBe(503);
    expect(answer.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await answer.json()).toEqual({
      error: 'The server cannot reach its database right now: try again in a few seconds',
    });
  }
}

let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  // One line per failed request is the point; the test need not print them.
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockClear());
afterAll(() => warn.mockRestore());

describe('the database unreachable', () => {
  it('closed under the app: a signed-in read and changes answer 503 with Retry-After', async () => {
    const database = await openTestDatabase();
    const app = createApp({ db: database.db, verifier: emulatorVerifier() });
    const before = await app.request('/api/collection/get', { headers: user.headers });
    expect(before.status).toBe(200);
    await database.close();
    await expectUnavailable(app);
    expect(String(warn.mock.calls[0]?.[0])).toContain('database unreachable');
  });

  it('PostgreSQL refusing connections: 503 with Retry-After', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', max: 2 });
    pool.on('error', () => {});
    try {
      const db = drizzle({ client: pool, schema }) as unknown as Database;
      await expectUnavailable(createApp({ db, verifier: emulatorVerifier() }));
    } finally {
      await pool.end();
    }
  });
});
