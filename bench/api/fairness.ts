// The fairness phase of `npm run bench:api`: 20 collectors each do ordinary writes and reads on
// a fixed schedule (latency from each request's scheduled time, so a stalled server is charged
// for the backlog it causes), first alone (the baseline), then while ONE abusive account (and its
// address) does every abuse path at once at the most the limits allow (bench/api/abuser.ts).
// Target: the others' p99 < 250 ms and at most 3 × their own baseline p99.
import { randomUUID } from 'node:crypto';
import { signUpTestUser, type TestUser } from '../../test/fixtures/auth';
import { getJson, percentile, postJson } from '../lib/http-client';
import { prepareAbuser, runAbuser, type PathFigures } from './abuser';

const COLLECTORS = 20;
/** Each collector's requests a second, alternating a write and a read. */
const PER_COLLECTOR_RATE = 5;
const WINDOW_MS = Number(process.env.BENCH_FAIRNESS_MS ?? 10_000);
/** The others' p99 with the abuser: under this, and under this many times their baseline. */
export const FAIRNESS_TARGET = { p99Ms: 250, timesBaseline: 3 } as const;

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
  /** The 20 collectors with nobody else on the server. */
  baseline: LoadFigures;
  /** The same 20 collectors while the abuser ran every path: the target. */
  others: LoadFigures;
  /** others p99 ÷ baseline p99. */
  timesBaseline: number;
  /** What each of the abuser's paths sent and got while the others were measured. */
  abuser: Record<string, PathFigures>;
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

const signedIn = (user: TestUser) => ({ Authorization: user.headers.Authorization as string });

/** A collector with a username (community writes need one). */
async function collector(url: string, user: TestUser, stem: string): Promise<void> {
  const username = `${stem}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const answer = await postJson(`${url}/api/users/initialize`, { username }, signedIn(user));
  if (answer.status !== 200) throw new Error(`users/initialize: ${answer.status} ${answer.body}`);
}

export async function fairnessPhase(url: string): Promise<FairnessResult> {
  const catalogue = (await (await fetch(`${url}/api/catalog`)).json()) as {
    cars: { id: string }[];
  };
  const carIds = catalogue.cars.map((car) => car.id);
  const users = await Promise.all(Array.from({ length: COLLECTORS }, () => signUpTestUser()));

  const baseline = await ordinaryLoad(url, users, carIds, WINDOW_MS);

  // The one the abuser follows, unfollows and comments on: one of the measured collectors.
  const target = users[0] as TestUser;
  await collector(url, target, 'target');
  const postId = randomUUID();
  const post = await postJson(
    `${url}/api/posts/create`,
    { postId, body: 'My latest find' },
    signedIn(target),
  );
  if (post.status !== 200) throw new Error(`posts/create: ${post.status} ${post.body}`);
  const abuser = await signUpTestUser();
  await collector(url, abuser, 'abuser');
  const setup = { url, abuser, target: { uid: target.uid, postId }, carIds };
  const wishlistPush = await prepareAbuser(setup);
  // The abuser's own matches, once, so the loop reads a wishlist that is there.
  await getJson(`${url}/api/trade/matches`, signedIn(abuser));

  const abuse = runAbuser(setup, wishlistPush);
  const others = await ordinaryLoad(url, users, carIds, WINDOW_MS);
  const paths = await abuse.stop();

  return {
    collectors: COLLECTORS,
    requestsPerSecond: COLLECTORS * PER_COLLECTOR_RATE,
    windowMs: WINDOW_MS,
    baseline,
    others,
    timesBaseline: Number((others.p99Ms / Math.max(baseline.p99Ms, 0.1)).toFixed(2)),
    abuser: paths,
  };
}

/** Whether the others met the target: under 250 ms, under 3 × baseline, no errors. */
export function fairnessMet(result: FairnessResult): boolean {
  return (
    result.others.p99Ms < FAIRNESS_TARGET.p99Ms &&
    result.timesBaseline <= FAIRNESS_TARGET.timesBaseline &&
    result.others.errors === 0
  );
}

/** The fairness figures of each store: the others against their baseline, then the abuser's paths. */
export function printFairness(results: { store: string; fairness: FairnessResult }[]): void {
  console.log(
    `\nFairness: one account on every abuse path at once vs ${results[0]?.fairness.collectors ?? 20} collectors' ordinary writes and reads (target: p99 < ${FAIRNESS_TARGET.p99Ms} ms and ≤ ${FAIRNESS_TARGET.timesBaseline}× baseline)`,
  );
  console.table(
    results.map((r) => ({
      store: r.store,
      'baseline p50 ms': r.fairness.baseline.p50Ms,
      'baseline p99 ms': r.fairness.baseline.p99Ms,
      'others p50 ms': r.fairness.others.p50Ms,
      'others p99 ms': r.fairness.others.p99Ms,
      '× baseline': r.fairness.timesBaseline,
      'others max ms': r.fairness.others.maxMs,
      errors: r.fairness.others.errors,
    })),
  );
  for (const r of results) {
    console.log(`${r.store}: the abuser's paths (sent / accepted / refused 429 / other)`);
    console.table(
      Object.entries(r.fairness.abuser).map(([path, f]) => ({
        path,
        sent: f.sent,
        accepted: f.ok,
        refused: f.refused,
        other: Object.entries(f.otherStatuses)
          .map(([status, n]) => `${n}× ${status}`)
          .join(', '),
        'accepted p50 ms': f.okP50Ms,
      })),
    );
  }
}
