// Retry delays for the outbox replayer: exponential back-off with jitter, Retry-After, a cap.

/** First retry after about a second: a blip (a lost packet, a restarting server) heals fast. */
export const BACKOFF_BASE_MS = 1_000;
/** Never wait longer than this: a collector back in signal should not wait long for a sync. */
export const BACKOFF_CAP_MS = 5 * 60 * 1_000;
/** ±20%: enough to spread devices that failed together, small enough to keep the ×2 visible. */
export const BACKOFF_JITTER = 0.2;

/**
 * The delay before retry number `failures` (1 = the first failure in a row): base × 2^(n-1),
 * jittered by ±20%, capped. A server's Retry-After (seconds) wins over the formula, still capped,
 * and never below the base, so a `Retry-After: 0` cannot turn the replayer into a hot loop.
 */
export function backoffDelayMs(
  failures: number,
  random: () => number,
  retryAfterSeconds: number | null = null,
): number {
  if (retryAfterSeconds !== null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) {
    return Math.min(
      BACKOFF_CAP_MS,
      Math.max(BACKOFF_BASE_MS, Math.round(retryAfterSeconds * 1000)),
    );
  }
  // The exponent is bounded so 2 ** n stays a finite number however long the outage lasts.
  const exponent = Math.min(Math.max(0, Math.floor(failures) - 1), 30);
  const nominal = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  const factor = 1 - BACKOFF_JITTER + 2 * BACKOFF_JITTER * random();
  return Math.min(BACKOFF_CAP_MS, Math.round(nominal * factor));
}
