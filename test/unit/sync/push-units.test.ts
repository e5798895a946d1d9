// The device weighs its queued changes with the server's work-unit table, so pushes fit the budget.
import { describe, expect, it } from 'vitest';
import { entriesWithin, pushUnitsOf } from '../../../src/sync/push-units';
import type { CatalogLookup } from '../../../src/shared/collection/rules';
import {
  COMMUNITY_CHANGE_UNITS,
  MIN_PUSH_UNITS,
  ORDINARY_CHANGE_UNITS,
  REPLAYED_CHANGE_UNITS,
} from '../../../src/shared/collection/work-units';
import { pushUnits } from '../../../src/shared/sync/push-weight';

const tenCarSet = {
  id: 'set-10',
  name: 'Ten cars',
  carIds: Array.from({ length: 10 }, (_, i) => `car-${i}`),
};
const catalog: CatalogLookup = {
  hasCar: () => true,
  getSet: (setId) => (setId === tenCarSet.id ? tenCarSet : undefined),
};

describe('what a queued change costs', () => {
  it('charges a set instance one unit per copy it adds: the set and each of its cars', () => {
    const entry = {
      name: 'collection/add-multiple-set-instances',
      args: { set: { id: tenCarSet.id }, instances: [{}, {}, {}] },
    };
    expect(pushUnitsOf(entry, catalog)).toBe(3 * 11);
  });

  it('charges a community change its flat rate and an unreadable change an ordinary one', () => {
    expect(pushUnitsOf({ name: 'posts/like', args: {} }, catalog)).toBe(COMMUNITY_CHANGE_UNITS);
    expect(pushUnitsOf({ name: 'collection/add-set-instance', args: 'nonsense' }, catalog)).toBe(
      ORDINARY_CHANGE_UNITS,
    );
  });

  it('takes the longest prefix within the budget, and always at least one change', () => {
    expect(entriesWithin([600, 600, 1], 1_200)).toBe(2);
    expect(entriesWithin([1, 1, 1], 1_200)).toBe(3);
    expect(entriesWithin([5_000, 1], 1_200)).toBe(1);
    expect(entriesWithin([], 1_200)).toBe(0);
  });

  it('never weighs an entry below what the server charges, even one it has seen (a replay)', () => {
    // The device cannot know which entries reached the server: it weighs each as new.
    expect(REPLAYED_CHANGE_UNITS).toBeGreaterThan(0);
    expect(REPLAYED_CHANGE_UNITS).toBeLessThanOrEqual(ORDINARY_CHANGE_UNITS);
    expect(
      pushUnitsOf({ name: 'collection/toggle-favorite', args: {} }, catalog),
    ).toBeGreaterThanOrEqual(REPLAYED_CHANGE_UNITS);
    expect(pushUnits([])).toBe(MIN_PUSH_UNITS);
    expect(pushUnits([REPLAYED_CHANGE_UNITS, 20])).toBe(REPLAYED_CHANGE_UNITS + 20);
  });
});
