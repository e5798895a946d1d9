// The fairness phase of `npm run bench:api`: one collector sends the worst push the limits
// allow (a full write budget of copies: set instances of the catalogue's largest set, then cars)
// and keeps sending it, while 20 other collectors each do ordinary writes and reads on a fixed
// schedule. Their latency (from each request's scheduled time, so a stalled server is charged
// for the backlog it causes) is what one collector must not be able to spoil: p99 < 250 ms.
import { signUpTestUser, type TestUser } from '../../test/fixtures/auth';
import { getJson, percentile, postJson } from '../lib/http-client';
import {
  MAX_COPIES_PER_CHANGE,
  MAX_INSTANCES_PER_CHANGE,
  WRITE_BUDGET_CAPACITY,
} from '../../src/shared/collection/work-units';

const COLLECTORS = 20;
/** Each collector's requests a second, alternating a write and a read. */
const PER_COLLECTOR_RATE = 5;
const WINDOW_MS = Number(process.env.BENCH_FAIRNESS_MS ?? 10_000);

export interface FairnessResult {
  collectors: number;
  requestsPerSecond: number;
  windowMs: number;
  worstPush: {
    entries: number;
    copies: number;
    units: number;
    /** The push that was accepted (a full budget). */
    acceptedMs: number;
    acceptedStatus: number;
    /** Its repeats, refused (429) until the budget refills. */
    repeats: number;
    repeatP50Ms: number;
  };
  /** The 20 collectors while the worst push ran. */
  others: { requests: number; p50Ms: number; p99Ms: number; maxMs: number; errors: number };
  /** The same 20 collectors with nobody pushing. */
  baseline: { requests: number; p50Ms: number; p99Ms: number; maxMs: number; errors: number };
}

interface CatalogueSet {
  id: string;
  carIds: string[];
}

/** A push of exactly one budget's worth of copies, the largest sets first. */
function worstPush(sets: CatalogueSet[], carIds: string[]) {
  const largest = [...sets].sort((a, b) => b.carIds.length - a.carIds.length)[0];
  const mutations: { key: string; name: string; args: unknown }[] = [];
  let units = 0;
  let seq = 0;
  const key = () => `worst:${Date.now()}:${seq++}`;
  if (largest) {
    const perInstance = 1 + largest.carIds.length;
    const perEntry = Math.min(
      MAX_INSTANCES_PER_CHANGE,
      Math.floor(MAX_COPIES_PER_CHANGE / perInstance),
    );
    while (units + perInstance <= WRITE_BUDGET_CAPACITY) {
      const instances = Math.min(
        perEntry,
        Math.floor((WRITE_BUDGET_CAPACITY - units) / perInstance),
      );
      mutations.push({
        key: key(),
        name: 'collection/add-multiple-set-instances',
        args: { set: { id: largest.id }, instances: Array.from({ length: instances }, () => ({})) },
      });
      units += instances * perInstance;
    }
  }
  while (units < WRITE_BUDGET_CAPACITY) {
    mutations.push({
      key: key(),
      name: 'collection/add-car-instance',
      args: { carId: carIds[seq % carIds.length], details: {} },
    });
    units += 1;
  }
  return { mutations, units, copies: units };
}

interface Sample {
  latencyMs: number;
  ok: boolean;
}

/** 20 collectors, each on its own schedule: add a car, read the collection, add, read the feed. */
async function ordinaryLoad(url: string, users: TestUser[], carIds: string[], windowMs: number) {
  const samples: Sample[] = [];
  const interval = 1000 / PER_COLLECTOR_RATE;
  const started = performance.now();
  await Promise.all(
    users.map(async (user, client) => {
      const auth = { Authorization: user.headers.Authorization as string };
      let scheduled = started + (interval * client) / users.length;
      for (let seq = 0; ; seq++) {
        const wait = scheduled - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (scheduled - started >= windowMs) break;
        const step = seq % 4;
        const response =
          step === 0 || step === 2
            ? await postJson(
                `${url}/api/collection/add-car-instance`,
                { carId: carIds[(client * 31 + seq) % carIds.length], details: {} },
                auth,
              )
            : await getJson(
                `${url}${step === 1 ? '/api/collection/get' : '/api/posts/feed?limit=20'}`,
                auth,
              );
        samples.push({ latencyMs: performance.now() - scheduled, ok: response.status === 200 });
        scheduled += interval;
      }
    }),
  );
  const latencies = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  const ms = (value: number) => Number(value.toFixed(1));
  return {
    requests: samples.length,
    p50Ms: ms(percentile(latencies, 50)),
    p99Ms: ms(percentile(latencies, 99)),
    maxMs: ms(latencies.at(-1) ?? 0),
    errors: samples.filter((s) => !s.ok).length,
  };
}

export async function fairnessPhase(url: string): Promise<FairnessResult> {
  const catalogue = (await (await fetch(`${url}/api/catalog`)).json()) as {
    cars: { id: string }[];
    sets: CatalogueSet[];
  };
  const carIds = catalogue.cars.map((car) => car.id);
  const users = await Promise.all(Array.from({ length: COLLECTORS }, () => signUpTestUser()));
  const pusher = await signUpTestUser();
  const push = worstPush(catalogue.sets, carIds);

  const baseline = await ordinaryLoad(url, users, carIds, WINDOW_MS / 2);

  const auth = { Authorization: pusher.headers.Authorization as string };
  let acceptedMs = 0;
  let acceptedStatus = 0;
  const repeats: number[] = [];
  let stop = false;
  const hammer = (async () => {
    // A second into the window, so the others are in full swing; then again and again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = performance.now();
    const first = await postJson(`${url}/api/sync/push`, { mutations: push.mutations }, auth);
    acceptedMs = performance.now() - started;
    acceptedStatus = first.status;
    while (!stop) {
      const again = performance.now();
      const fresh = push.mutations.map((m, i) => ({
        ...m,
        key: `${m.key}:r${repeats.length}:${i}`,
      }));
      await postJson(`${url}/api/sync/push`, { mutations: fresh }, auth);
      repeats.push(performance.now() - again);
    }
  })();
  const others = await ordinaryLoad(url, users, carIds, WINDOW_MS);
  stop = true;
  await hammer;
  repeats.sort((a, b) => a - b);
  return {
    collectors: COLLECTORS,
    requestsPerSecond: COLLECTORS * PER_COLLECTOR_RATE,
    windowMs: WINDOW_MS,
    worstPush: {
      entries: push.mutations.length,
      copies: push.copies,
      units: push.units,
      acceptedMs: Math.round(acceptedMs),
      acceptedStatus,
      repeats: repeats.length,
      repeatP50Ms: Number(percentile(repeats, 50).toFixed(1)),
    },
    others,
    baseline,
  };
}
