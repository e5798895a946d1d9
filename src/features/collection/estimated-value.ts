// Owns the collection's estimated value: each car's copies at its community price (the price
// guide's median, from 3 distinct sellers up). Cars without one are counted apart, never guessed.
import { trustedPrices } from '../../shared/community/market-schemas';

export interface EstimatedValue {
  value: number;
  /** Copies valued, and copies of cars with no community price (left out of `value`). */
  pricedCopies: number;
  unpricedCopies: number;
  /** What the valued copies cost their owner, to set beside `value`. */
  paidForPriced: number;
}

/**
 * `prices`: the community-prices answer as received or kept; only prices the shared schema
 * trusts (3 distinct sellers, the price guide's shape) value a car, as on the car page.
 */
export function estimateValue(
  owned: readonly { carId: string; count: number; spent: number }[],
  answered: Readonly<Record<string, unknown>>,
): EstimatedValue {
  const prices = trustedPrices(answered);
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
