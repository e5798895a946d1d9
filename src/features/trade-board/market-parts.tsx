// The market pieces that several screens show: the price guide, Wanted by, and
// how a match stands against my max price.
import type { WantedByEntry } from '../../shared/community/market-schemas';
import { priceAgainstMax, WANTED_BY_COUNT_CAP } from '../../shared/community/market-schemas';
import { formatPrice } from '../catalog';
import { useCommunityPrice } from './use-market';
import './market.css';
import { bandParts, describeBand, PRICE_GUIDE_NOTE, priceGuideRows } from './price-guide-text';

/**
 * The price guide of a car, or nothing below 3 sellers (a price from one or two would mislead).
 * `compact`: its first line only, beside a price being typed.
 */
export function CommunityPriceLine({
  carId,
  compact = false,
}: {
  carId: string | null;
  compact?: boolean;
}) {
  const price = useCommunityPrice(carId);
  if (!price) return null;
  if (compact) {
    return (
      <span className="tb-community-price" data-testid="community-price">
        Price guide: {describeBand(price)}
      </span>
    );
  }
  return (
    <section className="tb-price-guide" aria-label="Price guide" data-testid="community-price">
      <p className="tb-label">Price guide</p>
      <dl className="tb-price-guide__rows">
        {priceGuideRows(price).map(({ key, label, band }) => {
          const { price: amount, basis } = bandParts(band);
          return (
            <div key={key} className="tb-price-guide__row" data-testid={`price-${key}`}>
              <dt>{label}</dt>
              <dd>
                <span className="tb-price-guide__price">{amount}</span>
                <span className="visually-hidden">, </span>
                <span className="tb-price-guide__basis">{basis}</span>
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="tb-price-guide__note">{PRICE_GUIDE_NOTE}</p>
    </section>
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
