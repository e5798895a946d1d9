// The write budget lives in the database, so two server processes on one PostgreSQL (two hosts,
// or WEB_CONCURRENCY workers) draw from one budget per collector: what one spent, the other
// cannot spend again; and one push in flight per collector holds across them too. Runs only in
// the PostgreSQL pass (TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { signUpTestUser, type TestUser } from '../fixtures/auth';
import { freePort, runMain } from '../fixtures/main-process';
import { PUSH_IN_FLIGHT_ERROR } from '../../src/shared/http/request-limits';

const adminUrl = process.env.TEST_DATABASE_URL as string;
const name = `diecast_budget_${randomUUID().replaceAll('-', '')}`;
const admin = new pg.Client({ connectionString: adminUrl });
const dataDirs: string[] = [];
const servers: ReturnType<typeof runMain>[] = [];
const ports: number[] = [];

async function startServer(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'diecast-budget-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const run = runMain({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    // A small budget that does not refill during the test: 50 units, one back every 1,000 s.
    WRITE_BUDGET_CAPACITY: '50',
    WRITE_BUDGET_REFILL_PER_SECOND: '0.001',
  });
  servers.push(run);
  const deadline = Date.now() + 60_000;
  while (!run.output().stdout.includes(`running on http://localhost:${port}`)) {
    if (Date.now() > deadline || run.child.exitCode !== null) {
      throw new Error(`server did not start: ${run.output().stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  ports.push(port);
}

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // One after the other: the first migrates and seeds, the second finds that done.
  await startServer(url.toString());
  await startServer(url.toString());
}, 150_000);

afterAll(async () => {
  for (const run of servers) {
    run.child.kill('SIGINT');
    await run.exited;
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

let carId: string | undefined;

async function push(port: number, user: TestUser, count: number, prefix: string) {
  carId ??= (
    (await (await fetch(`http://localhost:${port}/api/catalog`)).json()) as {
      cars: { id: string }[];
    }
  ).cars[0]?.id;
  return fetch(`http://localhost:${port}/api/sync/push`, {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({
      mutations: Array.from({ length: count }, (_, i) => ({
        key: `${prefix}:${i}`,
        name: 'collection/add-car-instance',
        args: { carId, details: {} },
      })),
    }),
  });
}

describe('one write budget across server processes', () => {
  it('units spent through one process are gone for the other', async () => {
    const [first, second] = ports as [number, number];
    const user = await signUpTestUser();
    expect((await push(first, user, 30, 'a')).status).toBe(200);
    expect((await push(second, user, 20, 'b')).status).toBe(200);
    // 50 of 50 spent, half on each process: neither takes one more.
    for (const port of [first, second]) {
      const refused = await push(port, user, 1, `c${port}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    // Another collector has a budget of their own.
    expect((await push(second, await signUpTestUser(), 50, 'd')).status).toBe(200);
  });
});

describe('one push in flight per collector across server processes', () => {
  it('refuses a push on one process while the same collector’s push is applied on the other', async () => {
    const [first, second] = ports as [number, number];
    const user = await signUpTestUser();
    expect((await push(first, user, 0, 'warm')).status).toBe(200); // the catalogue read first
    // Over the budget of 50: refused, but only after the server's refusal hold (about a second),
    // holding the collector's push lease all the while.
    const held = push(first, user, 60, 'held');
    // Sent once that push holds the lease, however long the first process takes to get there.
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = new pg.Client({ connectionString: url.toString() });
    await database.connect();
    try {
      const leases = async () =>
        (await database.query('SELECT 1 FROM push_leases WHERE user_id = $1', [user.uid])).rowCount;
      await expect.poll(leases, { timeout: 10_000, interval: 20 }).toBe(1);
    } finally {
      await database.end();
    }
    const meanwhile = await push(second, user, 1, 'meanwhile');
    expect(meanwhile.status).toBe(429);
    expect(meanwhile.headers.get('Retry-After')).toBe('1');
    expect(((await meanwhile.json()) as { error: string }).error).toBe(PUSH_IN_FLIGHT_ERROR);
    expect((await held).status).toBe(429);
    // The first push is over: the lease is free again, on either process.
    expect((await push(second, user, 1, 'after')).status).toBe(200);
  });
});
