// The Hono handler shared by every community command endpoint: token → budget → command.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-json';
import { runCommunityCommand } from './run-command';
import { refuseOverBudget } from '../http/over-budget';
import { COMMUNITY_CHANGE_UNITS } from '../../src/shared/collection/work-units';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export function communityHandler(deps: AppDeps, name: string) {
  return async (c: Context<AppEnv>) => {
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !KEY_PATTERN.test(key)) {
      return c.json({ error: 'Idempotency-Key must be 1-200 printable ASCII characters' }, 400);
    }
    const args = await readJson(c);
    const userId = c.get('userId');
    const refused = await refuseOverBudget(c, deps, userId, COMMUNITY_CHANGE_UNITS);
    if (refused) return refused;
    const { outcome } = await runCommunityCommand(deps, userId, name, args, key);
    return c.json(outcome.body, outcome.status as ContentfulStatusCode);
  };
}
