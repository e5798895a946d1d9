// bench:api's fourth PostgreSQL reference: what the least possible server makes of this machine.
// The same load (clients, requests, warm-up, duration) against bare-server.ts in as many
// processes as the real server: answering at once (HTTP and the load generator alone), running
// pgbench -N's own transaction per request, and running the change's own two SQL calls. The
// second over pgbench -N is the most any Node server could reach here with a transaction as small
// as pgbench's; the third is the most any Node server could make of this change's SQL.
import { freePort, startNodeProcess } from '../lib/server-process';
import { postJson } from '../lib/http-client';
import { loadPhase, warmUp } from './load-phase';
import type { BareServerMode } from './bare-server';

export interface HttpCeilingReference {
  how: string;
  workers: number;
  clients: number;
  seconds: number;
  /** Requests answered at once, nothing else done: HTTP and the load generator alone. */
  answerOnlyPerSecond: number;
  /** Requests each running pgbench -N's transaction (one round trip, 8 connections a worker). */
  pgbenchTransactionPerSecond: number;
  /** Requests each running the change's diecast_read and diecast_apply_diff, nothing else. */
  changeSqlPerSecond: number;
  errors: number;
}

/** What the real run's client sends: its add-car-instance body and headers (token, key). */
export type RunRequest = (
  client: number,
  seq: number,
) => { body: unknown; headers: Record<string, string> };

async function startBareServer(workers: number, mode: BareServerMode, databaseUrl?: string) {
  const port = await freePort();
  const server = await startNodeProcess(
    ['--import', 'tsx', 'bench/api/bare-server.ts'],
    {
      PORT: String(port),
      WORKERS: String(workers),
      MODE: mode,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    'listening',
    30_000,
  );
  return { url: `http://127.0.0.1:${port}/api/collection/add-car-instance`, stop: server.stop };
}

/**
 * `pgbenchUrl`: the database pgbench -N's reference ran on (its tables at scale 1);
 * `appUrl`: the app's database the server ran on (migrated, with its catalogue).
 */
export async function httpCeilingReference(
  urls: { pgbenchUrl: string; appUrl: string },
  workers: number,
  clients: number,
  durationMs: number,
  runRequest: RunRequest,
): Promise<HttpCeilingReference> {
  let errors = 0;
  const rateOf = async (mode: BareServerMode, databaseUrl?: string) => {
    const server = await startBareServer(workers, mode, databaseUrl);
    try {
      const send = (client: number, seq: number) => {
        const { body, headers } = runRequest(client, seq);
        return postJson(server.url, body, headers);
      };
      await warmUp(send, clients, workers);
      const measured = await loadPhase(send, clients, durationMs);
      errors += measured.errors;
      return Math.round(measured.latencies.length / measured.seconds);
    } finally {
      await server.stop();
    }
  };
  return {
    how: `node:http in ${workers} processes, no framework, token check or rules: answering at once; pgbench -N's transaction in one round trip; the change's diecast_read and diecast_apply_diff`,
    workers,
    clients,
    seconds: durationMs / 1000,
    answerOnlyPerSecond: await rateOf('answer'),
    pgbenchTransactionPerSecond: await rateOf('pgbench', urls.pgbenchUrl),
    changeSqlPerSecond: await rateOf('change', urls.appUrl),
    errors,
  };
}
