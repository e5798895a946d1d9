// The one answer to a write over the per-user limit (deps.writeRateLimit): 429 with Retry-After,
// and nothing happens. Used by community commands, sync pushes, photo uploads, push and checkout.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './app-env';

/** Takes `count` writes from `userId`'s bucket: null when allowed, else the 429 to send. */
export function refuseOverWriteLimit(
  c: Context,
  deps: AppDeps,
  userId: string,
  count = 1,
): Response | null {
  const wait = deps.writeRateLimit?.take(userId, count) ?? null;
  if (wait === null) return null;
  c.header('Retry-After', String(wait));
  return c.json({ error: `Too many changes at once: try again in ${wait} s` }, 429);
}

/** The same as a middleware, after requireUser, for routes with no body to read first. */
export function writeLimit(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const refused = refuseOverWriteLimit(c, deps, c.get('userId'));
    if (refused) return refused;
    await next();
  });
}
