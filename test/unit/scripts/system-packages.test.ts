// scripts/system-packages.sh: installs a missing engine when it may (root, password-less sudo)
// and otherwise says so in one line and leaves the browser tests to name it. apt-get, id and
// sudo are stand-ins on PATH that record what they were asked.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/system-packages.sh', import.meta.url));
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder of stand-in commands; each appends its arguments to calls.log. */
function standIns(options: { uid: number; sudoAllowed: boolean }): string {
  const dir = mkdtempSync(join(tmpdir(), 'system-packages-'));
  dirs.push(dir);
  const log = join(dir, 'calls.log');
  const command = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, `#!/usr/bin/env bash\necho "${name} $*" >> ${log}\n${body}\n`);
    chmodSync(path, 0o755);
  };
  command('apt-get', 'exit 0');
  command('id', `echo ${options.uid}`);
  command(
    'sudo',
    options.sudoAllowed ? '[ "$1" = -n ] && shift; [ "$1" = true ] || "$@"' : 'exit 1',
  );
  return dir;
}

function run(dir: string) {
  const result = spawnSync('bash', [script], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${dir}:${process.env.PATH ?? ''}`,
      // Chromium is missing, whatever this machine has.
      CHROMIUM_PATH: join(dir, 'no-chromium-here'),
    },
  });
  const log = join(dir, 'calls.log');
  const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { status: result.status, out: result.stdout.trim(), calls };
}

describe('the system packages the tests need', () => {
  it('as root, installs what is missing with apt-get', () => {
    const { status, out, calls } = run(standIns({ uid: 0, sudoAllowed: false }));
    expect(status).toBe(0);
    expect(out).toMatch(/^system packages: installing chromium\b/);
    expect(calls).toContain('apt-get update -qq');
    const install = calls.find((call) => call.startsWith('apt-get install'));
    expect(install?.split(' ')).toContain('chromium');
    expect(calls.some((call) => call.startsWith('sudo'))).toBe(false);
  });

  it('with password-less sudo, installs through sudo', () => {
    const { status, calls } = run(standIns({ uid: 1000, sudoAllowed: true }));
    expect(status).toBe(0);
    expect(calls).toContain('sudo -n apt-get update -qq');
    expect(calls.find((call) => call.startsWith('apt-get install'))?.split(' ')).toContain(
      'chromium',
    );
  });

  it('without either, installs nothing and says why in one line', () => {
    const { status, out, calls } = run(standIns({ uid: 1000, sudoAllowed: false }));
    expect(status).toBe(0);
    expect(out.split('\n')).toHaveLength(1);
    expect(out).toMatch(
      /^system packages: missing chromium\b.*; not root and no password-less sudo, so not installed$/,
    );
    expect(calls.some((call) => call.startsWith('apt-get'))).toBe(false);
  });
});
