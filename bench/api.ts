// `npm run bench:api`: add-car-instance throughput and latency with 50 concurrent collectors over
// real HTTP on loopback, and one 1,000-change sync/push, on PGlite and on PostgreSQL.
// Figures are printed and written to bench/results/api.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../api/runtime/auth-emulator';
import { signUpTestUser, type TestUser } from '../test/fixtures/auth';
import { startPostgresCluster, type PostgresCluster } from '../scripts/postgres-cluster';
import { percentile, postJson } from './lib/http-client';
import { startServerProcess } from './lib/server-process';

const CLIENTS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const WARMUP_MS = 1500;
const PUSH_SIZE = 1000;
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

interface StoreResult {
  store: 'pglite' | 'postgres';
  requests: number;
  errors: number;
  mutationsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  push1000Ms: number;
  push1000AllOk: boolean;
}

async function catalogCarIds(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/catalog`);
  const catalog = (await response.json()) as { cars: { id: string }[] };
  return catalog.cars.map((car) => car.id);
}

/** Each client is one collector adding cars one request at a time, as fast as answers come. */
async function loadPhase(url: string, users: TestUser[], carIds: string[], durationMs: number) {
  const latencies: number[] = [];
  let errors = 0;
  const stopAt = performance.now() + durationMs;
  await Promise.all(
    users.map(async (user, client) => {
      let seq = 0;
      while (performance.now() < stopAt) {
        const carId = carIds[(client * 7919 + seq * 31) % carIds.length] as string;
        const started = performance.now();
        const response = await postJson(
          `${url}/api/collection/add-car-instance`,
          { carId, details: {} },
          {
            Authorization: user.headers.Authorization as string,
            'Idempotency-Key': `bench-${client}:${seq++}:${Date.now()}`,
          },
        );
        latencies.push(performance.now() - started);
        if (response.status !== 200) errors++;
      }
    }),
  );
  return { latencies, errors };
}

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
): Promise<StoreResult> {
  const server = await startServerProcess(env);
  try {
    const carIds = await catalogCarIds(server.url);
    const users = await Promise.all(Array.from({ length: CLIENTS }, () => signUpTestUser()));
    await loadPhase(server.url, users, carIds, WARMUP_MS);
    const started = performance.now();
    const { latencies, errors } = await loadPhase(server.url, users, carIds, DURATION_MS);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pushUser = await signUpTestUser();
    const push = await pushPhase(server.url, pushUser, carIds);
    return {
      store,
      requests: latencies.length,
      errors,
      mutationsPerSecond: Math.round(latencies.length / seconds),
      p50Ms: Number(percentile(latencies, 50).toFixed(2)),
      p99Ms: Number(percentile(latencies, 99).toFixed(2)),
      push1000Ms: Math.round(push.elapsed),
      push1000AllOk: push.allOk,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
  const emulatorEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
  const results: StoreResult[] = [];
  let cluster: PostgresCluster | null = null;
  try {
    results.push(await benchStore('pglite', emulatorEnv));
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      console.warn(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (cluster)
      results.push(await benchStore('postgres', { ...emulatorEnv, DATABASE_URL: cluster.url }));
  } finally {
    cluster?.stop();
    await emulator.stop();
  }

  const targets = {
    postgres: { mutationsPerSecond: 1000, p99Ms: 50, push1000Ms: 1000 },
    pglite: { mutationsPerSecond: 300, push1000Ms: 1000 },
  };
  const met = Object.fromEntries(
    results.map((r) => [
      r.store,
      r.store === 'postgres'
        ? r.mutationsPerSecond >= 1000 && r.p99Ms < 50 && r.push1000Ms < 1000 && r.push1000AllOk
        : r.mutationsPerSecond >= 300 && r.push1000Ms < 1000 && r.push1000AllOk,
    ]),
  );
  console.log(
    `\nAPI benchmark: ${CLIENTS} concurrent collectors, ${DURATION_MS / 1000} s, loopback HTTP`,
  );
  console.table(
    results.map((r) => ({
      store: r.store,
      'mutations/s': r.mutationsPerSecond,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      requests: r.requests,
      errors: r.errors,
      'push 1,000 ms': r.push1000Ms,
      'targets met': met[r.store] ? 'yes' : 'NO',
    })),
  );
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/api.json', import.meta.url),
    `${JSON.stringify(
      {
        benchmark: 'api',
        date: new Date().toISOString(),
        machine: { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version },
        clients: CLIENTS,
        durationMs: DURATION_MS,
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
