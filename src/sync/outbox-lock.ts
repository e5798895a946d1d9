// The `outbox` lock: one replayer at a time across tabs and the worker (Web Locks where the
// engine has them; within this context otherwise). Waiting for it is bounded, and so is every
// step a holder awaits (bounded-ports.ts): a stuck holder can never trap the others for good.
import { DeadlinePassed } from '../db/deadline';

/** How long a replay waits for the lock before this trigger gives up (a later one tries again). */
export const LOCK_WAIT_MS = 90_000;

let tail: Promise<unknown> = Promise.resolve();

/** Without Web Locks: a mutex for this context, so at least its own replays never overlap. */
function withLocalLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = tail.then(fn, fn);
  tail = run.catch(() => undefined);
  return run;
}

export function withOutboxLock<T>(fn: () => Promise<T>, waitMs = LOCK_WAIT_MS): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return withLocalLock(fn);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DeadlinePassed('waiting for the outbox lock', waitMs)),
    waitMs,
  );
  return (
    locks.request('outbox', { signal: controller.signal }, () => {
      clearTimeout(timer);
      return fn();
    }) as Promise<T>
  ).finally(() => clearTimeout(timer));
}
