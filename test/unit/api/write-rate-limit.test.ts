// The per-user write limit of issue 5: a burst, then a steady refill; users never share a bucket.
import { describe, expect, it } from 'vitest';
import { createWriteRateLimit } from '../../../api/http/write-rate-limit';

function limiterAt(start = 0) {
  let now = start;
  const limit = createWriteRateLimit({ capacity: 3, refillPerSecond: 0.5, nowMs: () => now });
  return { limit, advance: (ms: number) => (now += ms) };
}

describe('the write rate limit', () => {
  it('allows a burst of its capacity, then answers the seconds to wait', () => {
    const { limit } = limiterAt();
    expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([null, null, null]);
    // One token comes back every 2 s at 0.5/s.
    expect(limit.take('a')).toBe(2);
  });

  it('refills over time and never beyond its capacity', () => {
    const { limit, advance } = limiterAt();
    for (let i = 0; i < 3; i++) limit.take('a');
    advance(2000);
    expect(limit.take('a')).toBeNull();
    expect(limit.take('a')).toBe(2);
    advance(60_000);
    expect(limit.take('a', 3)).toBeNull();
    expect(limit.take('a')).not.toBeNull();
  });

  it('keeps a bucket per user', () => {
    const { limit } = limiterAt();
    limit.take('a', 3);
    expect(limit.take('a')).not.toBeNull();
    expect(limit.take('b')).toBeNull();
  });

  it('lets a replayed chunk larger than the burst through on a full bucket only', () => {
    const { limit, advance } = limiterAt();
    expect(limit.take('a', 10)).toBeNull();
    expect(limit.take('a', 10)).toBe(6);
    advance(6000);
    expect(limit.take('a', 10)).toBeNull();
  });

  it('does not spend tokens on a refused request', () => {
    const { limit, advance } = limiterAt();
    limit.take('a', 3);
    expect(limit.take('a', 2)).toBe(4);
    advance(4000);
    expect(limit.take('a', 2)).toBeNull();
  });
});
