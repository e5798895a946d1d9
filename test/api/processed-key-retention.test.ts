// processed_keys no longer grows forever: keys answered more than KEY_RETENTION_DAYS ago are
// swept in small batches (the clock injected), and a key of a device at or below the highest seq
// swept from it is answered 'too old', never applied a second time, on sync/push and on a
// change's own endpoint. A device away up to OFFLINE_WINDOW_DAYS finds every key it may resend
// still answered. (docs/sync.md "How long the server remembers a change".)
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { TWIN_MILL } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';
import { queryRows } from '../../api/db/database';
import { sweepProcessedKeys } from '../../api/collection/key-retention';
import {
  KEY_RETENTION_DAYS,
  KEY_TOO_OLD_ERROR,
  OFFLINE_WINDOW_DAYS,
} from '../../src/shared/sync/key-retention';

const DAY_MS = 24 * 60 * 60 * 1000;
let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

/** Every key so far, as if answered `days` ago: the sweep's clock is the injected one. */
const daysLater = (days: number) => new Date(Date.now() + days * DAY_MS);

const addTwinMill = (key: string) => ({
  key,
  name: 'collection/add-car-instance',
  args: { carId: TWIN_MILL, details: { instanceId: `i-${key.replace(':', '-')}` } },
});
const post = (key: string, postId: string) => ({
  key,
  name: 'posts/create',
  args: { postId, body: 'Found one', photoIds: [], tagged: [] },
});

const push = async (user: TestUser, mutations: unknown[]) => {
  const response = await api.call(user, 'POST', '/api/sync/push', { mutations });
  expect(response.status).toBe(200);
  return response.body.results as { key: string; status: string; error?: string }[];
};
const ownedCount = async (user: TestUser) => {
  const { body } = await api.call(user, 'GET', '/api/collection/get');
  return (body.ownedCars as { instances: unknown[] }[]).reduce(
    (sum, car) => sum + car.instances.length,
    0,
  );
};
const keysOf = async (userId: string) =>
  (
    await queryRows<{ key: string }>(
      api.database.db,
      sql`SELECT key FROM processed_keys WHERE user_id = ${userId} ORDER BY key`,
    )
  ).map((row) => row.key);

/** Sweeps until nothing more goes. */
async function sweepAll(now: Date): Promise<void> {
  while ((await sweepProcessedKeys(api.database.db, { now })) > 0);
}

describe('processed keys', () => {
  it('are kept through the offline window: a device back after a year gets its answers', async () => {
    const user = await api.collector('year');
    const client = randomUUID();
    const postId = randomUUID();
    const entries = [addTwinMill(`${client}:1`), post(`${client}:2`, postId)];
    expect((await push(user, entries)).map((result) => result.status)).toEqual(['ok', 'ok']);
    // The answer was lost; the device comes back a year (and the longest back-off) later.
    await sweepAll(daysLater(OFFLINE_WINDOW_DAYS + 1));
    expect(await keysOf(user.uid)).toHaveLength(2);
    expect((await push(user, entries)).map((result) => result.status)).toEqual([
      'duplicate',
      'duplicate',
    ]);
    expect(await ownedCount(user)).toBe(1);
  });

  it('are swept after the retention, and a swept key is answered too old, never applied again', async () => {
    const user = await api.collector('swept');
    const client = randomUUID();
    const postId = randomUUID();
    const entries = [addTwinMill(`${client}:1`), post(`${client}:2`, postId)];
    await push(user, entries);
    await sweepAll(daysLater(KEY_RETENTION_DAYS + 1));
    expect(await keysOf(user.uid)).toEqual([]);
    const marks = await queryRows<{ client_id: string; swept_through: string }>(
      api.database.db,
      sql`SELECT client_id, swept_through::text FROM swept_key_marks WHERE user_id = ${user.uid}`,
    );
    expect(marks).toEqual([{ client_id: client, swept_through: '2' }]);

    const again = await push(user, entries);
    expect(again).toEqual(
      entries.map((entry) => ({ key: entry.key, status: 'rejected', error: KEY_TOO_OLD_ERROR })),
    );
    expect(await ownedCount(user)).toBe(1);
    // On a change's own endpoint too, whatever the payload.
    const own = await api.call(
      user,
      'POST',
      '/api/collection/add-car-instance',
      { carId: TWIN_MILL, details: {} },
      { 'Idempotency-Key': `${client}:1` },
    );
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ error: KEY_TOO_OLD_ERROR });
    const ownPost = await api.call(
      user,
      'POST',
      '/api/posts/create',
      { postId: randomUUID(), body: 'again', photoIds: [], tagged: [] },
      { 'Idempotency-Key': `${client}:2` },
    );
    expect(ownPost.status).toBe(409);
    expect(await ownedCount(user)).toBe(1);

    // The device's next keys, and another device's, go through as ever.
    const other = randomUUID();
    expect(
      (await push(user, [addTwinMill(`${client}:3`), addTwinMill(`${other}:1`)])).map(
        (result) => result.status,
      ),
    ).toEqual(['ok', 'ok']);
    expect(await ownedCount(user)).toBe(3);
  });

  it('are swept in batches, oldest first, keeping each device mark at its highest swept seq', async () => {
    const user = await api.collector('batch');
    const client = randomUUID();
    const db = api.database.db;
    // 1,200 keys answered 500 days ago (their seqs out of order), and one of another form.
    await db.execute(sql`INSERT INTO processed_keys (user_id, key, request_hash, status, response, created_at)
      SELECT ${user.uid}, ${client} || ':' || ((n * 7) % 1201), 'h', 200, '{}'::jsonb,
             now() - interval '500 days' + n * interval '1 second'
      FROM generate_series(1, 1200) AS n`);
    await db.execute(sql`INSERT INTO processed_keys (user_id, key, request_hash, status, response, created_at)
      VALUES (${user.uid}, 'a-key-of-another-form', 'h', 200, '{}'::jsonb, now() - interval '500 days')`);
    const now = new Date();
    const counts: number[] = [];
    for (let swept = -1; swept !== 0;) {
      swept = await sweepProcessedKeys(db, { now, batch: 500 });
      counts.push(swept);
    }
    expect(counts).toEqual([500, 500, 201, 0]);
    const [mark] = await queryRows<{ swept_through: string }>(
      db,
      sql`SELECT swept_through::text FROM swept_key_marks
          WHERE user_id = ${user.uid} AND client_id = ${client}`,
    );
    expect(mark?.swept_through).toBe(
      String(Math.max(...Array.from({ length: 1200 }, (_, i) => ((i + 1) * 7) % 1201))),
    );
  });

  it('has an index that lets the sweep take the oldest without reading every key', async () => {
    const db = api.database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN SELECT user_id, key FROM processed_keys
            WHERE created_at < now() - interval '400 days' ORDER BY created_at LIMIT 500`,
      );
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/processed_keys_created_idx/);
    });
  });
});
