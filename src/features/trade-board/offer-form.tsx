// 'Make an offer': a message, cars picked from my own collection (the very copies), and an
// optional price. Queued like any change, so it works offline and shows at once as pending;
// refused here first, in the server's words, when I already have an offer waiting on the listing
// or it has as many waiting as it takes.
import { useMemo, useState, type FormEvent } from 'react';
import { useOwnedCars } from '../../data/use-owned-lists';
import { OwnedCarSearchField, useOwnedCarSearch } from '../collection';
import { showError } from '../../errors/show-error';
import {
  MESSAGE_MAX,
  OFFERED_CARS_MAX,
  type ListingView,
  type OfferStatus,
} from '../../shared/community/trade-schemas';
import { newOfferProblem } from '../../shared/community/offer-limits';
import { makeOffer } from './trade-actions';
import { copyLine } from './trade-parts';
import { parseMoney } from './money';
import { useMyCarInstances } from '../../data/use-my-instances';

const MATCHES = 6;

interface Chosen {
  carId: string;
  instanceId: string;
}

export function OfferForm({
  userId,
  listing,
  myOffers,
  onSent,
}: {
  userId: string;
  listing: ListingView;
  /** My offers on this listing that this device knows of, queued ones included. */
  myOffers: readonly { status: OfferStatus }[];
  onSent: (text: string) => void;
}) {
  const cars = useOwnedCars(userId);
  const [message, setMessage] = useState('');
  const [price, setPrice] = useState('');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const search = useOwnedCarSearch(cars, MATCHES);
  const { matches } = search;
  const [errors, setErrors] = useState<{ message?: string; price?: string; offer?: string }>({});
  const [busy, setBusy] = useState(false);

  const names = useMemo(() => new Map((cars ?? []).map((e) => [e.carId, e.name])), [cars]);
  const carIds = useMemo(
    () => [...new Set([...matches.map((m) => m.carId), ...chosen.map((c) => c.carId)])],
    [matches, chosen],
  );
  const copies = useMyCarInstances(userId, carIds);
  const taken = new Set(chosen.map((c) => c.instanceId));
  const nextCopy = (carId: string) =>
    copies.get(carId)?.find((copy) => !taken.has(copy.instanceId)) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: { message?: string; price?: string; offer?: string } = {};
    const refused = newOfferProblem(myOffers, listing.pendingOfferCount);
    if (refused) found.offer = refused;
    if (message.trim() === '') found.message = 'Say something to the seller';
    if (message.trim().length > MESSAGE_MAX)
      found.message = `Keep it under ${MESSAGE_MAX} characters`;
    const amount = price.trim() === '' ? null : parseMoney(price);
    if (price.trim() !== '' && (amount === null || amount <= 0)) {
      found.price = 'Enter an amount above 0, like 5.00, or leave it empty';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await makeOffer({
        listingId: listing.id,
        message: message.trim(),
        offeredCars: chosen,
        price: amount,
      });
      setMessage('');
      setPrice('');
      setChosen([]);
      search.setQuery('');
      onSent(
        navigator.onLine
          ? 'Offer sent'
          : 'Offer saved on this device: it goes out when you are back online',
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="tb-form tb-section card"
      onSubmit={submit}
      noValidate
      aria-labelledby="tb-offer-title"
    >
      <h2 id="tb-offer-title" className="tb-section__title">
        Make an offer
      </h2>
      <label className="tb-field">
        <span>Message to the seller</span>
        <textarea
          rows={3}
          value={message}
          maxLength={MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'tb-message-error' : undefined}
          placeholder={`Hi! I’d like your ${listing.item.name}.`}
          onChange={(event) => setMessage(event.target.value)}
        />
        {errors.message && (
          <span id="tb-message-error" className="field-error">
            {errors.message}
          </span>
        )}
      </label>

      <fieldset className="tb-fieldset">
        <legend>Cars you offer (up to {OFFERED_CARS_MAX})</legend>
        {chosen.length > 0 && (
          <ul className="tb-chosen">
            {chosen.map((car) => {
              const copy = copies.get(car.carId)?.find((c) => c.instanceId === car.instanceId);
              const name = names.get(car.carId) ?? car.carId;
              return (
                <li key={car.instanceId} className="tb-chosen__item">
                  <span>
                    <span className="tb-chosen__name">{name}</span>
                    {copy && <span className="tb-chosen__meta">{copyLine(copy)}</span>}
                  </span>
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    onClick={() => setChosen(chosen.filter((c) => c.instanceId !== car.instanceId))}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <OwnedCarSearchField search={search} fieldClassName="tb-field" noneClassName="tb-empty" />
        {matches.length > 0 && (
          <ul className="tb-chosen">
            {matches.map((entry) => {
              const copy = nextCopy(entry.carId);
              return (
                <li key={entry.carId} className="tb-chosen__item">
                  <span>
                    <span className="tb-chosen__name">{entry.name}</span>
                    <span className="tb-chosen__meta">
                      {[entry.year, entry.series].filter(Boolean).join(' · ')}
                      {copy ? ` · ${copyLine(copy)}` : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    aria-label={`Offer ${entry.name}`}
                    disabled={!copy || chosen.length >= OFFERED_CARS_MAX}
                    onClick={() =>
                      copy &&
                      setChosen([...chosen, { carId: entry.carId, instanceId: copy.instanceId }])
                    }
                  >
                    Add
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      <label className="tb-field">
        <span>Cash you add (USD, optional)</span>
        <input
          className="tb-money"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          placeholder={listing.askingPrice !== null ? listing.askingPrice.toFixed(2) : '5.00'}
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? 'tb-offer-price-error' : undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
        {errors.price && (
          <span id="tb-offer-price-error" className="field-error">
            {errors.price}
          </span>
        )}
      </label>
      {errors.offer && (
        <p className="field-error" role="alert">
          {errors.offer}
        </p>
      )}
      <button type="submit" className="primary tb-submit" disabled={busy}>
        Send offer
      </button>
    </form>
  );
}
