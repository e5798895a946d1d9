// docs/rules.md and docs/product.md: which badge a change of totals has just unlocked (pure), and the first-car rule
// that opens the install prompt.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BADGES,
  badgeById,
  badgeMilestone,
  crossedBadge,
  type CollectionTotals,
} from '../../../src/shared/profile/badges';
import { isFirstCar } from '../../../src/features/install/install-store';

const totals = (totalCarCount: number, totalSetCount = 0): CollectionTotals => ({
  totalCarCount,
  totalSetCount,
});

describe('badge definitions', () => {
  it('hold the table, ids as type-threshold, each with its own image', () => {
    expect(BADGES.map(({ id, type, threshold, label }) => [id, type, threshold, label])).toEqual([
      ['car-100', 'car', 100, 'Car Collector'],
      ['car-300', 'car', 300, 'Car Collector'],
      ['car-500', 'car', 500, 'Car Collector'],
      ['car-1000', 'car', 1000, 'Car Collector'],
      ['car-10000', 'car', 10000, 'Car Legend'],
      ['set-10', 'set', 10, 'Set Collector'],
      ['set-50', 'set', 50, 'Set Collector'],
      ['set-100', 'set', 100, 'Set Master'],
    ]);
    expect(new Set(BADGES.map((badge) => badge.image)).size).toBe(BADGES.length);
    expect(badgeMilestone(badgeById('car-10000'))).toBe('10,000 cars');
    expect(badgeMilestone(badgeById('set-10'))).toBe('10 sets');
  });
});

describe('crossedBadge', () => {
  it('unlocks a car badge when the car total reaches its threshold', () => {
    expect(crossedBadge(totals(99), totals(100))?.id).toBe('car-100');
    expect(crossedBadge(totals(299), totals(305))?.id).toBe('car-300');
    expect(crossedBadge(totals(9999), totals(10000))?.id).toBe('car-10000');
  });

  it('unlocks a set badge against the set total only', () => {
    expect(crossedBadge(totals(40, 9), totals(40, 10))?.id).toBe('set-10');
    expect(crossedBadge(totals(5, 99), totals(5, 100))?.id).toBe('set-100');
    // 100 sets is not 100 cars.
    expect(crossedBadge(totals(0, 99), totals(0, 100))?.id).toBe('set-100');
  });

  it('gives the first badge of the table when several are crossed at once', () => {
    expect(crossedBadge(totals(99), totals(600))?.id).toBe('car-100');
    // A set of cars can cross a car badge and a set badge together: car badges come first.
    expect(crossedBadge(totals(95, 9), totals(105, 10))?.id).toBe('car-100');
    expect(crossedBadge(totals(150, 9), totals(155, 55))?.id).toBe('set-10');
  });

  it('unlocks nothing without a crossing', () => {
    expect(crossedBadge(totals(100), totals(101))).toBeNull(); // already past it
    expect(crossedBadge(totals(100), totals(99))).toBeNull(); // going down
    expect(crossedBadge(totals(101), totals(100))).toBeNull(); // down onto it
    expect(crossedBadge(totals(50), totals(50))).toBeNull();
    expect(crossedBadge(totals(0), totals(99))).toBeNull();
  });

  it('unlocks nothing on the first totals seen (no previous), or with none', () => {
    expect(crossedBadge(null, totals(500, 60))).toBeNull();
    expect(crossedBadge(undefined, totals(100))).toBeNull();
    expect(crossedBadge(totals(99), null)).toBeNull();
  });

  it('is exactly "some threshold of its kind lies in (previous, next]", first in table order', () => {
    const count = fc.integer({ min: 0, max: 12_000 });
    fc.assert(
      fc.property(count, count, count, count, (carsBefore, setsBefore, carsAfter, setsAfter) => {
        const before = totals(carsBefore, setsBefore);
        const after = totals(carsAfter, setsAfter);
        const expected =
          BADGES.find((badge) => {
            const [was, now] =
              badge.type === 'car' ? [carsBefore, carsAfter] : [setsBefore, setsAfter];
            return was < badge.threshold && badge.threshold <= now;
          }) ?? null;
        expect(crossedBadge(before, after)).toBe(expected);
        // Never while totals only fall or stay.
        if (carsAfter <= carsBefore && setsAfter <= setsBefore) {
          expect(crossedBadge(before, after)).toBeNull();
        }
      }),
    );
  });
});

describe('isFirstCar (the install prompt)', () => {
  it('is the car total going from none to some', () => {
    expect(isFirstCar(0, 1)).toBe(true);
    expect(isFirstCar(0, 6)).toBe(true); // a first five-pack
    expect(isFirstCar(null, 1)).toBe(false); // first profile seen: not a change
    expect(isFirstCar(1, 2)).toBe(false);
    expect(isFirstCar(3, 0)).toBe(false);
    expect(isFirstCar(0, 0)).toBe(false);
  });
});
