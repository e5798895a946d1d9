// The reads' budgets (src/shared/http/request-limits.ts): heavy reads (matches, wanted-by,
// community prices, user search, the leaderboard) drawn from each collector's read budget, and
// every request without an account drawn from its address's budget. Over either: 429 with
// Retry-After, held a moment like a write's (api/http/over-budget.ts), before any work is done.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './app-env';
import { clientAddress } from './client-address';
import { holdRefusal } from './over-budget';
import {
  ANONYMOUS_HEAVY_READ_UNITS,
  anonymousLimitError,
  readBudgetError,
} from '../../src/shared/http/request-limits';

async function refuse(c: Context, deps: AppDeps, wait: number, error: string) {
  await holdRefusal(deps, wait);
  c.header('Retry-After', String(wait));
  return c.json({ error }, 429);
}

/** Every /api request with no Authorization header: one unit of its address's budget. */
export function anonymousLimit(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const limiter = deps.anonymousReads;
    if (!limiter || c.req.header('Authorization') !== undefined) return next();
    const wait = limiter.take(clientAddress(c, deps.trustedProxies ?? 0), 1);
    if (wait !== null) return refuse(c, deps, wait, anonymousLimitError(wait));
    await next();
  });
}

/**
 * A heavy read, after requireUser or optionalViewer: a unit of the reader's read budget, or for
 * a visitor ANONYMOUS_HEAVY_READ_UNITS more of their address's.
 */
export function heavyRead(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const userId = c.get('userId') ?? c.get('viewerId') ?? null;
    const wait =
      userId !== null
        ? (deps.readBudget?.take(userId, 1) ?? null)
        : (deps.anonymousReads?.take(
            clientAddress(c, deps.trustedProxies ?? 0),
            ANONYMOUS_HEAVY_READ_UNITS,
          ) ?? null);
    if (wait !== null) {
      return refuse(
        c,
        deps,
        wait,
        userId !== null ? readBudgetError(wait) : anonymousLimitError(wait),
      );
    }
    await next();
  });
}
