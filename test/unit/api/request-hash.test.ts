// Idempotency fingerprints: the same payload in any key order hashes alike, another does not.
import { describe, expect, it } from 'vitest';
import { requestHash, stableStringify } from '../../../api/collection/request-hash';

describe('requestHash', () => {
  it('ignores object key order and undefined fields', () => {
    expect(stableStringify({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(requestHash('collection/toggle-favorite', { carId: 'x', isFavorited: true })).toBe(
      requestHash('collection/toggle-favorite', { isFavorited: true, carId: 'x' }),
    );
  });

  it('differs for another payload or another call', () => {
    const base = requestHash('collection/toggle-favorite', { carId: 'x', isFavorited: true });
    expect(requestHash('collection/toggle-favorite', { carId: 'x', isFavorited: false })).not.toBe(
      base,
    );
    expect(requestHash('collection/toggle-wishlist', { carId: 'x', isFavorited: true })).not.toBe(
      base,
    );
  });
});
