// Several server processes on one port (WEB_CONCURRENCY) need PostgreSQL, so this file runs only
// in the PostgreSQL pass of the API suite (.ci/run sets TEST_DATABASE_URL; vitest.config.ts adds
// test/api-postgres then). It starts two workers against a fresh database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { freePort, runMain } from '../fixtures/main-process';

/** The server workers the primary `pid` runs (its child processes running main.ts), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent pid is the 2nd field after the command, which is in parentheses.
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ');
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        return Number(fields?.[1]) === pid && command.includes('api/main.ts');
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** api/main.ts with two workers on a database of its own; `use` gets its port and process. */
async function withTwoWorkers(
  use: (port: number, run: ReturnType<typeof runMain>) => Promise<void>,
): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `diecast_cluster_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'diecast-cluster-'));
  const port = await freePort();
  const run = runMain({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    WEB_CONCURRENCY: '2',
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  });
  try {
    await expect
      .poll(() => run.output().stdout, { timeout: 60_000, interval: 200 })
      .toContain(`running on http://localhost:${port}`);
    await use(port, run);
  } finally {
    run.child.kill('SIGKILL');
    for (const worker of childrenOf(run.child.pid as number)) process.kill(worker, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function allAnswer(port: number): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => fetch(`http://localhost:${port}/api/all-sets`)),
  );
  return answers.map((answer) => answer.status);
}

describe('the server entry point with WEB_CONCURRENCY', () => {
  it('with WEB_CONCURRENCY=2 on PostgreSQL, starts two workers on one port and stops them all on SIGINT', async () => {
    await withTwoWorkers(async (port, run) => {
      expect(run.output().stdout).toContain('2 server workers share the port');
      expect(await allAnswer(port)).toEqual(Array(8).fill(200));
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
    });
  });

  it('replaces a worker that dies, says so on stderr, and still stops cleanly', async () => {
    await withTwoWorkers(async (port, run) => {
      const primary = run.child.pid as number;
      const [killed, kept] = childrenOf(primary);
      expect(kept).toBeDefined();
      process.kill(killed as number, 'SIGKILL');
      await expect
        .poll(() => run.output().stdout, { timeout: 60_000, interval: 200 })
        .toMatch(/A new server worker \(pid \d+\) shares the port/);
      expect(run.output().stderr).toContain(
        `A server worker (pid ${killed}) stopped (SIGKILL): another takes its place`,
      );
      const workers = childrenOf(primary);
      expect(workers).toHaveLength(2);
      expect(workers).toContain(kept);
      expect(await allAnswer(port)).toEqual(Array(8).fill(200));
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
    });
  });
});
