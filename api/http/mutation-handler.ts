// The Hono handler shared by every SPEC §7 mutation endpoint: token → budget → idempotent mutation.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MutationName } from '../../src/shared/collection/mutation-schemas';
import { OverBudgetError, runMutation, systemClock } from '../collection/mutation-service';
import type { AppDeps, AppEnv } from './app-env';
import { readJson } from './read-json';
import { overBudget } from './over-budget';

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
    try {
      // Charged in the change's own write: over the budget, nothing happens.
      const outcome = await runMutation(
        deps.db,
        clock,
        c.get('userId'),
        name,
        args,
        key,
        deps.writeBudget,
      );
      return c.json(outcome.body, outcome.status as ContentfulStatusCode);
    } catch (error) {
      if (!(error instanceof OverBudgetError)) throw error;
      return overBudget(c, deps, error.units, error.wait);
    }
  };
}
