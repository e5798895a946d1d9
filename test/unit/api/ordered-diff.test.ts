// Row diffs reproduce any new order: kept rows keep their sequence, inserted rows go after them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderedDiff, sameFields } from '../../../api/collection/ordered-diff';

interface Row {
  id: string;
  value: number;
}

/** What SQL returns after the diff: surviving rows by old position, then inserts in order. */
function replay(before: Row[], after: Row[]): Row[] {
  const diff = orderedDiff(before, after, (row) => row.id, sameFields);
  const gone = new Set(diff.deleted.map((row) => row.id));
  const updates = new Map(diff.updated.map((row) => [row.id, row]));
  const kept = before.filter((row) => !gone.has(row.id)).map((row) => updates.get(row.id) ?? row);
  return [...kept, ...diff.inserted];
}

const rows = fc.uniqueArray(
  fc.record({
    id: fc.constantFrom(...'abcdefghij'.split('')),
    value: fc.integer({ min: 0, max: 2 }),
  }),
  { selector: (row) => row.id, maxLength: 10 },
);

describe('orderedDiff', () => {
  it('reproduces any after-list exactly', () => {
    fc.assert(
      fc.property(rows, rows, (before, after) => {
        expect(replay(before, after)).toEqual(after);
      }),
      { numRuns: 2000 },
    );
  });

  it('touches only what changed when items are appended and removed', () => {
    const before = [
      { id: 'a', value: 1 },
      { id: 'b', value: 1 },
      { id: 'c', value: 1 },
    ];
    const after = [
      { id: 'a', value: 1 },
      { id: 'c', value: 2 },
      { id: 'd', value: 1 },
    ];
    expect(orderedDiff(before, after, (row) => row.id, sameFields)).toEqual({
      deleted: [{ id: 'b', value: 1 }],
      inserted: [{ id: 'd', value: 1 }],
      updated: [{ id: 'c', value: 2 }],
    });
  });

  it('moves a removed-then-re-added item to the end', () => {
    const before = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const after = [{ id: 'b' }, { id: 'c' }, { id: 'a' }];
    const diff = orderedDiff(before, after, (row) => row.id, sameFields);
    expect(diff.deleted).toEqual([{ id: 'a' }]);
    expect(diff.inserted).toEqual([{ id: 'a' }]);
  });
});
