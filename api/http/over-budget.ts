// The one answer to a write over the collector's budget (deps.writeBudget): 429 with
// Retry-After in seconds, and nothing happens. Used by every write: collection changes,
// community commands, sync pushes, photo uploads, push registration and checkout; and the hold
// every 429 waits out (reads' budgets, a push while another is in flight).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './app-env';
import { UPLOAD_UNITS } from '../../src/shared/collection/work-units';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Takes `units` from `userId`'s budget: null when allowed, else the 429 to send. `inAll`: what
 * the whole write costs when part of it was taken already (a push's least, before its body).
 */
export async function refuseOverBudget(
  c: Context,
  deps: AppDeps,
  userId: string,
  units: number,
  inAll = units,
): Promise<Response | null> {
  const wait = (await deps.writeBudget?.take(userId, units)) ?? null;
  return wait === null ? null : overBudget(c, deps, inAll, wait);
}

/**
 * Every 429 is held a moment before it goes out (a timer costs nothing): a client that re-sends
 * the moment it is refused is slowed to about one refusal a second instead of taking the
 * server's time. Never longer than the Retry-After it carries.
 */
export async function holdRefusal(deps: AppDeps, waitSeconds: number): Promise<void> {
  const hold = Math.min(deps.refusalHoldMs ?? 0, waitSeconds * 1000);
  if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
}

/** The 429 for a write of `units` refused with `wait` seconds to go. */
export async function overBudget(
  c: Context,
  deps: AppDeps,
  units: number,
  wait: number,
): Promise<Response> {
  await holdRefusal(deps, wait);
  c.header('Retry-After', String(wait));
  const capacity = deps.writeBudget?.capacity ?? units;
  const tooBig = units > capacity;
  return c.json(
    {
      error: tooBig
        ? `Too many changes at once: this needs ${count(units)} work units and the budget holds ${count(capacity)}; send fewer changes at a time`
        : `Too many changes at once: try again in ${wait} s`,
    },
    429,
  );
}

/** The same as a middleware, after requireUser, for writes with no body to weigh first. */
export function budgetLimit(deps: AppDeps, units = UPLOAD_UNITS) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const refused = await refuseOverBudget(c, deps, c.get('userId'), units);
    if (refused) return refused;
    await next();
  });
}
