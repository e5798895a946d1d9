// The abusive account of bench:api's fairness phase: one collector (and its address) doing every
// abuse path at once, each at the most the limits allow, CONCURRENCY requests at a time, sending
// the next the moment one is answered: settings writes with many keys and big values, one
// replayed 1,000-entry push, the heavy reads (matches over a wishlisted catalogue, wanted-by,
// community prices, user search, the leaderboard), follow/unfollow and comments aimed at one
// collector, and anonymous reads from the same address. Refusals (429) are counted, not obeyed.
// BENCH_ABUSE_PATHS=matches,settings (path names as printed, comma-separated) runs only those
// paths, to see what each alone does to the others; the default is every path.
import { randomUUID } from 'node:crypto';
import type { TestUser } from '../../test/fixtures/auth';
import { getJson, percentile, postJson } from '../lib/http-client';
import { COMMENT_BODY_MAX } from '../../src/shared/community/post-schemas';

/** Requests in flight on each path at once (the push path: the lease lets one through). */
const CONCURRENCY = 4;
/** Settings the abuser cycles through: 32 keys of ~480 characters (within a 32-key, 16 KB cap). */
const SETTING_KEYS = 32;
const SETTING_VALUE = 'v'.repeat(480);
/** Ids a market read takes at most (src/shared/community/market-schemas.ts). */
const MARKET_IDS = 5000;
/** A push holds at most this many entries (api/routes/sync.ts). */
const PUSH_ENTRIES = 1000;

export interface PathFigures {
  sent: number;
  ok: number;
  refused: number;
  other: number;
  /** The other answers by status (0: no answer). */
  otherStatuses: Record<string, number>;
  /** Of the accepted requests. */
  okP50Ms: number;
}

export interface AbuserSetup {
  url: string;
  abuser: TestUser;
  /** A collector with a username and a post: the one followed, unfollowed and commented on. */
  target: { uid: string; postId: string };
  carIds: string[];
}

type Send = (seq: number) => Promise<{ status: number }>;

/** Every path's request, by name. */
function paths(setup: AbuserSetup, wishlistPush: unknown): Record<string, Send> {
  const { url, abuser, target, carIds } = setup;
  const auth = { Authorization: abuser.headers.Authorization as string };
  const ids = carIds.slice(0, MARKET_IDS);
  const gzip = { 'accept-encoding': 'gzip' };
  return {
    settings: (seq) =>
      postJson(
        `${url}/api/users/update-settings`,
        { key: `abuse-${seq % SETTING_KEYS}`, value: `${seq}${SETTING_VALUE}` },
        auth,
      ),
    'replayed push': () => postJson(`${url}/api/sync/push`, wishlistPush, auth),
    matches: () => getJson(`${url}/api/trade/matches`, auth),
    'wanted-by': () => postJson(`${url}/api/trade/wanted-by`, { kind: 'car', ids }, auth),
    'community prices': () =>
      postJson(`${url}/api/trade/community-prices`, { kind: 'car', ids }, auth),
    search: (seq) => getJson(`${url}/api/search/users?q=${'abcdefgh'[seq % 8]}`, auth),
    leaderboard: (seq) => getJson(`${url}/api/leaderboard?by=${seq % 2 ? 'sets' : 'cars'}`, auth),
    'follow/unfollow': (seq) =>
      postJson(`${url}/api/follows/set`, { userId: target.uid, following: seq % 2 === 0 }, auth),
    comments: () =>
      postJson(
        `${url}/api/comments/create`,
        { commentId: randomUUID(), postId: target.postId, body: 'c'.repeat(COMMENT_BODY_MAX) },
        auth,
      ),
    'anonymous leaderboard': () => getJson(`${url}/api/leaderboard`, {}),
    'anonymous community prices': () =>
      postJson(`${url}/api/trade/community-prices`, { kind: 'car', ids }, {}),
    'anonymous board': () => getJson(`${url}/api/listings`, {}),
    'anonymous catalogue': () => getJson(`${url}/api/catalog`, gzip),
  };
}

/**
 * Before the window: the abuser wishlists as much of the catalogue as one push holds (the
 * limits allow no more at once) — the push it will replay.
 */
export async function prepareAbuser(setup: AbuserSetup): Promise<unknown> {
  const auth = { Authorization: setup.abuser.headers.Authorization as string };
  const wishlistPush = {
    mutations: setup.carIds.slice(0, PUSH_ENTRIES).map((carId, i) => ({
      key: `abuse-wish:${i}`,
      name: 'collection/toggle-wishlist',
      args: { carId, isWishlisted: true },
    })),
  };
  const answer = await postJson(`${setup.url}/api/sync/push`, wishlistPush, auth);
  if (answer.status !== 200) throw new Error(`the abuser's wishlist push: ${answer.status}`);
  return wishlistPush;
}

/** The paths BENCH_ABUSE_PATHS names (an unknown name is an error), or all of them. */
function chosenPaths(all: Record<string, Send>): [string, Send][] {
  const wanted = process.env.BENCH_ABUSE_PATHS?.split(',').map((name) => name.trim());
  if (!wanted) return Object.entries(all);
  const unknown = wanted.filter((name) => !(name in all));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_ABUSE_PATHS: no path ${unknown.join(', ')} (${Object.keys(all).join(', ')})`,
    );
  }
  return Object.entries(all).filter(([name]) => wanted.includes(name));
}

/** Runs every path (or BENCH_ABUSE_PATHS's) until `stop()` says so; then each path's figures. */
export function runAbuser(setup: AbuserSetup, wishlistPush: unknown) {
  let stopping = false;
  const figures: Record<string, { statuses: number[]; okMs: number[] }> = {};
  const running = chosenPaths(paths(setup, wishlistPush)).flatMap(([name, send]) => {
    const path = { statuses: [] as number[], okMs: [] as number[] };
    figures[name] = path;
    return Array.from({ length: CONCURRENCY }, async (_, lane) => {
      for (let seq = lane; !stopping; seq += CONCURRENCY) {
        const started = performance.now();
        const status = await send(seq).then(
          (answer) => answer.status,
          () => 0,
        );
        path.statuses.push(status);
        if (status >= 200 && status < 300) path.okMs.push(performance.now() - started);
      }
    });
  });
  return {
    async stop(): Promise<Record<string, PathFigures>> {
      stopping = true;
      await Promise.all(running);
      return Object.fromEntries(
        Object.entries(figures).map(([name, { statuses, okMs }]) => {
          const ok = statuses.filter((s) => s >= 200 && s < 300).length;
          const refused = statuses.filter((s) => s === 429).length;
          okMs.sort((a, b) => a - b);
          const p50 = okMs.length > 0 ? Number(percentile(okMs, 50).toFixed(1)) : 0;
          const otherStatuses: Record<string, number> = {};
          for (const s of statuses) {
            if ((s < 200 || s >= 300) && s !== 429) otherStatuses[s] = (otherStatuses[s] ?? 0) + 1;
          }
          const other = statuses.length - ok - refused;
          return [name, { sent: statuses.length, ok, refused, other, otherStatuses, okP50Ms: p50 }];
        }),
      );
    },
  };
}
