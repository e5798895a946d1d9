// How the price guide reads: each part of a community price as one line a collector can take in
// at a glance ('Carded: $4.50 median ($3.00–$6.00), 5 sellers, Mar–Nov 2026').
import type { CommunityPrice, PriceBand } from '../../shared/community/market-schemas';
import { CONDITIONS, type Condition } from '../../shared/collection/types';
import { formatPrice } from '../catalog';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const monthOnly = madeOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { month: 'short' }));
const monthYear = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric' }),
);

/** 'Mar 2026', 'Mar–Nov 2026' or 'Nov 2025–Mar 2026': the year said once where it is one. */
export function dateWindow(fromIso: string, toIso: string): string {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  const last = monthYear().format(to);
  if (from.getFullYear() !== to.getFullYear()) return `${monthYear().format(from)}–${last}`;
  if (from.getMonth() === to.getMonth()) return last;
  return `${monthOnly().format(from)}–${last}`;
}

/** The price ('$4.50 median ($3.00–$6.00)') and what it stands on ('5 sellers, Mar–Nov 2026'). */
export function bandParts(band: PriceBand): { price: string; basis: string } {
  const range =
    band.low === band.high
      ? formatPrice(band.low)
      : `${formatPrice(band.low)}–${formatPrice(band.high)}`;
  return {
    price: `${formatPrice(band.median)} median (${range})`,
    basis: `${band.count} sellers, ${dateWindow(band.from, band.to)}`,
  };
}

/** '$4.50 median ($3.00–$6.00), 5 sellers, Mar–Nov 2026'. */
export function describeBand(band: PriceBand): string {
  const { price, basis } = bandParts(band);
  return `${price}, ${basis}`;
}

const CONDITION_LABEL: Record<Condition, string> = {
  carded: 'Carded',
  loose: 'Loose',
  boxed: 'Boxed',
  'damaged card': 'Damaged card',
};

export interface PriceGuideRow {
  key: string;
  label: string;
  band: PriceBand;
}

/**
 * The lines of a price: all of it, then each condition the listings said, then sold (agreed in a
 * completed trade) and asking (open listings); a part from fewer than 3 sellers is not there.
 */
export function priceGuideRows(price: CommunityPrice): PriceGuideRow[] {
  const rows: PriceGuideRow[] = [{ key: 'all', label: 'All', band: price }];
  for (const condition of CONDITIONS) {
    const band = price.conditions[condition];
    if (band) rows.push({ key: condition, label: CONDITION_LABEL[condition], band });
  }
  if (price.sold) rows.push({ key: 'sold', label: 'Sold', band: price.sold });
  if (price.asking) rows.push({ key: 'asking', label: 'Asking', band: price.asking });
  return rows;
}

/** Said under the lines, so 'sold' and 'asking' are never guessed at. */
export const PRICE_GUIDE_NOTE =
  'Sold: the price agreed in a trade completed with a buyer. Asking: open listings. Each seller counts once, at their latest price.';
