// Owns the collection's estimated value: each car's copies at its community price (the median
// asking price, shown only from 3 prices up). Cars without one are counted apart, never guessed.
import type { CommunityPrice } from '../../shared/community/market-schemas';

export interface EstimatedValue {
  value: number;
  /** Copies valued, and copies of cars with no community price (left out of `value`). */
  pricedCopies: number;
  unpricedCopies: number;
  /** What the valued copies cost their owner, to set beside `value`. */
  paidForPriced: number;
}

export function estimateValue(
  owned: readonly { carId: string; count: number; spent: number }[],
  prices: Readonly<Record<string, CommunityPrice>>,
): EstimatedValue {
  let cents = 0;
  let paidCents = 0;
  let pricedCopies = 0;
  let unpricedCopies = 0;
  for (const { carId, count, spent } of owned) {
    const price = prices[carId];
    if (!price) {
      unpricedCopies += count;
      continue;
    }
    pricedCopies += count;
    cents += Math.round(price.median * 100) * count;
    paidCents += Math.round(spent * 100);
  }
  return { value: cents / 100, pricedCopies, unpricedCopies, paidForPriced: paidCents / 100 };
}
