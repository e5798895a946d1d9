// `npm start`'s entry point as a process: env errors are one line, Ctrl-C stops it cleanly.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('the server entry point', () => {
  it.each([
    [{ PORT: 'abc' }, "Invalid environment: PORT must be a number (got 'abc')"],
    [{ PORT: '70000' }, "Invalid environment: PORT must be between 1 and 65535 (got '70000')"],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid environment: DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [
      {
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'garage-prod',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      },
      'Invalid environment: FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production',
    ],
    [
      { WEB_CONCURRENCY: '2' },
      'Invalid environment: WEB_CONCURRENCY above 1 needs DATABASE_URL: PGlite lives inside one process',
    ],
  ])('refuses %j with one clear line and no stack trace', async (env, line) => {
    const run = runMain(env);
    expect(await run.exited).toBe(1);
    const { stderr } = run.output();
    expect(stderr).toContain(line);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('serves the API on PORT and stops on SIGINT', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'diecast-main-'));
    const port = await freePort();
    const run = runMain({
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    });
    try {
      await expect
        .poll(() => run.output().stdout, { timeout: 30_000, interval: 200 })
        .toContain(`running on http://localhost:${port}`);
      expect(run.output().stdout).toContain('loaded the demo catalogue');
      const sets = await fetch(`http://localhost:${port}/api/all-sets`);
      expect(sets.status).toBe(200);
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Several server processes need PostgreSQL: this runs in .ci/run's PostgreSQL pass of the API
  // suite (TEST_DATABASE_URL), where it starts two workers against a fresh database.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'with WEB_CONCURRENCY=2 on PostgreSQL, starts two workers on one port and stops them all on SIGINT',
    async () => {
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
    },
  );
});
