// `npm start`'s entry point as a process: env errors are one line, Ctrl-C stops it cleanly, a
// demo server stays on this machine unless HOST says otherwise, and on a fresh clone it serves
// the real catalogue.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { freePort, runMain } from '../fixtures/main-process';

/**
 * The local addresses of the sockets listening on `port`, read from the kernel's socket tables
 * (Linux): proof of where the server is reachable without sending anything to an address that is
 * not loopback. Null where there are no such tables.
 */
function listeningAddresses(port: number): string[] | null {
  const tables = ['/proc/net/tcp', '/proc/net/tcp6'].filter((path) => existsSync(path));
  if (tables.length === 0) return null;
  const found: string[] = [];
  for (const table of tables) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [hexAddress, hexPort] = (local ?? '').split(':');
      // 0A: LISTEN
      if (state !== '0A' || !hexAddress || Number.parseInt(hexPort ?? '', 16) !== port) continue;
      found.push(hexAddress.length === 8 ? ipv4(hexAddress) : ipv6(hexAddress));
    }
  }
  return found.sort();
}

/** The kernel writes an IPv4 address as one little-endian 32-bit word. */
const ipv4 = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((byte) => Number.parseInt(byte, 16))
    .reverse()
    .join('.');

/** And an IPv6 address as four of them; '::' and '::1' are all this test needs to tell apart. */
function ipv6(hex: string): string {
  const words = (hex.match(/.{8}/g) ?? []).map((word) =>
    (word.match(/../g) ?? []).reverse().join(''),
  );
  const groups = words.join('').match(/.{4}/g) ?? [];
  const text = groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':');
  return text.replace(/(^|:)0(:0)+(:|$)/, '::');
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
        .poll(() => run.output().stdout, { timeout: 60_000, interval: 200 })
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
  }, 90_000);

  /** Runs `npm start`'s entry on a free port and a fresh data folder until `check` is done. */
  async function withDemoServer(
    env: Record<string, string>,
    check: (port: number, run: ReturnType<typeof runMain>) => Promise<void>,
  ): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), 'diecast-main-host-'));
    const port = await freePort();
    const run = runMain({
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      ...env,
    });
    try {
      await check(port, run);
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const startLine = (run: ReturnType<typeof runMain>, line: string) =>
    expect.poll(() => run.output().stdout, { timeout: 60_000, interval: 200 }).toContain(line);

  it('with a demo project listens on 127.0.0.1 only: the one socket on its port is loopback’s', async () => {
    await withDemoServer({}, async (port, run) => {
      await startLine(
        run,
        `running on http://localhost:${port} (listening on 127.0.0.1: this machine only)`,
      );
      expect((await fetch(`http://127.0.0.1:${port}/api/all-sets`)).status).toBe(200);
      // Where the kernel has socket tables, they show the only socket on the port is loopback's.
      const listening = listeningAddresses(port);
      if (listening) expect(listening).toEqual(['127.0.0.1']);
      expect(run.output().stderr).not.toContain('Warning');
    });
  }, 90_000);

  it('with HOST=0.0.0.0 and a demo project says in one line that anyone who reaches it can sign in as anyone', async () => {
    await withDemoServer({ HOST: '0.0.0.0' }, async (port, run) => {
      await startLine(run, `running on http://localhost:${port} (listening on 0.0.0.0)`);
      const warnings = run
        .output()
        .stderr.split('\n')
        .filter((line) => line.startsWith('Warning:'));
      expect(warnings).toEqual([
        'Warning: HOST=0.0.0.0 with a demo-* project: this server trusts unsigned emulator tokens, so anyone who can reach it can sign in as any collector. Unset HOST to keep it on this machine.',
      ]);
      const listening = listeningAddresses(port);
      if (listening) expect(listening).toEqual(['0.0.0.0']);
    });
  }, 90_000);

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
