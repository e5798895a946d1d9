// Several server processes on one port (WEB_CONCURRENCY) need PostgreSQL, so this file runs only
// in the PostgreSQL pass of the API suite (.ci/run sets TEST_DATABASE_URL; vitest.config.ts adds
// test/api-postgres then). It starts two workers against a fresh database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { freePort, runMain } from '../fixtures/main-process';

describe('the server entry point with WEB_CONCURRENCY', () => {
  it('with WEB_CONCURRENCY=2 on PostgreSQL, starts two workers on one port and stops them all on SIGINT', async () => {
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
      expect(run.output().stdout).toContain('2 server workers share the port');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`http://localhost:${port}/api/all-sets`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
