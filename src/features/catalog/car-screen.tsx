// /car/{carId}: the big photo, the answer first ('You own 2 · 1 carded, 1 loose'), the primary
// 'Add to collection', favourite and wishlist, the details with their fallbacks (docs/product.md),
// the collector's copies as editable rows (car-instances.tsx), and trade / sale quantities.
import { CommunityPriceLine } from '../trade-board';
import { Link, useParams } from 'wouter';
import type { CarRow } from '../../db/catalog-index';
import { useCarWithSet, useOwnedCarState } from '../../data/use-catalog-browse';
import { decodeParam } from './route-params';
import { ownershipAnswer, type OwnedCarState } from '../../db/collector-marks';
import { mayStillArrive, NOT_HERE_YET } from '../../db/collection-arrival';
import { useCollectionArrival } from '../../data/use-collection-arrival';
import type { CatalogSet } from '../../shared/catalog/types';
import { CarPhoto, HeartIcon, HuntMark, StarIcon } from './car-tile';
import { addCar, setCarTradeSale, toggleFavorite, toggleWishlist } from './catalog-actions';
import {
  CatalogScreen,
  EmptyState,
  SkeletonBlock,
  Stepper,
  useCatalogReady,
  useUserId,
} from './catalog-ui';
import { formatPrice } from './format';
import { brandLink, carParentLink, exclusiveLink, seriesLink, setLink } from './links';
import { CarInstances } from './car-instances';

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
    <CatalogScreen title={car.name} back={carParentLink(car, set)} wrapTitle>
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
  const stillArriving = mayStillArrive(useCollectionArrival(useUserId()));
  const answer = owned === 0 && stillArriving ? NOT_HERE_YET : undefined;
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
        {state ? (answer ?? ownershipAnswer(state.instances)) : '\u00a0'}
      </p>
      <CommunityPriceLine carId={car.id} />
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
