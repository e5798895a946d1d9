// `npm start`'s entry point as a process: env errors are one line, Ctrl-C stops it cleanly, a
// demo server stays on this machine unless HOST says otherwise, and on a fresh clone it serves
// the real catalogue.
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { freePort, runMain } from '../fixtures/main-process';

/** This machine's own addresses that other machines could use (never any other address). */
function ownNetworkAddresses(family: 'IPv4' | 'IPv6' | 'any' = 'any'): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !entry.address.startsWith('fe80:'))
    .filter((entry) => family === 'any' || entry.family === family)
    .map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address));
}

/** 'answered' with the status, or the connection's error code (ECONNREFUSED…). */
async function reach(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return `answered ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(error);
  }
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
      { FIREBASE_PROJECT_ID: 'garage-prod' },
      "Invalid environment: FIREBASE_PROJECT_ID 'garage-prod' is a hosted Firebase project and needs FIREBASE_API_KEY",
    ],
    [
      { FIREBASE_PROJECT_ID: 'garage-prod', FIREBASE_API_KEY: 'k', NODE_ENV: 'development' },
      'Invalid environment: NODE_ENV=development cannot run the hosted Firebase project',
    ],
    [
      { CATALOG_SEED: 'full' },
      "Invalid environment: CATALOG_SEED must be 'real' (the default) or 'demo' (got 'full')",
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

  it('with a demo project listens on 127.0.0.1 only: none of this machine’s network addresses reach it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'diecast-main-host-'));
    const port = await freePort();
    const run = runMain({
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    });
    try {
      await expect
        .poll(() => run.output().stdout, { timeout: 30_000, interval: 200 })
        .toContain(
          `running on http://localhost:${port} (listening on 127.0.0.1: this machine only)`,
        );
      expect(await reach(`http://127.0.0.1:${port}/api/all-sets`)).toBe('answered 200');
      // On a machine with only loopback the startup line above is the proof.
      for (const address of ownNetworkAddresses()) {
        expect(await reach(`http://${address}:${port}/api/all-sets`), address).toBe('ECONNREFUSED');
      }
      expect(run.output().stderr).not.toContain('Warning');
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('with HOST=0.0.0.0 and a demo project says in one line that anyone who reaches it can sign in as anyone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'diecast-main-open-'));
    const port = await freePort();
    const run = runMain({
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      HOST: '0.0.0.0',
    });
    try {
      await expect
        .poll(() => run.output().stdout, { timeout: 30_000, interval: 200 })
        .toContain(`running on http://localhost:${port} (listening on 0.0.0.0)`);
      const warnings = run
        .output()
        .stderr.split('\n')
        .filter((line) => line.startsWith('Warning:'));
      expect(warnings).toEqual([
        'Warning: HOST=0.0.0.0 with a demo-* project: this server trusts unsigned emulator tokens, so anyone who can reach it can sign in as any collector. Unset HOST to keep it on this machine.',
      ]);
      for (const address of ownNetworkAddresses('IPv4')) {
        expect(await reach(`http://${address}:${port}/api/all-sets`), address).toBe('answered 200');
      }
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on a fresh clone (no CATALOG_SEED, an empty data folder) serves the real catalogue: CFJ01 is in it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'diecast-main-real-'));
    const port = await freePort();
    // '' is unset, as in a fresh clone's shell: the default npm start runs with.
    const run = runMain({
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      CATALOG_SEED: '',
    });
    try {
      await expect
        .poll(() => run.output().stdout, { timeout: 120_000, interval: 500 })
        .toContain(`running on http://localhost:${port}`);
      expect(run.output().stdout).toMatch(
        /Catalogue was empty: loaded the Hot Wheels catalogue 1995–2025 \(11,\d{3} cars, [\d,]+ sets\)/,
      );
      const response = await fetch(`http://localhost:${port}/api/catalog`);
      expect(response.status).toBe(200);
      const catalog = (await response.json()) as {
        cars: { toyNumber: string | null; name: string; image: string | null }[];
      };
      expect(catalog.cars.length).toBeGreaterThan(11_000);
      expect(catalog.cars.filter((car) => car.toyNumber === 'CFJ01').length).toBeGreaterThan(0);
      // Its photos' host is the one the shell's CSP allows.
      const shell = await fetch(`http://localhost:${port}/home`);
      expect(shell.headers.get('content-security-policy')).toMatch(
        /img-src 'self' data: blob: https:\/\/static\.wikia\.nocookie\.net[;\s]/,
      );
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
