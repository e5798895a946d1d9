// The verified-token cache: a success is reused until its validUntil and for RECHECK_AFTER_MS at
// most, never after; failures and tokens without a validUntil are verified every time; a full
// cache lets its oldest token go.
import { describe, expect, it } from 'vitest';
import { cachingVerifier, RECHECK_AFTER_MS } from '../../../api/auth/verified-token-cache';
import type { TokenVerifier, VerifiedUser } from '../../../api/auth/token-verifier';

function countingVerifier(answer: (token: string) => VerifiedUser) {
  const calls: string[] = [];
  const verifier: TokenVerifier = {
    async verify(token) {
      calls.push(token);
      return answer(token);
    },
  };
  return { verifier, calls };
}

describe('cachingVerifier', () => {
  it('answers a verified token from memory until its validUntil, then verifies it again', async () => {
    let clock = 1_000;
    const { verifier, calls } = countingVerifier((token) => ({
      uid: token,
      email: null,
      validUntil: 2_000,
    }));
    const cached = cachingVerifier(verifier, { now: () => clock });
    expect(await cached.verify('a')).toEqual({ uid: 'a', email: null, validUntil: 2_000 });
    clock = 1_999;
    await cached.verify('a');
    expect(calls).toEqual(['a']);
    clock = 2_000;
    await cached.verify('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('verifies a token valid for an hour again after a few minutes (a disabled account stops then)', async () => {
    let clock = 0;
    const { verifier, calls } = countingVerifier((token) => ({
      uid: token,
      email: null,
      validUntil: clock + 3_600_000,
    }));
    const cached = cachingVerifier(verifier, { now: () => clock });
    await cached.verify('hour');
    expect(RECHECK_AFTER_MS).toBeLessThanOrEqual(5 * 60_000);
    clock = RECHECK_AFTER_MS - 1;
    await cached.verify('hour');
    expect(calls).toEqual(['hour']);
    clock = RECHECK_AFTER_MS;
    await cached.verify('hour');
    expect(calls).toEqual(['hour', 'hour']);
  });

  it('verifies a new token once when several requests bring it at the same moment', async () => {
    const { verifier, calls } = countingVerifier((token) => ({
      uid: token,
      email: null,
      validUntil: 10_000,
    }));
    const cached = cachingVerifier(verifier, { now: () => 0 });
    const users = await Promise.all([cached.verify('a'), cached.verify('a'), cached.verify('a')]);
    expect(users.map((user) => user.uid)).toEqual(['a', 'a', 'a']);
    expect(calls).toEqual(['a']);
  });

  it('never remembers a failure, nor a token without a validUntil', async () => {
    let fail = true;
    const calls: string[] = [];
    const cached = cachingVerifier(
      {
        async verify(token) {
          calls.push(token);
          if (fail) throw new Error('invalid');
          return { uid: token, email: null };
        },
      },
      { now: () => 0 },
    );
    await expect(cached.verify('t')).rejects.toThrow('invalid');
    await expect(cached.verify('t')).rejects.toThrow('invalid');
    fail = false;
    await cached.verify('t');
    await cached.verify('t');
    expect(calls).toHaveLength(4);
  });

  it('does not remember a token already past its validUntil', async () => {
    const { verifier, calls } = countingVerifier((token) => ({
      uid: token,
      email: null,
      validUntil: 5,
    }));
    const cached = cachingVerifier(verifier, { now: () => 10 });
    await cached.verify('late');
    await cached.verify('late');
    expect(calls).toEqual(['late', 'late']);
  });

  it('lets the oldest token go when full', async () => {
    const { verifier, calls } = countingVerifier((token) => ({
      uid: token,
      email: null,
      validUntil: 100,
    }));
    const cached = cachingVerifier(verifier, { maxTokens: 2, now: () => 0 });
    await cached.verify('a');
    await cached.verify('b');
    await cached.verify('c');
    await cached.verify('b');
    await cached.verify('c');
    expect(calls).toEqual(['a', 'b', 'c']);
    await cached.verify('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
