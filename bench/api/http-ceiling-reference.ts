// bench:api's fourth PostgreSQL reference: what the least possible server makes of this machine.
// The same load (clients, warm-up, duration, request size) against bare-server.ts in as many
// processes as the real server: answering at once (HTTP and the load generator alone), and
// running pgbench -N's own transaction per request in one round trip. Its ratio to pgbench -N is
// the most any Node server could reach here with a transaction as small as pgbench's; a change
// that does more in SQL can only reach less.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/server-process';
import { postJson } from '../lib/http-client';
import { loadPhase } from './load-phase';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface HttpCeilingReference {
  how: string;
  workers: number;
  clients: number;
  seconds: number;
  /** Requests answered at once, nothing else done: HTTP and the load generator alone. */
  answerOnlyPerSecond: number;
  /** Requests each running pgbench -N's transaction (one round trip, 8 connections a worker). */
  pgbenchTransactionPerSecond: number;
  errors: number;
}

async function startBareServer(workers: number, databaseUrl?: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api/bare-server.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      WORKERS: String(workers),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('listening')) {
    if (child.exitCode !== null) throw new Error(`bare server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`bare server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}/change`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * `pgbenchUrl`: the database pgbench -N's reference ran on (its tables at scale 1).
 * `headers(client)`: what the real run's client sends (its token and a key), so the requests
 * are as large.
 */
export async function httpCeilingReference(
  pgbenchUrl: string,
  workers: number,
  clients: number,
  durationMs: number,
  warmupMs: number,
  headers: (client: number, seq: number) => Record<string, string>,
): Promise<HttpCeilingReference> {
  const rateOf = async (databaseUrl?: string) => {
    const server = await startBareServer(workers, databaseUrl);
    try {
      const send = (client: number, seq: number) =>
        postJson(server.url, { carId: 'CFJ01', details: {} }, headers(client, seq));
      await loadPhase(send, clients, warmupMs);
      const measured = await loadPhase(send, clients, durationMs);
      return {
        rate: Math.round(measured.latencies.length / measured.seconds),
        errors: measured.errors,
      };
    } finally {
      await server.stop();
    }
  };
  const answerOnly = await rateOf();
  const transaction = await rateOf(pgbenchUrl);
  return {
    how: `node:http in ${workers} processes, no framework or checks: answering at once, and running pgbench -N's transaction in one round trip`,
    workers,
    clients,
    seconds: durationMs / 1000,
    answerOnlyPerSecond: answerOnly.rate,
    pgbenchTransactionPerSecond: transaction.rate,
    errors: answerOnly.errors + transaction.errors,
  };
}
