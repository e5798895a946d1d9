// The market pieces that several screens show: the community price line, Wanted by, and
// how a match stands against my max price.
import type { CommunityPrice, WantedByEntry } from '../../shared/community/market-schemas';
import { priceAgainstMax, WANTED_BY_COUNT_CAP } from '../../shared/community/market-schemas';
import { formatPrice } from '../catalog';
import { useCommunityPrice } from './use-market';
import './market.css';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const monthYear = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric' }),
);

/** 'Others ask $4–$7, median $5 (12 listings, Mar–Nov 2026)'. */
export function describeCommunityPrice(price: CommunityPrice): string {
  const range =
    price.low === price.high
      ? formatPrice(price.low)
      : `${formatPrice(price.low)}–${formatPrice(price.high)}`;
  const from = monthYear().format(new Date(price.from));
  const to = monthYear().format(new Date(price.to));
  const dates = from === to ? from : `${from}–${to}`;
  return `Others ask ${range}, median ${formatPrice(price.median)} (${price.count} listings, ${dates})`;
}

/** Nothing at all below 3 prices: a price from one or two listings would mislead. */
export function CommunityPriceLine({ carId }: { carId: string | null }) {
  const price = useCommunityPrice(carId);
  if (!price) return null;
  return (
    <span className="tb-community-price" data-testid="community-price">
      {describeCommunityPrice(price)}
    </span>
  );
}

export function WantedByLine({ entry }: { entry: WantedByEntry | undefined }) {
  if (!entry || entry.count === 0) return null;
  const names = entry.collectors.map((person) => person.username ?? 'a collector');
  const more = entry.count - names.length;
  return (
    <span className="tb-wanted" data-testid="wanted-by">
      <span className="tb-label">Wanted by</span> {names.join(', ')}
      {more > 0 ? ` and ${more}${entry.count >= WANTED_BY_COUNT_CAP ? '+' : ''} more` : ''}
    </span>
  );
}

export function MaxPriceLine({
  askingPrice,
  maxPrice,
}: {
  askingPrice: number | null;
  maxPrice: number | null;
}) {
  const standing = priceAgainstMax(askingPrice, maxPrice);
  if (standing === null || maxPrice === null) return null;
  return (
    <span className={`tb-max tb-max--${standing}`}>
      {standing === 'within'
        ? `Within your max price of ${formatPrice(maxPrice)}`
        : `Over your max price of ${formatPrice(maxPrice)}`}
    </span>
  );
}
