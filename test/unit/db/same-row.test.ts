// sameRow answers as comparing the two rows' JSON would (key order aside), for any JSON-like
// rows: what the rebase uses to skip the rows that did not change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameRow } from '../../../src/local-store/same-row';

/** JSON with every object's keys in one order, so key order is not a difference. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : inner,
  );
}

/** The same value with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  );
}

/** A row-like value: objects, arrays, strings, numbers, booleans, null, and absent fields. */
const rowValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 4 }),
    fc.integer({ min: -3, max: 3 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'seq'), tie('field'), { maxKeys: 3 }),
  ),
  field: fc.oneof(tie('value'), fc.constant(undefined)),
})).value;

describe('sameRow', () => {
  it('agrees with comparing the rows as JSON, for any two rows', () => {
    fc.assert(
      fc.property(rowValue, rowValue, (a, b) => {
        expect(sameRow(a, b)).toBe(canonical(a) === canonical(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a row the same as its copy, in any key order, and unlike any change to it', () => {
    fc.assert(
      fc.property(rowValue, (a) => {
        expect(sameRow(a, structuredClone(a))).toBe(true);
        expect(sameRow(a, reversedKeys(a))).toBe(true);
        expect(sameRow({ row: a }, { row: a, extra: 1 })).toBe(false);
        expect(sameRow([a], [a, a])).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('treats a field set to undefined as no field, as JSON does', () => {
    expect(sameRow({ maxPrice: undefined, id: 'x' }, { id: 'x' })).toBe(true);
    expect(sameRow({ id: 'x' }, { id: 'x', maxPrice: 3 })).toBe(false);
    expect(sameRow({ n: 1 }, { n: '1' })).toBe(false);
    expect(sameRow([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});
