// The reads' token buckets: a burst of `capacity`, then `refillPerSecond`, a wait in whole
// seconds when refused, and never more than `maxKeys` buckets in memory whatever keys arrive.
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../api/http/rate-limiter';

describe('a rate limiter', () => {
  it('allows a burst of its capacity, then refuses with the whole seconds until a unit is back', () => {
    let now = 0;
    const limiter = createRateLimiter({ capacity: 3, refillPerSecond: 0.5, now: () => now });
    expect([1, 2, 3].map(() => limiter.take('a', 1))).toEqual([null, null, null]);
    expect(limiter.take('a', 1)).toBe(2);
    now += 2_000;
    expect(limiter.take('a', 1)).toBeNull();
    expect(limiter.take('b', 1)).toBeNull();
  });

  it('never holds a refused request’s units, and tells a request bigger than it to wait for a full bucket', () => {
    let now = 0;
    const limiter = createRateLimiter({ capacity: 10, refillPerSecond: 1, now: () => now });
    expect(limiter.take('a', 8)).toBeNull();
    expect(limiter.take('a', 5)).toBe(3);
    expect(limiter.take('a', 2)).toBeNull();
    expect(limiter.take('a', 50)).toBe(10);
    now += 1_000;
    expect(limiter.take('a', 1)).toBeNull();
  });

  it('keeps at most maxKeys buckets: the one used longest ago goes first', () => {
    const limiter = createRateLimiter({
      capacity: 1,
      refillPerSecond: 0.001,
      maxKeys: 3,
      now: () => 0,
    });
    for (const key of ['a', 'b', 'c']) expect(limiter.take(key, 1)).toBeNull();
    expect(limiter.take('a', 1)).not.toBeNull(); // 'a' is now the most recently used
    for (let i = 0; i < 1_000; i++) limiter.take(`flood:${i}`, 1);
    expect(limiter.size()).toBe(3);
    expect(limiter.take('a', 1)).toBeNull(); // forgotten, so full again
  });
});
