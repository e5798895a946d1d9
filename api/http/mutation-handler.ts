// The Hono handler shared by every SPEC §7 mutation endpoint: token → budget → idempotent mutation.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MutationName } from '../../src/shared/collection/mutation-schemas';
import { runMutation, systemClock } from '../collection/mutation-service';
import type { AppDeps, AppEnv } from './app-env';
import { readJson } from './read-json';
import { refuseOverBudget } from './over-budget';
import { changeCost } from '../collection/write-cost';
import { parseMutation } from '../../src/shared/collection/mutations';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export function mutationHandler(deps: AppDeps, name: MutationName) {
  const clock = {
    now: deps.now ?? systemClock.now,
    newId: deps.newId ?? systemClock.newId,
  };
  return async (c: Context<AppEnv>) => {
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !KEY_PATTERN.test(key)) {
      return c.json({ error: 'Idempotency-Key must be 1-200 printable ASCII characters' }, 400);
    }
    const args = await readJson(c);
    const userId = c.get('userId');
    // Weighed (and so parsed) before anything runs: over the budget, nothing happens.
    const parsed = parseMutation(name, args);
    const refused = await refuseOverBudget(c, deps, userId, await changeCost(deps.db, parsed));
    if (refused) return refused;
    const outcome = await runMutation(deps.db, clock, userId, name, args, key, parsed);
    return c.json(outcome.body, outcome.status as ContentfulStatusCode);
  };
}
