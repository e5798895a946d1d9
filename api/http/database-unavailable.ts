// The answer while the database cannot be reached: 503 with Retry-After, which devices read as
// "keep the change and try again then", instead of a 500 that looks like a bug in the request.
import type { Context } from 'hono';

/** Seconds a device waits before trying again: a restart or a failover takes about this long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_ERROR =
  'The server cannot reach its database right now: try again in a few seconds';

/** One line per failure, no stack: an outage would otherwise fill the log with the same trace. */
export function databaseUnavailable(c: Context, error: unknown) {
  const reason = error instanceof Error ? (error.cause ?? error) : error;
  console.warn(
    `[api] ${c.req.method} ${c.req.path}: database unreachable (${reason instanceof Error ? reason.message : String(reason)})`,
  );
  c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  return c.json({ error: DATABASE_UNAVAILABLE_ERROR }, 503);
}
