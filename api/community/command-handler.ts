// The Hono handler shared by every community command endpoint: token → rate limit → command.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-json';
import { runCommunityCommand } from './run-command';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export function communityHandler(deps: AppDeps, name: string) {
  return async (c: Context<AppEnv>) => {
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !KEY_PATTERN.test(key)) {
      return c.json({ error: 'Idempotency-Key must be 1-200 printable ASCII characters' }, 400);
    }
    const args = await readJson(c);
    const userId = c.get('userId');
    const wait = deps.writeRateLimit?.take(userId) ?? null;
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return c.json({ error: `Too many changes at once: try again in ${wait} s` }, 429);
    }
    const { outcome } = await runCommunityCommand(deps, userId, name, args, key);
    return c.json(outcome.body, outcome.status as ContentfulStatusCode);
  };
}
