// The fairness phase of `npm run bench:api`: while 20 collectors each do ordinary writes and
// reads on a fixed schedule, one collector does the worst the limits allow: a push of a whole
// write budget of copies (set instances of the catalogue's largest set, topped up with cars),
// then every second a push of what the budget gave back. The others' latency (from each
// request's scheduled time, so a stalled server is charged for the backlog it causes) must not
// suffer: p99 < 250 ms. Then, for information, the same collector hammers the server with the
// big push without ever waiting (each refused, 429): what refusals alone cost the others.
import { signUpTestUser, type TestUser } from '../../test/fixtures/auth';
import { getJson, percentile, postJson } from '../lib/http-client';
import {
  MAX_COPIES_PER_CHANGE,
  MAX_INSTANCES_PER_CHANGE,
  WRITE_BUDGET_CAPACITY,
  WRITE_BUDGET_REFILL_PER_SECOND,
} from '../../src/shared/collection/work-units';

const COLLECTORS = 20;
/** Each collector's requests a second, alternating a write and a read. */
const PER_COLLECTOR_RATE = 5;
const WINDOW_MS = Number(process.env.BENCH_FAIRNESS_MS ?? 10_000);

interface LoadFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
}

export interface FairnessResult {
  collectors: number;
  requestsPerSecond: number;
  windowMs: number;
  worstPush: {
    entries: number;
    copies: number;
    units: number;
    /** The whole-budget push (accepted). */
    acceptedMs: number;
    acceptedStatus: number;
    /** Then each second a push of what the budget gave back (refill) while it lasted. */
    refillPushes: number;
    refillPushP50Ms: number;
  };
  /** The 20 collectors while the worst push (and its refills) ran: the target. */
  others: LoadFigures;
  /** The same 20 collectors with nobody pushing. */
  baseline: LoadFigures;
  /** The same 20 collectors while the big push was re-sent back-to-back, each refused (429). */
  hammering: LoadFigures & { refusals: number; refusalP50Ms: number };
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function fairnessPhase(url: string): Promise<FairnessResult> {
  const catalogue = (await (await fetch(`${url}/api/catalog`)).json()) as {
    cars: { id: string }[];
    sets: CatalogueSet[];
  };
  const carIds = catalogue.cars.map((car) => car.id);
  const users = await Promise.all(Array.from({ length: COLLECTORS }, () => signUpTestUser()));
  const push = worstPush(catalogue.sets, carIds);
  const rekeyed = (tag: string) =>
    push.mutations.map((m, i) => ({ ...m, key: `${m.key}:${tag}:${i}` }));

  const baseline = await ordinaryLoad(url, users, carIds, WINDOW_MS / 2);

  // The worst the limits allow: the whole budget at once, then what comes back, each second.
  const pusher = await signUpTestUser();
  const auth = { Authorization: pusher.headers.Authorization as string };
  let acceptedMs = 0;
  let acceptedStatus = 0;
  const refills: number[] = [];
  let stop = false;
  const worst = (async () => {
    await sleep(1000);
    const started = performance.now();
    acceptedStatus = (await postJson(`${url}/api/sync/push`, { mutations: rekeyed('big') }, auth))
      .status;
    acceptedMs = performance.now() - started;
    for (let round = 0; !stop; round++) {
      await sleep(1000);
      const refill = Array.from({ length: WRITE_BUDGET_REFILL_PER_SECOND }, (_, i) => ({
        key: `refill:${round}:${i}:${Date.now()}`,
        name: 'collection/add-car-instance',
        args: { carId: carIds[i % carIds.length], details: {} },
      }));
      const sent = performance.now();
      const answer = await postJson(`${url}/api/sync/push`, { mutations: refill }, auth);
      if (answer.status === 200) refills.push(performance.now() - sent);
    }
  })();
  const others = await ordinaryLoad(url, users, carIds, WINDOW_MS);
  stop = true;
  await worst;

  // For information: a fresh collector's big push, then the same re-sent without ever waiting.
  const hammerer = await signUpTestUser();
  const hammerAuth = { Authorization: hammerer.headers.Authorization as string };
  const refusals: number[] = [];
  stop = false;
  const hammer = (async () => {
    await postJson(`${url}/api/sync/push`, { mutations: rekeyed('hammer') }, hammerAuth);
    while (!stop) {
      const again = performance.now();
      await postJson(
        `${url}/api/sync/push`,
        { mutations: rekeyed(`h${refusals.length}`) },
        hammerAuth,
      );
      refusals.push(performance.now() - again);
    }
  })();
  const hammered = await ordinaryLoad(url, users, carIds, WINDOW_MS);
  stop = true;
  await hammer;

  refills.sort((a, b) => a - b);
  refusals.sort((a, b) => a - b);
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
      refillPushes: refills.length,
      refillPushP50Ms: Number(percentile(refills, 50).toFixed(1)),
    },
    others,
    baseline,
    hammering: {
      ...hammered,
      refusals: refusals.length,
      refusalP50Ms: Number(percentile(refusals, 50).toFixed(1)),
    },
  };
}
