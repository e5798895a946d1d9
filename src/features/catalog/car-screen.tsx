// /car/{carId} : the big photo, the answer first ('You own 2 · 1 carded,
// 1 loose'), the primary 'Add to collection', favourite and wishlist, the details with the field names of docs/product.md
// fallbacks, the collector's copies as editable rows, and trade / sale quantities.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import type { CarRow } from '../../db/catalog-index';
import { useCarWithSet, useOwnedCarState } from '../../db/use-catalog-browse';
import { decodeParam } from './route-params';
import { ownershipAnswer, type OwnedCarState } from '../../db/collector-marks';
import type { CatalogSet } from '../../shared/catalog/types';
import {
  CONDITIONS,
  GRADES,
  type CarInstance,
  type Condition,
  type Grade,
} from '../../shared/collection/types';
import { CarPhoto, HeartIcon, HuntMark, StarIcon } from './car-tile';
import {
  addCar,
  removeCarInstance,
  setCarTradeSale,
  toggleFavorite,
  toggleWishlist,
  updateCarInstance,
} from './catalog-actions';
import {
  CatalogScreen,
  EmptyState,
  SkeletonBlock,
  Stepper,
  useCatalogReady,
  useUserId,
} from './catalog-ui';
import { formatDate, formatPrice } from './format';
import { brandLink, carParentLink, exclusiveLink, seriesLink, setLink } from './links';

export function CarDetailScreen() {
  const params = useParams<{ carId: string }>();
  const carId = decodeParam(params.carId);
  const userId = useUserId();
  const ready = useCatalogReady();
  const result = useCarWithSet(carId);
  const state = useOwnedCarState(userId, carId);
  const found = result?.found ?? null;

  if (!result || !ready) {
    return (
      <CatalogScreen title="Car" back="/home">
        <div className="car-hero skeleton skeleton--hero" aria-busy="true" />
        <SkeletonBlock lines={2} />
        <SkeletonBlock lines={6} />
      </CatalogScreen>
    );
  }
  if (!found) {
    return (
      <CatalogScreen title="Car" back="/home">
        <EmptyState
          title="This car is not in the catalogue"
          actions={[
            { href: '/search', label: 'Search a car' },
            { href: '/mainlines', label: 'Browse mainlines' },
          ]}
        >
          The link may be from an older catalogue. Search it by name or toy number.
        </EmptyState>
      </CatalogScreen>
    );
  }
  const { car, set } = found;
  return (
    <CatalogScreen title={car.name} back={carParentLink(car, set)}>
      <div className="car-page" data-car-id={car.id}>
        <div className="car-hero">
          <CarPhoto car={car} eager />
          <HuntMark huntType={car.huntType} />
        </div>
        <CarAnswer car={car} state={state} />
        <CarDetails car={car} set={set} />
        {state && state.instances.length > 0 && (
          <>
            <CarInstances carId={car.id} instances={state.instances} />
            <CarTradeSale carId={car.id} state={state} />
          </>
        )}
      </div>
    </CatalogScreen>
  );
}

function CarAnswer({ car, state }: { car: CarRow; state: OwnedCarState | undefined }) {
  const owned = state?.instances.length ?? 0;
  return (
    <section className="card car-answer" aria-label="Do you have it?">
      <p className="car-answer__title">
        {car.year} · {car.brand}
        {car.toyNumber ? ` · ${car.toyNumber}` : ''}
      </p>
      <p
        className={`car-answer__text${owned > 0 ? ' is-owned' : ''}`}
        role="status"
        data-testid="ownership-answer"
      >
        {state ? ownershipAnswer(state.instances) : '\u00a0'}
      </p>
      <button type="button" className="primary car-answer__add" onClick={() => void addCar(car.id)}>
        Add to collection
      </button>
      <div className="toggle-row">
        <button
          type="button"
          className="toggle-button toggle-button--heart"
          aria-pressed={state?.isFavorite ?? false}
          onClick={() => void toggleFavorite(car.id, state?.isFavorite ?? false)}
        >
          <HeartIcon /> Favourite
        </button>
        <button
          type="button"
          className="toggle-button toggle-button--star"
          aria-pressed={state?.isWishlisted ?? false}
          onClick={() => void toggleWishlist(car.id, state?.isWishlisted ?? false)}
        >
          <StarIcon /> Wishlist
        </button>
      </div>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="detail">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The detailed car: Body Color falls back to 'N/A', Set Name to the series. (docs/product.md) */
function CarDetails({ car, set }: { car: CarRow; set: CatalogSet | null }) {
  return (
    <section className="card car-details" aria-labelledby="car-details-heading">
      <h2 id="car-details-heading" className="section-title">
        Details
      </h2>
      <dl>
        <Detail term="Series">
          {car.series ? <Link href={seriesLink(car.series)}>{car.series}</Link> : '—'}
        </Detail>
        <Detail term="Series #">{car.seriesNumber ?? '—'}</Detail>
        <Detail term="Year">{car.year}</Detail>
        <Detail term="Body Color">{car.color ?? 'N/A'}</Detail>
        <Detail term="Set Name">{car.setName ?? car.series ?? '—'}</Detail>
        <Detail term="Type">{car.type}</Detail>
        <Detail term="Category">
          {car.category && car.type === 'Exclusive' ? (
            <Link href={exclusiveLink(car.category, car.year)}>{car.category}</Link>
          ) : (
            (car.category ?? '—')
          )}
        </Detail>
        <Detail term="Hunt Type">
          {car.huntType === 'STH'
            ? 'Super Treasure Hunt (STH)'
            : car.huntType === 'TH'
              ? 'Treasure Hunt (TH)'
              : 'None'}
        </Detail>
        <Detail term="Brand">
          <Link href={brandLink(car.brand, car.year)}>{car.brand}</Link>
        </Detail>
        <Detail term="Toy #">{car.toyNumber ?? '—'}</Detail>
        {car.collectorNumber && <Detail term="Collector #">{car.collectorNumber}</Detail>}
        <Detail term="Retail price">{formatPrice(car.retailPrice)}</Detail>
        {set && (
          <Detail term="Set">
            <Link href={setLink(set)} className="set-link">
              {set.name} · {set.carIds.length} {set.carIds.length === 1 ? 'car' : 'cars'}
              {set.retailPrice !== null ? ` · ${formatPrice(set.retailPrice)}` : ''}
            </Link>
          </Detail>
        )}
      </dl>
    </section>
  );
}

function CarInstances({ carId, instances }: { carId: string; instances: CarInstance[] }) {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section className="instances" aria-labelledby="instances-heading">
      <h2 id="instances-heading" className="section-title">
        Your copies
      </h2>
      <ul className="instance-cards">
        {instances.map((instance, index) => (
          <InstanceEditor
            // A saved or synced change gives the form fresh values.
            key={instanceKey(instance)}
            carId={carId}
            number={index + 1}
            instance={instance}
            saved={saved === instance.instanceId}
            onSaved={() => setSaved(instance.instanceId)}
          />
        ))}
      </ul>
    </section>
  );
}

function instanceKey(instance: CarInstance): string {
  const { instanceId, condition, grade, purchasePrice, purchaseDate, purchasePlace, notes } =
    instance;
  return JSON.stringify([
    instanceId,
    condition,
    grade,
    purchasePrice,
    purchaseDate,
    purchasePlace,
    notes,
  ]);
}

interface InstanceForm {
  condition: Condition;
  grade: Grade;
  price: string;
  date: string;
  place: string;
  notes: string;
}

function formOf(instance: CarInstance): InstanceForm {
  return {
    condition: instance.condition,
    grade: instance.grade,
    price: instance.purchasePrice ? String(instance.purchasePrice) : '',
    date: instance.purchaseDate ?? '',
    place: instance.purchasePlace,
    notes: instance.notes,
  };
}

/** The fields that differ from the stored instance, or an error for the price field. */
function updatesOf(
  instance: CarInstance,
  form: InstanceForm,
): { updates: Parameters<typeof updateCarInstance>[2]; priceError: string | null } {
  const updates: Parameters<typeof updateCarInstance>[2] = {};
  if (form.condition !== instance.condition) updates.condition = form.condition;
  if (form.grade !== instance.grade) updates.grade = form.grade;
  const priceText = form.price.trim().replace(',', '.').replace(/^\$/, '');
  const price = priceText === '' ? 0 : Number(priceText);
  if (!Number.isFinite(price) || price < 0 || price > 1_000_000) {
    return { updates, priceError: 'Enter what you paid, like 2.50' };
  }
  if (Math.round(price * 100) / 100 !== instance.purchasePrice) updates.purchasePrice = price;
  const date = form.date || null;
  if (date !== instance.purchaseDate) updates.purchaseDate = date;
  if (form.place.trim() !== instance.purchasePlace) updates.purchasePlace = form.place.trim();
  if (form.notes !== instance.notes) updates.notes = form.notes;
  return { updates, priceError: null };
}

function InstanceEditor({
  carId,
  number,
  instance,
  saved,
  onSaved,
}: {
  carId: string;
  number: number;
  instance: CarInstance;
  saved: boolean;
  onSaved: () => void;
}) {
  const [form, setForm] = useState(() => formOf(instance));
  const [confirming, setConfirming] = useState(false);
  const [showPriceError, setShowPriceError] = useState(false);
  const { updates, priceError } = updatesOf(instance, form);
  const dirty = Object.keys(updates).length > 0 || priceError !== null;
  const id = `copy-${instance.instanceId}`;
  const set = <K extends keyof InstanceForm>(key: K, value: InstanceForm[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (priceError) {
      setShowPriceError(true);
      return;
    }
    if (Object.keys(updates).length === 0) return;
    if (await updateCarInstance(carId, instance.instanceId, updates)) onSaved();
  };

  return (
    <li className="card instance-card" data-instance-id={instance.instanceId}>
      <form onSubmit={(event) => void save(event)} aria-labelledby={`${id}-title`}>
        <div className="instance-card__head">
          <h3 id={`${id}-title`}>Copy {number}</h3>
          <span className="muted small">added {formatDate(instance.dateAdded)}</span>
        </div>
        <div className="field-grid">
          <label>
            Condition
            <select
              value={form.condition}
              onChange={(event) => set('condition', event.target.value as Condition)}
            >
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {condition}
                </option>
              ))}
            </select>
          </label>
          <label>
            Grade
            <select
              value={form.grade}
              onChange={(event) => set('grade', event.target.value as Grade)}
            >
              {GRADES.map((grade) => (
                <option key={grade} value={grade}>
                  {grade}
                </option>
              ))}
            </select>
          </label>
          <label>
            Price paid
            <input
              inputMode="decimal"
              placeholder="0.00"
              value={form.price}
              aria-invalid={showPriceError && priceError !== null}
              aria-describedby={showPriceError && priceError ? `${id}-price-error` : undefined}
              onChange={(event) => set('price', event.target.value)}
            />
          </label>
          <label>
            Purchase date
            <input
              type="date"
              value={form.date}
              onChange={(event) => set('date', event.target.value)}
            />
          </label>
          {showPriceError && priceError && (
            <p id={`${id}-price-error`} className="field-error field-grid__wide" role="alert">
              {priceError}
            </p>
          )}
          <label className="field-grid__wide">
            Where you got it
            <input
              value={form.place}
              maxLength={200}
              placeholder="Target, swap meet, a trade…"
              onChange={(event) => set('place', event.target.value)}
            />
          </label>
          <label className="field-grid__wide">
            Notes
            <textarea
              value={form.notes}
              maxLength={2000}
              rows={2}
              onChange={(event) => set('notes', event.target.value)}
            />
          </label>
        </div>
        <div className="instance-card__actions">
          {confirming ? (
            <>
              <button type="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void removeCarInstance(carId, instance.instanceId)}
              >
                Remove copy {number}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="quiet-danger"
                aria-label={`Remove copy ${number}`}
                onClick={() => setConfirming(true)}
              >
                Remove
              </button>
              <span className="instance-card__status" role="status">
                {saved && !dirty ? 'Saved' : ''}
              </span>
              <button
                type="submit"
                className="primary"
                disabled={!dirty}
                aria-label={`Save copy ${number}`}
              >
                Save
              </button>
            </>
          )}
        </div>
      </form>
    </li>
  );
}

function CarTradeSale({ carId, state }: { carId: string; state: OwnedCarState }) {
  const max = Math.max(state.instances.length, state.forTrade, state.forSale);
  return (
    <section className="card trade-sale" aria-labelledby="trade-heading">
      <h2 id="trade-heading" className="section-title">
        Trade and sale
      </h2>
      <p className="muted small">How many of your {state.instances.length} you would let go.</p>
      <Stepper
        label="For trade"
        value={state.forTrade}
        max={max}
        onChange={(forTrade) => void setCarTradeSale(carId, forTrade, state.forSale)}
      />
      <Stepper
        label="For sale"
        value={state.forSale}
        max={max}
        onChange={(forSale) => void setCarTradeSale(carId, state.forTrade, forSale)}
      />
    </section>
  );
}
