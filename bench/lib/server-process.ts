// Runs the real server (api/main.ts) as its own process, as `npm start` does, for benchmarks;
// and any other process a benchmark serves from (bench:api's bare server).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * `args` run by this Node (with tsx) in the project as a process of its own, once its stdout has
 * said `ready` (within `startMs`); `stop()` sends SIGINT and waits for it to exit.
 * BENCH_SERVER_LOG=1 shows its stdout.
 */
export async function startNodeProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
  startMs: number,
) {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.BENCH_SERVER_LOG) process.stderr.write(chunk);
  });
  const deadline = Date.now() + startMs;
  while (!output.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`${args.at(-1)} did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

export async function startServerProcess(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'diecast-bench-'));
  // BENCH_CPU_PROF=<dir>: each server process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
    : [];
  const server = await startNodeProcess(
    [...profile, '--import', 'tsx', 'api/main.ts'],
    {
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      // The benches' figures are on the small demo catalogue (npm start serves the real one).
      CATALOG_SEED: 'demo',
      ...env,
    },
    'is running on',
    60_000,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
