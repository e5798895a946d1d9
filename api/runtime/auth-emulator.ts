// Starts the Firebase Auth emulator as a child process (or reuses one already listening).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const EMULATOR_HOST = '127.0.0.1:9099';

export interface RunningEmulator {
  host: string;
  /** False when an emulator was already running: then stop() leaves it alone. */
  started: boolean;
  stop(): Promise<void>;
}

export async function isEmulatorUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startAuthEmulator(options: {
  projectId: string;
  cwd: string;
  host?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<RunningEmulator> {
  const host = options.host ?? EMULATOR_HOST;
  if (await isEmulatorUp(host)) return { host, started: false, stop: async () => {} };

  // Started with node, not npx: killing npx would leave the emulator running.
  const child = spawn(
    process.execPath,
    [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', options.projectId],
    { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Auth emulator exited (code ${child.exitCode}):\n${output.trim()}`);
    }
    if (await isEmulatorUp(host)) {
      options.log?.(`Auth emulator ready on ${host} (project ${options.projectId})`);
      return { host, started: true, stop: () => stopChild(child) };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopChild(child);
  throw new Error(`The Auth emulator did not start within the time limit:\n${output.trim()}`);
}
