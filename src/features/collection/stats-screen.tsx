// /stats: the big numbers first (cars, sets, money spent), then hand-made charts — by year, top
// series, brand, and a condition donut — each bar a link that filters /collection.
import { useMemo } from 'react';
import { useCommunityPrices } from '../trade-board';
import { estimateValue } from './estimated-value';
import { MIN_PRICE_SELLERS } from '../../shared/community/market-schemas';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useProfile } from '../../data/use-collection';
import { collectionSettings } from '../../db/collection-settings';
import { useOwnedCars } from '../../data/use-owned-lists';
import {
  useCollectionStats,
  type CollectionStats,
  type CountBy,
} from '../../data/use-collection-stats';
import type { Condition } from '../../shared/collection/types';
import { ScreenHeader } from '../../ui/screen-header';
import { collectionHref } from './collection-order';
import {
  EmptyState,
  formatCount,
  formatMoney,
  plural,
  ScreenBody,
  StartCollectingLinks,
} from './collection-parts';

interface Bar {
  key: string;
  label: string;
  count: number;
  href: string;
}

function BarChart({
  title,
  bars,
  layout,
  note,
}: {
  title: string;
  bars: Bar[];
  layout: 'inline' | 'stacked';
  note?: string;
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const id = `chart-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="cl-chart card" aria-labelledby={id}>
      <h2 id={id} className="cl-chart__title">
        {title}
      </h2>
      {note && <p className="cl-chart__note">{note}</p>}
      <ul className={`cl-bars cl-bars--${layout}`}>
        {bars.map((bar) => (
          <li key={bar.key}>
            <Link href={bar.href} className="cl-bar">
              <span className="cl-bar__label">{bar.label}</span>{' '}
              <span className="cl-bar__track" aria-hidden="true">
                <span
                  className="cl-bar__fill"
                  style={{ width: `${Math.max(2, (bar.count / max) * 100)}%` }}
                />
              </span>
              <span className="cl-bar__count">
                {formatCount(bar.count)}
                <span className="cl-sr"> {bar.count === 1 ? 'car' : 'cars'}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const CONDITION_COLOURS: Record<Condition, string> = {
  carded: 'var(--cl-c1)',
  loose: 'var(--cl-c2)',
  boxed: 'var(--cl-c3)',
  'damaged card': 'var(--cl-c4)',
};

function ConditionDonut({ slices }: { slices: CountBy<Condition>[] }) {
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  const radius = 15.9155; // circumference 100: dash lengths are percentages
  const arcs: { slice: CountBy<Condition>; share: number; offset: number }[] = [];
  let offset = 25; // start at 12 o'clock
  for (const slice of slices) {
    if (slice.count === 0) continue;
    const share = (slice.count / total) * 100;
    arcs.push({ slice, share, offset });
    offset -= share;
  }
  const summary = slices
    .filter((slice) => slice.count > 0)
    .map((slice) => `${slice.key} ${formatCount(slice.count)}`)
    .join(', ');
  return (
    <section className="cl-chart card" aria-labelledby="chart-condition">
      <h2 id="chart-condition" className="cl-chart__title">
        Condition
      </h2>
      <div className="cl-donut">
        <svg viewBox="0 0 42 42" role="img" aria-label={`Cars by condition: ${summary}`}>
          <circle className="cl-donut__hole" cx="21" cy="21" r={radius} />
          {arcs.map(({ slice, share, offset: start }) => (
            <circle
              key={slice.key}
              cx="21"
              cy="21"
              r={radius}
              fill="none"
              stroke={CONDITION_COLOURS[slice.key]}
              strokeWidth="6"
              strokeDasharray={`${share} ${100 - share}`}
              strokeDashoffset={start}
            />
          ))}
          <text x="21" y="21" className="cl-donut__total">
            {formatCount(total)}
          </text>
          <text x="21" y="26.5" className="cl-donut__unit">
            {total === 1 ? 'car' : 'cars'}
          </text>
        </svg>
        <ul className="cl-legend">
          {slices.map((slice) => (
            <li key={slice.key}>
              <Link
                href={collectionHref({ condition: slice.key })}
                className="cl-legend__item"
                data-condition={slice.key}
              >
                <span
                  className="cl-legend__swatch"
                  style={{ background: CONDITION_COLOURS[slice.key] }}
                  aria-hidden="true"
                />
                <span className="cl-legend__label">{slice.key}</span>{' '}
                <span className="cl-legend__count">
                  {formatCount(slice.count)}
                  <span className="cl-sr"> {slice.count === 1 ? 'car' : 'cars'}</span>
                  <span className="cl-legend__share">
                    {total > 0 ? ` · ${Math.round((slice.count / total) * 100)}%` : ''}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function BigNumbers({
  stats,
  currency,
  userId,
}: {
  stats: CollectionStats;
  currency: Parameters<typeof formatMoney>[1];
  userId: string | null;
}) {
  return (
    <section className="cl-bignums" aria-label="Totals">
      <div className="cl-bignum card" data-testid="stat-cars">
        <span className="cl-bignum__label">Cars</span>
        <strong className="cl-bignum__value">{formatCount(stats.cars)}</strong>
        <span className="cl-bignum__sub">{plural(stats.distinctCars, 'casting')}</span>
      </div>
      <div className="cl-bignum card" data-testid="stat-sets">
        <span className="cl-bignum__label">Sets</span>
        <strong className="cl-bignum__value">{formatCount(stats.sets)}</strong>
        <span className="cl-bignum__sub">{plural(stats.distinctSets, 'different set')}</span>
      </div>
      <div className="cl-bignum cl-bignum--wide card" data-testid="stat-spent">
        <span className="cl-bignum__label">Money spent</span>
        <strong className="cl-bignum__value">{formatMoney(stats.spent, currency)}</strong>
        <span className="cl-bignum__sub">
          {formatMoney(stats.carSpent, currency)} on cars · {formatMoney(stats.setSpent, currency)}{' '}
          on sets
        </span>
      </div>
      <EstimatedValueCard userId={userId} currency={currency} />
    </section>
  );
}

function EstimatedValueCard({
  userId,
  currency,
}: {
  userId: string | null;
  currency: Parameters<typeof formatMoney>[1];
}) {
  const owned = useOwnedCars(userId);
  const read = useCommunityPrices(owned ? owned.map((entry) => entry.carId) : null);
  // Checks each of up to 5,000 answered prices against the schema: once per answer, not per render.
  const answered = read.status === 'ready' ? read.data.prices : null;
  const estimate = useMemo(
    () => (owned && answered ? estimateValue(owned, answered) : null),
    [owned, answered],
  );
  if (!owned || owned.length === 0) return null;
  if (!estimate) {
    return (
      <div className="cl-bignum cl-bignum--wide card" data-testid="stat-value">
        <span className="cl-bignum__label">Estimated value of my collection</span>
        <span className="cl-bignum__sub" role="status">
          {read.status === 'loading'
            ? 'Asking the trade board…'
            : 'Needs the trade board once: open it online to see an estimate.'}
        </span>
      </div>
    );
  }
  return (
    <div className="cl-bignum cl-bignum--wide card" data-testid="stat-value">
      <span className="cl-bignum__label">Estimated value of my collection</span>
      <strong className="cl-bignum__value">
        {estimate.pricedCopies > 0 ? formatMoney(estimate.value, currency) : '—'}
      </strong>
      <span className="cl-bignum__sub">
        {estimate.pricedCopies > 0
          ? `${plural(estimate.pricedCopies, 'car')} at the price guide's median on the trade board, which you paid ${formatMoney(estimate.paidForPriced, currency)} for.`
          : `No car of yours has a price guide yet (it takes ${MIN_PRICE_SELLERS} sellers).`}
        {estimate.unpricedCopies > 0 && estimate.pricedCopies > 0
          ? ` ${plural(estimate.unpricedCopies, 'car')} priced by fewer than ${MIN_PRICE_SELLERS} sellers ${estimate.unpricedCopies === 1 ? 'is' : 'are'} not counted.`
          : ''}
      </span>
    </div>
  );
}

export function StatsScreen() {
  const userId = useAuth().user?.uid ?? null;
  const stats = useCollectionStats(userId);
  const profile = useProfile(userId);
  const { currency } = collectionSettings(profile?.settings);

  return (
    <>
      <ScreenHeader title="Stats" back="/collection" />
      <ScreenBody label="Stats">
        {stats === undefined ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : stats.cars === 0 && stats.sets === 0 ? (
          <EmptyState title="No stats yet" text="Search a car or browse 2025 mainlines">
            <StartCollectingLinks />
          </EmptyState>
        ) : (
          <>
            <BigNumbers stats={stats} currency={currency} userId={userId} />
            {(stats.hunts.TH > 0 || stats.hunts.STH > 0) && (
              <p className="cl-hunts">
                <Link href={collectionHref({ hunt: 'TH' })} className="cl-chip">
                  <span className="cl-hunt cl-hunt--th">TH</span>
                  {plural(stats.hunts.TH, 'Treasure Hunt')}
                </Link>
                <Link href={collectionHref({ hunt: 'STH' })} className="cl-chip">
                  <span className="cl-hunt cl-hunt--sth">STH</span>
                  {plural(stats.hunts.STH, 'Super Treasure Hunt')}
                </Link>
              </p>
            )}
            <p className="cl-chart__hint">Tap a bar to see those cars in your collection.</p>
            {stats.byYear.length > 0 && (
              <BarChart
                title="By year"
                layout="inline"
                bars={[...stats.byYear].reverse().map(({ key, count }) => ({
                  key: String(key),
                  label: String(key),
                  count,
                  href: collectionHref({ year: key }),
                }))}
              />
            )}
            {stats.bySeries.length > 0 && (
              <BarChart
                title="Top series"
                layout="stacked"
                note={
                  stats.seriesCount > stats.bySeries.length
                    ? `Top ${stats.bySeries.length} of ${formatCount(stats.seriesCount)} series`
                    : undefined
                }
                bars={stats.bySeries.map(({ key, count }) => ({
                  key,
                  label: key,
                  count,
                  href: collectionHref({ series: key }),
                }))}
              />
            )}
            {stats.byBrand.length > 0 && (
              <BarChart
                title="By brand"
                layout="stacked"
                bars={stats.byBrand.map(({ key, count }) => ({
                  key,
                  label: key,
                  count,
                  href: collectionHref({ brand: key }),
                }))}
              />
            )}
            {stats.cars > 0 && <ConditionDonut slices={stats.byCondition} />}
          </>
        )}
      </ScreenBody>
    </>
  );
}
