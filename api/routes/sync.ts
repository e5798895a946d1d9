// POST /api/sync/push: a device's outbox chunk, applied in order, one result per entry. One push
// in flight per collector (api/collection/push-lease.ts), and each costs at least MIN_PUSH_UNITS:
// both checked before the body is read, so a refused push costs the server next to nothing.
// The request's and the answer's shapes are the sync contract (src/shared/sync/push-contract.ts).
import { Hono, type Context } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-json';
import { pushMutations, systemClock } from '../collection/mutation-service';
import { pushResultOf } from '../http/idempotency';
import { isCommunityCommand, runCommunityCommand } from '../community/run-command';
import { describeZodError } from '../../src/shared/validation';
import { holdRefusal, refuseOverBudget } from '../http/over-budget';
import { pushCost, type WeighedEntry } from '../collection/write-cost';
import { parseMutation } from '../../src/shared/collection/mutations';
import { takePushLease } from '../collection/push-lease';
import { MIN_PUSH_UNITS } from '../../src/shared/collection/work-units';
import {
  PUSH_IN_FLIGHT_ERROR,
  PUSH_IN_FLIGHT_RETRY_SECONDS,
} from '../../src/shared/http/request-limits';
import { pushRequestSchema, type SentPushResult } from '../../src/shared/sync/push-contract';

export function syncRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const clock = { now: deps.now ?? systemClock.now, newId: deps.newId ?? systemClock.newId };
  app.post('/sync/push', requireUser(deps.verifier), async (c) => {
    const userId = c.get('userId');
    const lease = await takePushLease(deps.db, userId);
    if (!lease) {
      await holdRefusal(deps, PUSH_IN_FLIGHT_RETRY_SECONDS);
      c.header('Retry-After', String(PUSH_IN_FLIGHT_RETRY_SECONDS));
      return c.json({ error: PUSH_IN_FLIGHT_ERROR }, 429);
    }
    try {
      return await applyPush(c, userId);
    } finally {
      await lease.release();
    }
  });

  async function applyPush(c: Context<AppEnv>, userId: string) {
    // The least any push costs, taken before its body is read: a collector over the budget is
    // refused without the server parsing a megabyte first.
    const least = await refuseOverBudget(c, deps, userId, MIN_PUSH_UNITS);
    if (least) return least;
    const parsed = pushRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    // Each entry weighed before any is applied: a push over the collector's budget is refused
    // whole (429, Retry-After), so the device keeps every entry and sends less at a time.
    const entries: WeighedEntry[] = parsed.data.mutations.map((entry) => {
      const community = isCommunityCommand(entry.name);
      return community
        ? { ...entry, community }
        : { ...entry, community, parsed: parseMutation(entry.name, entry.args) };
    });
    const units = deps.writeBudget ? await pushCost(deps.db, userId, entries) : 0;
    const rest = units - MIN_PUSH_UNITS;
    const refused = rest > 0 ? await refuseOverBudget(c, deps, userId, rest, units) : null;
    if (refused) return refused;
    const results: SentPushResult[] = [];
    // In order: each run of collection changes is one batch; a community change runs alone.
    for (const run of runsOf(entries)) {
      if (run.community) {
        const entry = run.entries[0] as WeighedEntry;
        const { outcome, replayed } = await runCommunityCommand(
          deps,
          userId,
          entry.name,
          entry.args,
          entry.key,
        );
        results.push(pushResultOf(entry.key, outcome, replayed));
      } else {
        results.push(...(await pushMutations(deps.db, clock, userId, run.entries)));
      }
    }
    return c.json({ results });
  }
  return app;
}

function runsOf(entries: WeighedEntry[]): { community: boolean; entries: WeighedEntry[] }[] {
  const runs: { community: boolean; entries: WeighedEntry[] }[] = [];
  for (const entry of entries) {
    const last = runs.at(-1);
    if (last && !entry.community && !last.community) last.entries.push(entry);
    else runs.push({ community: entry.community, entries: [entry] });
  }
  return runs;
}
