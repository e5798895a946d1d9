// The estimated value of a collection: copies at their car's price guide median, only where 3
// distinct sellers make the price (as the car page shows it); cars without one counted apart, and
// how the price guide reads.
import { describe, expect, it } from 'vitest';
import { estimateValue } from '../../../src/features/collection/estimated-value';
import {
  dateWindow,
  describeBand,
  priceGuideRows,
} from '../../../src/features/trade-board/price-guide-text';

const band = (median: number, count = 5) => ({
  median,
  low: Math.max(0, median - 1),
  high: median + 2,
  count,
  from: '2026-03-02T12:00:00.000Z',
  to: '2026-11-20T12:00:00.000Z',
});
const price = (median: number, count = 5) => ({ ...band(median, count), conditions: {} });

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

  it('takes no price from fewer than 3 sellers, nor one kept from before the price guide', () => {
    const owned = [
      { carId: 'two-sellers', count: 1, spent: 1 },
      { carId: 'old-answer', count: 2, spent: 1 },
      { carId: 'trusted', count: 1, spent: 2 },
    ];
    expect(
      estimateValue(owned, {
        'two-sellers': price(999_999, 2),
        // Counted listings, not sellers: the shape before the price guide (no conditions).
        'old-answer': band(999_999, 3),
        trusted: price(4, 3),
      }),
    ).toEqual({ value: 4, pricedCopies: 1, unpricedCopies: 3, paidForPriced: 2 });
  });
});

describe('the price guide, as a collector reads it', () => {
  it('says median, range, sellers and the months, the year once where it is one', () => {
    expect(describeBand({ ...band(4.5), low: 3, high: 6 })).toBe(
      '$4.50 median ($3.00–$6.00), 5 sellers, Mar–Nov 2026',
    );
    expect(dateWindow('2025-11-10T12:00:00.000Z', '2026-03-02T12:00:00.000Z')).toBe(
      'Nov 2025–Mar 2026',
    );
    expect(dateWindow('2026-03-02T12:00:00.000Z', '2026-03-20T12:00:00.000Z')).toBe('Mar 2026');
  });

  it('names each part: all, each condition, sold and asking', () => {
    const rows = priceGuideRows({
      ...price(5),
      conditions: { loose: band(3), carded: band(6) },
      sold: band(5, 3),
    });
    expect(rows.map((row) => `${row.label}: ${describeBand(row.band)}`)).toEqual([
      'All: $5.00 median ($4.00–$7.00), 5 sellers, Mar–Nov 2026',
      'Carded: $6.00 median ($5.00–$8.00), 5 sellers, Mar–Nov 2026',
      'Loose: $3.00 median ($2.00–$5.00), 5 sellers, Mar–Nov 2026',
      'Sold: $5.00 median ($4.00–$7.00), 3 sellers, Mar–Nov 2026',
    ]);
  });
});
