// /trade/create: list one of my copies of a car or set (prefilled from ?kind=car&id=<carId>, as
// /collection/tradensell links): which copy, trade and/or sale, asking price, what I want. It is
// queued like any change, so it works with no signal and shows at once as pending.
import { CommunityPriceLine } from './market-parts';
import { useMemo, useState, useDeferredValue, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useOwnedCars, useOwnedSets } from '../../data/use-owned-lists';
import { showError } from '../../errors/show-error';
import type { CarInstance, SetInstance } from '../../shared/collection/types';
import { WANTS_MAX, type ListingView } from '../../shared/community/trade-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { formatDate, formatPrice } from '../catalog';
import { createListing } from './trade-actions';
import { copyLine, ItemPhoto, itemMeta } from './trade-parts';
import { useMyInstances } from '../../data/use-my-instances';
import { tradeItemOf, useTradeItems, type ItemKind } from './use-trade-device';
import { usePendingViews } from './use-pending-views';
import { parseMoney } from './money';
import './trade-board.css';

const PICK_RESULTS = 8;

function ItemPicker({
  userId,
  onPick,
}: {
  userId: string;
  onPick: (kind: ItemKind, id: string) => void;
}) {
  const cars = useOwnedCars(userId);
  const sets = useOwnedSets(userId);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => {
    const words = deferred.toLowerCase().split(/\s+/).filter(Boolean);
    const all = [
      ...(cars ?? []).map((entry) => ({ kind: 'car' as const, id: entry.carId, entry })),
      ...(sets ?? []).map((entry) => ({ kind: 'set' as const, id: entry.setId, entry })),
    ];
    return all
      .filter(({ entry }) => {
        const text = `${entry.name} ${entry.year ?? ''} ${entry.series ?? ''}`.toLowerCase();
        return words.every((word) => text.includes(word));
      })
      .slice(0, PICK_RESULTS);
  }, [cars, sets, deferred]);
  if (cars === undefined || sets === undefined) {
    return (
      <p className="muted" role="status">
        Loading your collection…
      </p>
    );
  }
  if (cars.length === 0 && sets.length === 0) {
    return (
      <p className="tb-empty">Your collection is empty. Add a car first, then list it here.</p>
    );
  }
  return (
    <section className="tb-section card" aria-labelledby="tb-pick-title">
      <h2 id="tb-pick-title" className="tb-section__title">
        What are you listing?
      </h2>
      <label className="tb-field">
        <span>Find a car or set in your collection</span>
        <input
          type="search"
          value={query}
          placeholder="Casting name, year or series"
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {matches.length === 0 ? (
        <p className="tb-empty">Nothing of yours matches “{deferred}”.</p>
      ) : (
        <ul className="tb-picks">
          {matches.map(({ kind, id, entry }) => (
            <li key={`${kind}:${id}`}>
              <button type="button" className="tb-pick" onClick={() => onPick(kind, id)}>
                <span className="tb-pick__name">{entry.name}</span>
                <span className="tb-pick__meta">
                  {[entry.year, entry.series, kind === 'set' ? 'Set' : null, `×${entry.count}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function describeCopy(copy: CarInstance | SetInstance, index: number): string {
  const parts = [
    `Copy ${index + 1}`,
    'condition' in copy ? copyLine({ condition: copy.condition, grade: copy.grade }) : null,
    copy.dateAdded ? `added ${formatDate(copy.dateAdded)}` : null,
    copy.purchasePrice > 0 ? `paid ${formatPrice(copy.purchasePrice)}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

interface Errors {
  instance?: string;
  kind?: string;
  price?: string;
  wants?: string;
}

function ListingForm({ userId, kind, id }: { userId: string; kind: ItemKind; id: string }) {
  const [, navigate] = useLocation();
  const refs = useMemo(() => [{ kind, id }], [kind, id]);
  const item = tradeItemOf(useTradeItems(refs), kind, id);
  const copies = useMyInstances(userId, kind, id);
  const mine = useCommunityQuery<{ listings: ListingView[] }>('/api/listings/mine');
  const { listings: queued } = usePendingViews(userId);
  const listed = useMemo(() => {
    const open = [...queued, ...(mine.status === 'ready' ? mine.data.listings : [])].filter(
      (listing) => listing.status === 'open' && listing.kind === kind && listing.itemId === id,
    );
    return new Set(open.map((listing) => listing.instanceId));
  }, [mine, queued, kind, id]);
  const available = (copies ?? []).filter((copy) => !listed.has(copy.instanceId));

  const [chosen, setChosen] = useState<string | null>(null);
  const [forTrade, setForTrade] = useState(true);
  const [forSale, setForSale] = useState(false);
  const [price, setPrice] = useState('');
  const [wants, setWants] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const instanceId =
    chosen && available.some((copy) => copy.instanceId === chosen)
      ? chosen
      : (available[0]?.instanceId ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!instanceId) found.instance = 'Pick which copy you are listing';
    if (!forTrade && !forSale) found.kind = 'Tick trade, sale or both';
    const amount = parseMoney(price);
    if (forSale && (amount === null || amount <= 0))
      found.price = 'Enter a price above 0, like 12.50';
    if (forSale && amount !== null && amount > 1_000_000)
      found.price = 'That is more than 1,000,000';
    if (wants.trim().length > WANTS_MAX) found.wants = `Keep it under ${WANTS_MAX} characters`;
    setErrors(found);
    if (Object.keys(found).length > 0 || !instanceId) return;
    setBusy(true);
    try {
      await createListing({
        kind,
        itemId: id,
        instanceId,
        forTrade,
        forSale,
        askingPrice: forSale ? amount : null,
        wants: wants.trim(),
      });
      navigate('/trade?tab=mine');
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  return (
    <form className="tb-form" onSubmit={submit} noValidate>
      <section className="tb-item card" aria-label="What you are listing">
        <ItemPhoto item={item} eager />
        <div className="tb-item__text">
          <h2 className="tb-item__name">{item.name}</h2>
          <p className="muted">
            {[itemMeta(item), kind === 'set' ? 'Set' : null].filter(Boolean).join(' · ')}
          </p>
        </div>
      </section>

      <fieldset
        className="tb-fieldset"
        aria-describedby={errors.instance ? 'tb-copy-error' : undefined}
      >
        <legend>Which copy?</legend>
        {copies === undefined ? (
          <p className="muted" role="status">
            Loading your copies…
          </p>
        ) : copies.length === 0 ? (
          <p className="tb-empty">You don’t own this one, so you can’t list it.</p>
        ) : available.length === 0 ? (
          <p className="tb-empty">Every copy you own is already on the board.</p>
        ) : (
          available.map((copy) => (
            <label key={copy.instanceId} className="tb-radio">
              <input
                type="radio"
                name="copy"
                value={copy.instanceId}
                checked={instanceId === copy.instanceId}
                onChange={() => setChosen(copy.instanceId)}
              />
              <span>{describeCopy(copy, (copies ?? []).indexOf(copy))}</span>
            </label>
          ))
        )}
        {errors.instance && (
          <p id="tb-copy-error" className="field-error">
            {errors.instance}
          </p>
        )}
      </fieldset>

      <fieldset
        className="tb-fieldset"
        aria-describedby={errors.kind ? 'tb-kind-error' : undefined}
      >
        <legend>List it for</legend>
        <label className="tb-check">
          <input
            type="checkbox"
            checked={forTrade}
            onChange={(e) => setForTrade(e.target.checked)}
          />
          <span>Trade</span>
        </label>
        <label className="tb-check">
          <input type="checkbox" checked={forSale} onChange={(e) => setForSale(e.target.checked)} />
          <span>Sale</span>
        </label>
        {errors.kind && (
          <p id="tb-kind-error" className="field-error">
            {errors.kind}
          </p>
        )}
      </fieldset>

      {forSale && (
        <label className="tb-field">
          <span>Asking price (USD)</span>
          <input
            className="tb-money"
            inputMode="decimal"
            autoComplete="off"
            value={price}
            placeholder="12.50"
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? 'tb-price-error' : undefined}
            onChange={(event) => setPrice(event.target.value)}
          />
          {errors.price && (
            <span id="tb-price-error" className="field-error">
              {errors.price}
            </span>
          )}
          {kind === 'car' && <CommunityPriceLine carId={id} compact />}
        </label>
      )}

      <label className="tb-field">
        <span>What do you want for it?</span>
        <textarea
          rows={3}
          value={wants}
          maxLength={WANTS_MAX}
          placeholder="e.g. 2024 Treasure Hunts, or any Skyline"
          aria-describedby={`tb-wants-count${errors.wants ? ' tb-wants-error' : ''}`}
          onChange={(event) => setWants(event.target.value)}
        />
        <span id="tb-wants-count" className="tb-count">
          {wants.length} / {WANTS_MAX}
        </span>
        {errors.wants && (
          <span id="tb-wants-error" className="field-error">
            {errors.wants}
          </span>
        )}
      </label>

      <button type="submit" className="primary tb-submit" disabled={busy || available.length === 0}>
        List it
      </button>
    </form>
  );
}

export function CreateListingScreen() {
  const userId = useAuth().user?.uid ?? null;
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind: ItemKind | null = kindParam === 'car' || kindParam === 'set' ? kindParam : null;
  const id = params.get('id');
  return (
    <div className="tb-screen">
      <ScreenHeader title="New listing" back="/trade" />
      <main className="app-main tb-main">
        {!userId ? null : kind && id ? (
          <ListingForm key={`${kind}:${id}`} userId={userId} kind={kind} id={id} />
        ) : (
          <ItemPicker
            userId={userId}
            onPick={(pickedKind, pickedId) =>
              setParams(new URLSearchParams({ kind: pickedKind, id: pickedId }))
            }
          />
        )}
      </main>
    </div>
  );
}
