// Token buckets in this process's memory, one per key (a collector, an address), for the reads'
// budgets (api/http/read-limits.ts). Reads are not counted in the database: a count there would be
// a write per read, as costly as the cheaper reads it guards, and what a read costs is this
// process's time, so each process guarding its own is the point (with WEB_CONCURRENCY=N a key
// gets up to N times the rate, one share a process). At most `maxKeys` buckets are kept: the
// one used longest ago goes first, and a bucket not kept is a full one.

export interface RateLimiterOptions {
  capacity: number;
  refillPerSecond: number;
  /** Buckets kept at most (memory stays bounded whatever keys arrive). */
  maxKeys?: number;
  /** Milliseconds; tests pin it. */
  now?: () => number;
}

export interface RateLimiter {
  /** Takes `units` from `key`'s bucket: null when allowed, else whole seconds to wait (≥ 1). */
  take(key: string, units: number): number | null;
  readonly capacity: number;
  /** Buckets held now (never above maxKeys). */
  size(): number;
}

export const DEFAULT_MAX_KEYS = 10_000;

interface Bucket {
  units: number;
  at: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { capacity, refillPerSecond: rate } = options;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const now = options.now ?? (() => performance.now());
  // A Map keeps insertion order: a bucket is re-inserted when used, so the first is the oldest.
  const buckets = new Map<string, Bucket>();

  return {
    capacity,
    size: () => buckets.size,
    take(key, units) {
      const time = now();
      const kept = buckets.get(key);
      const available = kept
        ? Math.min(capacity, kept.units + ((time - kept.at) / 1000) * rate)
        : capacity;
      if (kept) buckets.delete(key);
      else if (buckets.size >= maxKeys) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      const allowed = available >= units;
      buckets.set(key, { units: allowed ? available - units : available, at: time });
      if (allowed) return null;
      const needed = Math.min(units, capacity);
      return Math.max(1, Math.ceil((needed - available) / rate));
    },
  };
}
