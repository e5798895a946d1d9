// The estimated value of a collection: copies at their car's community price, cars without one
// counted apart, and what the valued copies cost beside it.
import { describe, expect, it } from 'vitest';
import { estimateValue } from '../../../src/features/collection/estimated-value';
import { describeCommunityPrice } from '../../../src/features/trade-board/market-parts';

const price = (median: number) => ({
  median,
  low: median - 1,
  high: median + 2,
  count: 12,
  from: '2026-03-02T00:00:00.000Z',
  to: '2026-11-20T00:00:00.000Z',
});

describe('the estimated value', () => {
  it('values copies at the median and counts the cars without a price apart', () => {
    expect(
      estimateValue(
        [
          { carId: 'a', count: 2, spent: 3 },
          { carId: 'b', count: 1, spent: 10 },
          { carId: 'c', count: 4, spent: 4 },
        ],
        { a: price(5.1), b: price(0.3) },
      ),
    ).toEqual({ value: 10.5, pricedCopies: 3, unpricedCopies: 4, paidForPriced: 13 });
  });

  it('says the price the way a collector reads it', () => {
    expect(describeCommunityPrice(price(5))).toBe(
      'Others ask $4.00–$7.00, median $5.00 (12 listings, Mar 2026–Nov 2026)',
    );
  });
});
