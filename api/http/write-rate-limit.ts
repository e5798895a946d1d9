// Per-user rate limit on community writes (issue 5 "Safety"): a token bucket per user, in this
// process's memory. Over the limit a write answers 429 with Retry-After and changes nothing.
// One process is one app here; several processes would move the buckets to a shared store.

export interface WriteRateLimit {
  /** Takes `count` tokens for `userId`; null when allowed, else seconds until it would be. */
  take(userId: string, count?: number): number | null;
}

export interface RateLimitOptions {
  /** Writes allowed in a burst. */
  capacity: number;
  /** Tokens added back per second. */
  refillPerSecond: number;
  nowMs?: () => number;
}

/** 60 writes in a burst, then one a second: far above a collector, far below a script. */
export const DEFAULT_WRITE_RATE_LIMIT: RateLimitOptions = { capacity: 60, refillPerSecond: 1 };

export function createWriteRateLimit(
  options: RateLimitOptions = DEFAULT_WRITE_RATE_LIMIT,
): WriteRateLimit {
  const nowMs = options.nowMs ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(userId, count = 1) {
      const now = nowMs();
      const bucket = buckets.get(userId) ?? { tokens: options.capacity, at: now };
      const tokens = Math.min(
        options.capacity,
        bucket.tokens + ((now - bucket.at) / 1000) * options.refillPerSecond,
      );
      // A replayed chunk bigger than the burst passes on a full bucket, or it could never pass.
      const needed = Math.min(count, options.capacity);
      if (tokens < needed) {
        buckets.set(userId, { tokens, at: now });
        return Math.max(1, Math.ceil((needed - tokens) / options.refillPerSecond));
      }
      buckets.set(userId, { tokens: tokens - needed, at: now });
      return null;
    },
  };
}
