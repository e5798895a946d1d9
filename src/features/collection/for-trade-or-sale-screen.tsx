// /collection/tradensell: what the collector offers for trade or sale, with steppers
// (update-car-details sets both counts of a car; update-set-details one count of a set).
import { useWantedBy, WantedByLine } from '../trade-board';
import type { WantedByEntry } from '../../shared/community/market-schemas';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { findOwnedCars, useOwnedCars, useOwnedSets } from '../../db/use-owned-lists';
import { useTradeSell } from '../../db/use-trade-sell';
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

function CarOffer({
  car,
  owned,
  forTrade,
  forSale,
  wanted,
}: {
  car: CarSummary;
  owned: number;
  forTrade: number;
  forSale: number;
  wanted?: WantedByEntry;
}) {
  const update = (next: { forTrade: number; forSale: number }) =>
    run(changeCollection('collection/update-car-details', { carId: car.id, ...next }));
  return (
    <li className="cl-offer card" data-trade-car-id={car.id}>
      <CarRowLink car={car} sub={`You own ${formatCount(owned)}`} />
      <div className="cl-offer__steppers">
        <Stepper
          label="For trade"
          value={forTrade}
          max={cap(owned, forTrade)}
          onChange={(value) => update({ forTrade: value, forSale })}
        />
        <Stepper
          label="For sale"
          value={forSale}
          max={cap(owned, forSale)}
          onChange={(value) => update({ forTrade, forSale: value })}
        />
      </div>
      <WantedByLine entry={wanted} />
      {owned > 0 && <TradeBoardLink kind="car" id={car.id} name={car.name} />}
    </li>
  );
}

function SetOffer({
  set,
  owned,
  forTrade,
  forSale,
  wanted,
}: {
  set: SetSummary;
  owned: number;
  forTrade: number;
  forSale: number;
  wanted?: WantedByEntry;
}) {
  const update = (type: 'trade' | 'sale', quantity: number) =>
    run(changeCollection('collection/update-set-details', { setId: set.id, type, quantity }));
  return (
    <li className="cl-offer card" data-trade-set-id={set.id}>
      <SetRowLink set={set} sub={`You own ${formatCount(owned)}`} />
      <div className="cl-offer__steppers">
        <Stepper
          label="For trade"
          value={forTrade}
          max={cap(owned, forTrade)}
          onChange={(value) => update('trade', value)}
        />
        <Stepper
          label="For sale"
          value={forSale}
          max={cap(owned, forSale)}
          onChange={(value) => update('sale', value)}
        />
      </div>
      <WantedByLine entry={wanted} />
      {owned > 0 && <TradeBoardLink kind="set" id={set.id} name={set.name} />}
    </li>
  );
}

const OFFER_RESULTS = 8;

export function TradeNSellScreen() {
  const userId = useAuth().user?.uid ?? null;
  const entries = useTradeSell(userId);
  const ownedCars = useOwnedCars(userId);
  const ownedSets = useOwnedSets(userId);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);

  const listedCars = useMemo(() => new Set(entries?.cars.map((e) => e.carId)), [entries]);
  const listedSets = useMemo(() => new Set(entries?.sets.map((e) => e.setId)), [entries]);
  const matches = useMemo(
    () => findOwnedCars(ownedCars, deferred, OFFER_RESULTS, listedCars),
    [deferred, ownedCars, listedCars],
  );
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
          <label className="cl-field">
            <span>Find a car in your collection</span>
            <input
              type="search"
              value={query}
              placeholder="Casting name, year or series"
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
          {deferred && matches.length === 0 && ownedCars && (
            <p className="cl-none">No car of yours matches “{deferred}”.</p>
          )}
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
