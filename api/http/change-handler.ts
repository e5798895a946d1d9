// The Hono handlers of every change's own endpoint (POST /api/<name> with an Idempotency-Key):
// key check → body → budget → the pipeline's idempotent runner. The two runners stay apart
// (collection changes read and write the collector's whole state; a community command is one
// transaction of its own), and POST /api/sync/push calls the same runners (api/routes/sync.ts).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MutationName } from '../../src/shared/collection/mutation-schemas';
import { COMMUNITY_CHANGE_UNITS } from '../../src/shared/collection/work-units';
import { OverBudgetError, runMutation, systemClock } from '../collection/mutation-service';
import { runCommunityCommand } from '../community/run-command';
import type { AppDeps, AppEnv } from './app-env';
import type { StoredOutcome } from './idempotency';
import { IDEMPOTENCY_KEY_PATTERN, KEY_FORMAT } from '../../src/shared/sync/push-contract';
import { overBudget, refuseOverBudget } from './over-budget';
import { readJson } from './read-json';

type ChangeRun = (
  c: Context<AppEnv>,
  args: unknown,
  key: string | undefined,
) => Promise<StoredOutcome | Response>;

/** A malformed Idempotency-Key is refused before the body is read; the outcome is the answer. */
export function changeHandler(run: ChangeRun) {
  return async (c: Context<AppEnv>) => {
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return c.json({ error: `Idempotency-Key ${KEY_FORMAT}` }, 400);
    }
    const result = await run(c, await readJson(c), key);
    if (result instanceof Response) return result;
    return c.json(result.body, result.status as ContentfulStatusCode);
  };
}

/** A collection change (e.g. POST /api/collection/add-car-instance). */
export function mutationHandler(deps: AppDeps, name: MutationName) {
  const clock = {
    now: deps.now ?? systemClock.now,
    newId: deps.newId ?? systemClock.newId,
  };
  return changeHandler(async (c, args, key) => {
    try {
      // Charged in the change's own write: over the budget, nothing happens.
      return await runMutation(deps.db, clock, c.get('userId'), name, args, key, deps.writeBudget);
    } catch (error) {
      if (!(error instanceof OverBudgetError)) throw error;
      return overBudget(c, deps, error.units, error.wait);
    }
  });
}

/** A community command (e.g. POST /api/posts/create). */
export function communityHandler(deps: AppDeps, name: string) {
  return changeHandler(async (c, args, key) => {
    const userId = c.get('userId');
    const refused = await refuseOverBudget(c, deps, userId, COMMUNITY_CHANGE_UNITS);
    if (refused) return refused;
    return (await runCommunityCommand(deps, userId, name, args, key)).outcome;
  });
}
