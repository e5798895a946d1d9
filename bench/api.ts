// `npm run bench:api`: add-car-instance throughput and latency with 50 concurrent collectors over
// real HTTP on loopback, one 1,000-change sync/push, and fairness (one account doing every abuse
// path at once, at the most the limits allow, against 20 collectors' ordinary writes and reads,
// and the same 20 without it), on PGlite and on PostgreSQL.
// Figures are printed and written to bench/results/api.json.
// BENCH_ONLY=fairness runs only the fairness phase on each store (after the same warm-up),
// prints it and writes nothing; with BENCH_ABUSE_PATHS (bench/api/abuser.ts) it shows what each
// abuse path alone does to the others.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../api/runtime/auth-emulator';
import { signUpTestUser, type TestUser } from '../test/fixtures/auth';
import { startPostgresCluster, type PostgresCluster } from '../scripts/postgres-cluster';
import { dropIdleConnections, median, percentile, postJson } from './lib/http-client';
import { startServerProcess } from './lib/server-process';
import { machineInfo } from './lib/results';
import {
  FAIRNESS_TARGET,
  fairnessMet,
  fairnessPhase,
  printFairness,
  type FairnessResult,
} from './api/fairness';
import { loadPhase, warmUp, WARM_UP, type LoadFigures, type SendRequest } from './api/load-phase';
import {
  inProcessReference,
  openInProcessReference,
  openPgbenchReference,
  type InProcessReference,
  type PgbenchReference,
  type RoundReference,
} from './api/references';
import { sqlAloneReference, type SqlAloneReference } from './api/sql-alone-reference';
import {
  httpCeilingReference,
  type HttpCeilingReference,
  type RunRequest,
} from './api/http-ceiling-reference';

const CLIENTS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
/**
 * Saturation is measured in this many rounds of DURATION_MS, each followed by a round of the
 * same-run reference: the ratio is of the two medians.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PUSH_SIZE = 1000;
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

interface StoreResult {
  store: 'pglite' | 'postgres';
  /** Server processes sharing the port (WEB_CONCURRENCY). */
  serverWorkers: number;
  /** Before the measured phases: WARM_UP's requests for each server process (load-phase.ts). */
  warmUp: { requests: number; seconds: number };
  /**
   * Saturation: 50 clients each sending the next change as soon as the last is answered, in
   * ROUNDS rounds taken in turns with the reference's; the rate is their median, the latencies
   * are all rounds' together.
   */
  saturated: {
    mutationsPerSecond: number;
    rounds: number[];
    p50Ms: number;
    p99Ms: number;
    requests: number;
    errors: number;
  };
  /** The target rate offered on a schedule; latency counted from each change's scheduled time. */
  paced: {
    offeredPerSecond: number;
    achievedPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
  };
  push1000Ms: number;
  push1000AllOk: boolean;
  fairness: FairnessResult;
  /**
   * The same run's reference: `pgbench -N` on the same cluster (PostgreSQL), the same change
   * applied in process with no HTTP (PGlite); ratio = saturated changes/s ÷ its rate. On
   * PostgreSQL also the change's own SQL under pgbench (no Node at all): `sqlAloneToPgbenchN` is
   * the most `ratio` could be with this SQL, `ratioToSqlAlone` what the server makes of it.
   * And the least server there can be (bare node:http) running pgbench -N's own transaction:
   * `httpCeilingToPgbenchN` is the most any Node server reaches here with a change that small.
   */
  reference?: {
    pgbench?: PgbenchReference;
    inProcess?: InProcessReference;
    sqlAlone?: SqlAloneReference;
    httpCeiling?: HttpCeilingReference;
    ratio: number;
    sqlAloneToPgbenchN?: number;
    ratioToSqlAlone?: number;
    httpCeilingToPgbenchN?: number;
    /** The bare server running this change's SQL, over pgbench -N: the most with this SQL in Node. */
    bareChangeToPgbenchN?: number;
    /** The server over that bare server: what our framework, token check and rules cost. */
    ratioToBareChange?: number;
  };
}

const TARGET_RATE = { pglite: 300, postgres: 1000 } as const;
/** Same-run references: PostgreSQL ≥ 0.5 × pgbench -N tps, PGlite ≥ 0.6 × the change applied in process. */
const TARGET_RATIO = { pglite: 0.6, postgres: 0.5 } as const;
/** bench:api --cpu-prof style runs: BENCH_STORES=pglite (or postgres) runs only that store. */
const STORES = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',');
/** Server processes on PostgreSQL (WEB_CONCURRENCY): one per core, as deployed. PGlite is one. */
const POSTGRES_WORKERS = Number(process.env.BENCH_WEB_CONCURRENCY ?? cpus().length);
const PACED_MS = Number(process.env.BENCH_PACED_MS ?? 6000);
const ONLY_FAIRNESS = process.env.BENCH_ONLY === 'fairness';
if (process.env.BENCH_ONLY !== undefined && !ONLY_FAIRNESS) {
  throw new Error(`BENCH_ONLY: only 'fairness' is known, not '${process.env.BENCH_ONLY}'`);
}

async function catalogCarIds(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/catalog`);
  const catalog = (await response.json()) as { cars: { id: string }[] };
  return catalog.cars.map((car) => car.id);
}

let keySeq = 0;

/**
 * Each client is one collector adding cars, one request at a time: request `seq` of `client`.
 * The HTTP ceiling reference sends the same requests to its bare server.
 */
function addCarRequests(users: TestUser[], carIds: string[]): RunRequest {
  return (client, seq) => ({
    body: { carId: carIds[(client * 7919 + seq * 31) % carIds.length] as string, details: {} },
    headers: {
      Authorization: users[client]?.headers.Authorization as string,
      'Idempotency-Key': `bench:${keySeq++}`,
    },
  });
}

function addCars(url: string, users: TestUser[], carIds: string[]): SendRequest {
  const request = addCarRequests(users, carIds);
  return (client, seq) => {
    const { body, headers } = request(client, seq);
    return postJson(`${url}/api/collection/add-car-instance`, body, headers);
  };
}

const ms = (value: number) => Number(value.toFixed(2));

async function pushPhase(url: string, user: TestUser, carIds: string[]) {
  const mutations = Array.from({ length: PUSH_SIZE }, (_, i) => ({
    key: `push-device:${i + 1}`,
    name: 'collection/add-car-instance',
    args: { carId: carIds[i % carIds.length], details: { instanceId: `push-${i}` } },
  }));
  const started = performance.now();
  const response = await postJson(
    `${url}/api/sync/push`,
    { mutations },
    {
      Authorization: user.headers.Authorization as string,
    },
  );
  const elapsed = performance.now() - started;
  const results = (JSON.parse(response.body) as { results: { status: string }[] }).results;
  return { elapsed, allOk: response.status === 200 && results.every((r) => r.status === 'ok') };
}

async function benchStore(
  store: StoreResult['store'],
  env: Record<string, string>,
  /** The target's reference, measured in rounds between the server's (references.ts). */
  openReference: (
    carIds: string[],
  ) => Promise<RoundReference<PgbenchReference> | RoundReference<InProcessReference>>,
  /** Figures that are not the target's reference, after the server has stopped. */
  more: (
    carIds: string[],
    users: TestUser[],
    pgbench?: PgbenchReference,
  ) => Promise<{
    inProcess?: InProcessReference;
    sqlAlone?: SqlAloneReference;
    httpCeiling?: HttpCeilingReference;
  }>,
): Promise<StoreResult> {
  const server = await startServerProcess(env);
  let carIds: string[];
  let users: TestUser[];
  let result: StoreResult;
  let reference: PgbenchReference | InProcessReference;
  try {
    carIds = await catalogCarIds(server.url);
    users = await Promise.all(Array.from({ length: CLIENTS }, () => signUpTestUser()));
    const send = addCars(server.url, users, carIds);
    const warmed = await warmUp(send, CLIENTS, Number(env.WEB_CONCURRENCY ?? 1));
    // Opened (and warmed up) with the server idle; then the rounds in turns.
    const rounds = await openReference(carIds);
    const windows: LoadFigures[] = [];
    const referenceRounds: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        dropIdleConnections();
        windows.push(await loadPhase(send, CLIENTS, DURATION_MS));
        referenceRounds.push(await rounds.measure(DURATION_MS));
      }
      dropIdleConnections();
      reference = rounds.figures(referenceRounds);
    } finally {
      await rounds.close();
    }
    const latencies = windows.flatMap((window) => window.latencies).sort((a, b) => a - b);
    const roundRates = windows.map((window) =>
      Math.round(window.latencies.length / window.seconds),
    );
    const rate = TARGET_RATE[store];
    const paced = await loadPhase(send, CLIENTS, PACED_MS, rate / CLIENTS);
    const pushUser = await signUpTestUser();
    const push = await pushPhase(server.url, pushUser, carIds);
    const fairness = await fairnessPhase(server.url);
    result = {
      store,
      serverWorkers: Number(env.WEB_CONCURRENCY ?? 1),
      warmUp: warmed,
      saturated: {
        mutationsPerSecond: median(roundRates),
        rounds: roundRates,
        p50Ms: ms(percentile(latencies, 50)),
        p99Ms: ms(percentile(latencies, 99)),
        requests: latencies.length,
        errors: windows.reduce((sum, window) => sum + window.errors, 0),
      },
      paced: {
        offeredPerSecond: rate,
        achievedPerSecond: Math.round(paced.latencies.length / (PACED_MS / 1000)),
        p50Ms: ms(percentile(paced.latencies, 50)),
        p99Ms: ms(percentile(paced.latencies, 99)),
        errors: paced.errors,
      },
      push1000Ms: Math.round(push.elapsed),
      push1000AllOk: push.allOk,
      fairness,
    };
  } finally {
    await server.stop();
  }
  const rate = 'tps' in reference ? reference.tps : reference.changesPerSecond;
  const figures = {
    ...('tps' in reference ? { pgbench: reference } : { inProcess: reference }),
    ...(await more(carIds, users, 'tps' in reference ? reference : undefined)),
  };
  const ratioOf = (a: number, b: number) => Number((a / b).toFixed(2));
  const ratio = ratioOf(result.saturated.mutationsPerSecond, rate);
  const { sqlAlone, httpCeiling } = figures;
  const ceiling = {
    ...(sqlAlone && {
      sqlAloneToPgbenchN: ratioOf(sqlAlone.tps, rate),
      ratioToSqlAlone: ratioOf(result.saturated.mutationsPerSecond, sqlAlone.tps),
    }),
    ...(httpCeiling && {
      httpCeilingToPgbenchN: ratioOf(httpCeiling.pgbenchTransactionPerSecond, rate),
      bareChangeToPgbenchN: ratioOf(httpCeiling.changeSqlPerSecond, rate),
      ratioToBareChange: ratioOf(
        result.saturated.mutationsPerSecond,
        httpCeiling.changeSqlPerSecond,
      ),
    }),
  };
  return { ...result, reference: { ...figures, ratio, ...ceiling } };
}

/** BENCH_ONLY=fairness: the warmed-up server's fairness phase, nothing else. */
async function fairnessOnly(store: StoreResult['store'], env: Record<string, string>) {
  const server = await startServerProcess(env);
  try {
    const carIds = await catalogCarIds(server.url);
    const users = await Promise.all(Array.from({ length: CLIENTS }, () => signUpTestUser()));
    await warmUp(addCars(server.url, users, carIds), CLIENTS, Number(env.WEB_CONCURRENCY ?? 1));
    dropIdleConnections();
    return { store, fairness: await fairnessPhase(server.url) };
  } finally {
    await server.stop();
  }
}

async function onlyFairness() {
  const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
  const emulatorEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
  const results: { store: string; fairness: FairnessResult }[] = [];
  try {
    if (STORES.includes('pglite')) results.push(await fairnessOnly('pglite', emulatorEnv));
    if (STORES.includes('postgres')) {
      const cluster = await startPostgresCluster();
      try {
        results.push(
          await fairnessOnly('postgres', {
            ...emulatorEnv,
            DATABASE_URL: cluster.url,
            WEB_CONCURRENCY: String(POSTGRES_WORKERS),
          }),
        );
      } finally {
        cluster.stop();
      }
    }
  } finally {
    await emulator.stop();
  }
  printFairness(results);
}

async function main() {
  if (ONLY_FAIRNESS) return onlyFairness();
  const loadAtStart = loadavg()[0] ?? 0;
  const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
  const emulatorEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
  const results: StoreResult[] = [];
  let cluster: PostgresCluster | null = null;
  try {
    if (STORES.includes('pglite')) {
      results.push(
        await benchStore(
          'pglite',
          emulatorEnv,
          (carIds) => openInProcessReference({ kind: 'pglite' }, carIds, CLIENTS),
          async () => ({}),
        ),
      );
    }
    if (STORES.includes('postgres')) {
      try {
        cluster = await startPostgresCluster();
      } catch (error) {
        console.warn(
          `PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const pgUrl = cluster?.url;
    if (pgUrl)
      results.push(
        await benchStore(
          'postgres',
          {
            ...emulatorEnv,
            DATABASE_URL: pgUrl,
            WEB_CONCURRENCY: String(POSTGRES_WORKERS),
          },
          () => openPgbenchReference(pgUrl, CLIENTS),
          async (carIds, users, pgbench) => {
            if (!pgbench) throw new Error('the PostgreSQL run has no pgbench -N reference');
            // With the run's clients and their requests (pgbench -N's transaction on its tables).
            const httpCeiling = await httpCeilingReference(
              { pgbenchUrl: pgbench.url, appUrl: pgUrl },
              POSTGRES_WORKERS,
              CLIENTS,
              DURATION_MS,
              addCarRequests(users, carIds),
            );
            const sqlAlone = await sqlAloneReference(pgUrl, carIds, CLIENTS, DURATION_MS / 1000);
            // Not the target's reference: where the time goes without HTTP (one process, the
            // servers' pool size: DATABASE_POOL_SIZE's default of 8 per worker).
            const inProcess = await inProcessReference(
              { kind: 'postgres', url: pgUrl, poolSize: 8 * POSTGRES_WORKERS },
              carIds,
              CLIENTS,
              DURATION_MS,
            );
            return { inProcess, sqlAlone, httpCeiling };
          },
        ),
      );
  } finally {
    cluster?.stop();
    await emulator.stop();
  }

  const targets = {
    postgres: {
      mutationsPerSecond: 1000,
      p99Ms: 50,
      push1000Ms: 1000,
      fairnessP99Ms: FAIRNESS_TARGET.p99Ms,
      fairnessTimesBaseline: FAIRNESS_TARGET.timesBaseline,
      ratioToPgbenchN: TARGET_RATIO.postgres,
    },
    pglite: {
      mutationsPerSecond: 300,
      push1000Ms: 1000,
      fairnessP99Ms: FAIRNESS_TARGET.p99Ms,
      fairnessTimesBaseline: FAIRNESS_TARGET.timesBaseline,
      ratioToInProcess: TARGET_RATIO.pglite,
    },
  };
  const met = Object.fromEntries(
    results.map((r) => {
      const pushOk = r.push1000Ms < 1000 && r.push1000AllOk;
      const rateOk = r.saturated.mutationsPerSecond >= TARGET_RATE[r.store];
      const noErrors = r.saturated.errors === 0 && r.paced.errors === 0;
      const latencyOk = r.store === 'postgres' ? r.paced.p99Ms < 50 : true;
      const fairnessOk = fairnessMet(r.fairness);
      const ratioOk = (r.reference?.ratio ?? 0) >= TARGET_RATIO[r.store];
      return [
        r.store,
        {
          ratio: ratioOk,
          rate: rateOk,
          latency: latencyOk,
          push: pushOk,
          errors: noErrors,
          fairness: fairnessOk,
        },
      ];
    }),
  );
  console.log(
    `\nAPI benchmark: ${CLIENTS} concurrent collectors over loopback HTTP (${cpus().length} cores)`,
  );
  console.table(
    results.map((r) => ({
      store: r.store,
      workers: r.serverWorkers,
      'max changes/s': r.saturated.mutationsPerSecond,
      reference: r.reference?.pgbench
        ? `pgbench -N ${r.reference.pgbench.tps} tps (fsync ${r.reference.pgbench.fsync})`
        : r.reference?.inProcess
          ? `in process ${r.reference.inProcess.changesPerSecond}/s`
          : '-',
      ratio: r.reference ? `${r.reference.ratio}× (≥ ${TARGET_RATIO[r.store]})` : '-',
      'SQL alone': r.reference?.sqlAlone
        ? `${r.reference.sqlAlone.tps}/s = ${r.reference.sqlAloneToPgbenchN}× pgbench -N`
        : '-',
      'bare server, pgbench tx': r.reference?.httpCeiling
        ? `${r.reference.httpCeiling.pgbenchTransactionPerSecond}/s = ${r.reference.httpCeilingToPgbenchN}×`
        : '-',
      'bare server, this SQL': r.reference?.httpCeiling
        ? `${r.reference.httpCeiling.changeSqlPerSecond}/s = ${r.reference.bareChangeToPgbenchN}×`
        : '-',
      'p99 ms at max': r.saturated.p99Ms,
      'offered/s': r.paced.offeredPerSecond,
      'achieved/s': r.paced.achievedPerSecond,
      'p50 ms': r.paced.p50Ms,
      'p99 ms': r.paced.p99Ms,
      'push 1,000 ms': r.push1000Ms,
      errors: r.saturated.errors + r.paced.errors,
    })),
  );
  for (const r of results) {
    const target = r.reference?.pgbench?.rounds ?? r.reference?.inProcess?.rounds ?? [];
    console.log(
      `${r.store}: warmed up with ${r.warmUp.requests} changes in ${r.warmUp.seconds} s (${WARM_UP.requestsPerProcess} a server process; the references likewise); ` +
        `rounds in turns, server ${r.saturated.rounds.join(', ')}/s and reference ${target.join(', ')}/s`,
    );
  }
  printFairness(results);
  for (const r of results) {
    const checks = met[r.store] as Record<string, boolean>;
    const missed = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    console.log(
      `${r.store}: ${missed.length === 0 ? 'all targets met' : `targets missed: ${missed.join(', ')}`}`,
    );
  }
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/api.json', import.meta.url),
    `${JSON.stringify(
      {
        benchmark: 'api',
        date: new Date().toISOString(),
        machine: machineInfo(loadAtStart),
        clients: CLIENTS,
        durationMs: DURATION_MS,
        warmUp: WARM_UP,
        results,
        targets,
        met,
      },
      null,
      2,
    )}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
