// Middleware: the per-user write limit (deps.writeRateLimit) for the push and checkout calls,
// which reach outside services: over it, 429 with Retry-After and nothing happens.
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../http/app-env';

export function perUserWriteLimit(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const wait = deps.writeRateLimit?.take(c.get('userId')) ?? null;
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return c.json({ error: `Too many changes at once: try again in ${wait} s` }, 429);
    }
    await next();
  });
}
