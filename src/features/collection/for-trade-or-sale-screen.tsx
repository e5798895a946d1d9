// /collection/tradensell: what the collector offers for trade or sale, with steppers
// (update-car-details sets both counts of a car; update-set-details one count of a set).
import { useWantedBy, WantedByLine } from '../trade-board';
import type { WantedByEntry } from '../../shared/community/market-schemas';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useOwnedCars, useOwnedSets } from '../../data/use-owned-lists';
import { OwnedCarSearchField, useOwnedCarSearch } from './owned-car-search';
import { useTradeSell } from '../../data/use-trade-sell';
import { type CarSummary, type SetSummary } from '../../db/catalog-summaries';
import { showError } from '../../errors/show-error';
import { changeCollection } from '../../sync/collection-actions';
import { ScreenHeader } from '../../ui/screen-header';
import {
  CarRowLink,
  formatCount,
  plural,
  ScreenBody,
  SetRowLink,
  Stepper,
} from './collection-parts';

/** Quantities are capped at what the collector owns (never below what is already listed). */
const MAX_QUANTITY = 9999;
const cap = (owned: number, current: number) => Math.min(MAX_QUANTITY, Math.max(owned, current, 0));

function run(promise: Promise<unknown>): Promise<unknown> {
  return promise.catch((error: unknown) => {
    showError(error);
    throw error;
  });
}

/** To the trade board's new listing, prefilled with this car or set. */
function TradeBoardLink({ kind, id, name }: { kind: 'car' | 'set'; id: string; name: string }) {
  const href = `/trade/create?kind=${kind}&id=${encodeURIComponent(id)}`;
  return (
    <Link
      href={href}
      className="pill-link cl-offer__board"
      aria-label={`List on the trade board: ${name}`}
    >
      List on the trade board
    </Link>
  );
}

type Counts = { forTrade: number; forSale: number };

/**
 * One car or set on offer: how many I own, a stepper for each count, who has it on their
 * wishlist. `save` gets both counts and the one that moved (a set's change names one count).
 */
function Offer({
  kind,
  id,
  name,
  row,
  owned,
  forTrade,
  forSale,
  wanted,
  save,
}: Counts & {
  kind: 'car' | 'set';
  id: string;
  name: string;
  row: ReactNode;
  owned: number;
  wanted?: WantedByEntry | undefined;
  save: (next: Counts, moved: 'trade' | 'sale') => Promise<unknown>;
}) {
  return (
    <li className="cl-offer card" {...{ [`data-trade-${kind}-id`]: id }}>
      {row}
      <div className="cl-offer__steppers">
        <Stepper
          label="For trade"
          value={forTrade}
          max={cap(owned, forTrade)}
          onChange={(value) => run(save({ forTrade: value, forSale }, 'trade'))}
        />
        <Stepper
          label="For sale"
          value={forSale}
          max={cap(owned, forSale)}
          onChange={(value) => run(save({ forTrade, forSale: value }, 'sale'))}
        />
      </div>
      <WantedByLine entry={wanted} />
      {owned > 0 && <TradeBoardLink kind={kind} id={id} name={name} />}
    </li>
  );
}

type OfferProps = Counts & { owned: number; wanted?: WantedByEntry };

function CarOffer({ car, ...counts }: OfferProps & { car: CarSummary }) {
  return (
    <Offer
      kind="car"
      id={car.id}
      name={car.name}
      row={<CarRowLink car={car} sub={`You own ${formatCount(counts.owned)}`} />}
      {...counts}
      save={(next) => changeCollection('collection/update-car-details', { carId: car.id, ...next })}
    />
  );
}

function SetOffer({ set, ...counts }: OfferProps & { set: SetSummary }) {
  return (
    <Offer
      kind="set"
      id={set.id}
      name={set.name}
      row={<SetRowLink set={set} sub={`You own ${formatCount(counts.owned)}`} />}
      {...counts}
      save={(next, moved) =>
        changeCollection('collection/update-set-details', {
          setId: set.id,
          type: moved,
          quantity: moved === 'trade' ? next.forTrade : next.forSale,
        })
      }
    />
  );
}

const OFFER_RESULTS = 8;

export function TradeNSellScreen() {
  const userId = useAuth().user?.uid ?? null;
  const entries = useTradeSell(userId);
  const ownedCars = useOwnedCars(userId);
  const ownedSets = useOwnedSets(userId);

  const listedCars = useMemo(() => new Set(entries?.cars.map((e) => e.carId)), [entries]);
  const listedSets = useMemo(() => new Set(entries?.sets.map((e) => e.setId)), [entries]);
  const search = useOwnedCarSearch(ownedCars, OFFER_RESULTS, listedCars);
  const { matches } = search;
  const unlistedSets = (ownedSets ?? []).filter((set) => !listedSets.has(set.setId));

  const tradeTotal = entries
    ? [...entries.cars, ...entries.sets].reduce((sum, e) => sum + e.forTrade, 0)
    : 0;
  const saleTotal = entries
    ? [...entries.cars, ...entries.sets].reduce((sum, e) => sum + e.forSale, 0)
    : 0;
  const listed = entries ? entries.cars.length + entries.sets.length : 0;
  // Who wants what I offer: collectors whose public wishlist holds it (online; kept offline).
  const wantedCars = useWantedBy('car', entries?.cars.map((entry) => entry.carId) ?? []);
  const wantedSets = useWantedBy('set', entries?.sets.map((entry) => entry.setId) ?? []);

  return (
    <>
      <ScreenHeader title="Trade & Sell" back="/collection" />
      <ScreenBody label="Trade and sell">
        <section className="cl-summary" aria-label="Offered">
          <p className="cl-summary__totals" data-testid="trade-summary">
            <strong>{formatCount(tradeTotal)}</strong> for trade
            <span aria-hidden="true"> · </span>
            <strong>{formatCount(saleTotal)}</strong> for sale
          </p>
        </section>

        {entries === undefined ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : listed === 0 ? (
          <p className="cl-none">
            Nothing offered yet. Find a car you own below and set how many you would trade or sell.
          </p>
        ) : (
          <section className="cl-section" aria-labelledby="cl-offered">
            <h2 id="cl-offered" className="cl-section__title">
              Offered <span className="cl-section__count">{plural(listed, 'item')}</span>
            </h2>
            <ul className="cl-offers">
              {entries.cars.map((entry) => (
                <CarOffer
                  key={entry.key}
                  car={entry.car}
                  owned={entry.owned}
                  forTrade={entry.forTrade}
                  forSale={entry.forSale}
                  wanted={wantedCars.data?.wantedBy[entry.carId]}
                />
              ))}
              {entries.sets.map((entry) => (
                <SetOffer
                  key={entry.key}
                  set={entry.set}
                  owned={entry.owned}
                  forTrade={entry.forTrade}
                  forSale={entry.forSale}
                  wanted={wantedSets.data?.wantedBy[entry.setId]}
                />
              ))}
            </ul>
          </section>
        )}

        <section className="cl-section" aria-labelledby="cl-offer-more">
          <h2 id="cl-offer-more" className="cl-section__title">
            Offer a car you own
          </h2>
          <OwnedCarSearchField search={search} fieldClassName="cl-field" noneClassName="cl-none" />
          {matches.length > 0 && (
            <ul className="cl-offers">
              {matches.map((entry) => (
                <CarOffer
                  key={entry.key}
                  car={entry.car}
                  owned={entry.count}
                  forTrade={0}
                  forSale={0}
                />
              ))}
            </ul>
          )}
        </section>

        {unlistedSets.length > 0 && (
          <section className="cl-section" aria-labelledby="cl-offer-sets">
            <h2 id="cl-offer-sets" className="cl-section__title">
              Offer a set you own
            </h2>
            <ul className="cl-offers">
              {unlistedSets.slice(0, 20).map((entry) => (
                <SetOffer
                  key={entry.key}
                  set={entry.set}
                  owned={entry.count}
                  forTrade={0}
                  forSale={0}
                />
              ))}
            </ul>
          </section>
        )}
      </ScreenBody>
    </>
  );
}
