// A set's page (a five-pack or a series set): 'owned / total', 'Add set to collection' with a
// quantity, the set instances with removal, favourite / wishlist / trade / sale, and its cars.
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useOwnedSetState, useSetWithCars } from '../../data/use-catalog-browse';
import { decodeParam } from './route-params';
import type { OwnedSetState } from '../../db/collector-marks';
import { FIVE_PACK_SERIES, type CatalogSet } from '../../shared/catalog/types';
import type { SetInstance } from '../../shared/collection/types';
import { CarGrid } from './car-grid';
import { HeartIcon, StarIcon } from './car-tile';
import { addSet, removeSetInstance, setSetTradeSale, toggleSetList } from './catalog-actions';
import {
  CatalogScreen,
  EmptyState,
  ProgressBar,
  SkeletonBlock,
  SkeletonTiles,
  Stepper,
  useCatalogReady,
  useUserId,
} from './catalog-ui';
import { formatDate, formatPrice } from './format';
import { seriesLink } from './links';

export function FivePackScreen() {
  const params = useParams<{ year: string; fivePackId: string }>();
  return (
    <SetScreen
      setId={decodeParam(params.fivePackId)}
      back={`/mainlines/${params.year}`}
      fallbackTitle="5-Pack"
    />
  );
}

export function SeriesSetScreen() {
  const params = useParams<{ seriesName: string; year: string; setId: string }>();
  return (
    <SetScreen
      setId={decodeParam(params.setId)}
      back={`/series/${params.seriesName}`}
      fallbackTitle="Set"
    />
  );
}

function SetScreen({
  setId,
  back,
  fallbackTitle,
}: {
  setId: string;
  back: string;
  fallbackTitle: string;
}) {
  const userId = useUserId();
  const ready = useCatalogReady();
  const result = useSetWithCars(setId);
  const found = result?.found ?? null;
  const state = useOwnedSetState(userId, found?.set);

  let body: React.ReactNode;
  if (!result || !ready) {
    body = (
      <>
        <SkeletonBlock lines={4} />
        <SkeletonTiles count={4} />
      </>
    );
  } else if (!found) {
    body = (
      <EmptyState
        title="This set is not in the catalogue"
        actions={[
          { href: back, label: 'Back to the list' },
          { href: '/search', label: 'Search a car' },
        ]}
      >
        It may have been renamed in a catalogue update. Search one of its cars by name instead.
      </EmptyState>
    );
  } else {
    const { set, cars } = found;
    body = (
      <>
        <SetSummary set={set} state={state} signedIn={!!userId} />
        {state && state.instances.length > 0 && (
          <SetInstances set={set} instances={state.instances} />
        )}
        {state && state.instances.length > 0 && <SetTradeSale set={set} state={state} />}
        <section aria-labelledby="set-cars-heading" className="set-cars">
          <h2 id="set-cars-heading" className="section-title">
            Cars in this set
          </h2>
          <CarGrid
            groups={[{ title: set.name, cars }]}
            userId={userId}
            headers={false}
            label={`Cars in ${set.name}`}
          />
        </section>
      </>
    );
  }
  const backLink =
    found && found.set.series !== FIVE_PACK_SERIES ? seriesLink(found.set.series) : back;
  return (
    <CatalogScreen title={found ? setTitle(found.set) : fallbackTitle} back={backLink}>
      {body}
    </CatalogScreen>
  );
}

/** A series set is named after its series: its year tells one from the next. */
function setTitle(set: CatalogSet): string {
  return set.name.includes(String(set.year)) ? set.name : `${set.year} ${set.name}`;
}

function SetSummary({
  set,
  state,
  signedIn,
}: {
  set: CatalogSet;
  state: OwnedSetState | undefined;
  signedIn: boolean;
}) {
  const [quantity, setQuantity] = useState(1);
  const owned = state?.owned ?? 0;
  const total = state?.total ?? set.carIds.length;
  const complete = total > 0 && owned >= total;
  const isFivePack = set.series === FIVE_PACK_SERIES;
  const instances = state?.setInstances ?? 0;

  const add = async () => {
    if (await addSet(set, quantity)) setQuantity(1);
  };

  return (
    <section
      className={`card set-summary${complete ? ' is-complete' : ''}`}
      aria-label="This set and you"
    >
      <p className="set-summary__meta">
        {set.brand} · {set.year} · {isFivePack ? '5-Pack' : set.series} · {set.carIds.length}{' '}
        {set.carIds.length === 1 ? 'car' : 'cars'}
        {set.retailPrice !== null ? ` · ${formatPrice(set.retailPrice)}` : ''}
      </p>
      {!isFivePack && (
        <Link className="text-link" href={seriesLink(set.series)}>
          All {set.series} sets
        </Link>
      )}
      <div className="set-summary__progress">
        <p className="set-summary__answer" data-testid="set-progress">
          {complete ? 'Complete · ' : ''}
          You own {owned} of {total} {total === 1 ? 'car' : 'cars'}
        </p>
        <ProgressBar owned={owned} total={total} label={`${owned} / ${total} cars owned`} />
        {signedIn && (
          <p className="muted set-summary__sets" data-testid="set-instances">
            {instances === 0
              ? 'You have not added this set yet.'
              : `You own this set ×${instances}`}
          </p>
        )}
      </div>
      <div className="add-row">
        <Stepper label="How many sets" value={quantity} min={1} max={100} onChange={setQuantity} />
        <button type="button" className="primary add-row__button" onClick={() => void add()}>
          Add set to collection
        </button>
      </div>
      <div className="toggle-row">
        <button
          type="button"
          className="toggle-button toggle-button--heart"
          aria-pressed={state?.isFavorite ?? false}
          onClick={() => void toggleSetList(set.id, 'favorite', state?.isFavorite ?? false)}
        >
          <HeartIcon /> Favourite
        </button>
        <button
          type="button"
          className="toggle-button toggle-button--star"
          aria-pressed={state?.isWishlisted ?? false}
          onClick={() => void toggleSetList(set.id, 'wishlist', state?.isWishlisted ?? false)}
        >
          <StarIcon /> Wishlist
        </button>
      </div>
    </section>
  );
}

function SetInstances({ set, instances }: { set: CatalogSet; instances: SetInstance[] }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <section className="card instances" aria-labelledby="set-instances-heading">
      <h2 id="set-instances-heading" className="section-title">
        Your copies of this set
      </h2>
      <ul className="instance-list">
        {instances.map((instance, index) => (
          <li
            key={instance.instanceId}
            className="instance-line"
            data-instance-id={instance.instanceId}
          >
            <span className="instance-line__text">
              <strong>Set {index + 1}</strong>
              <span className="muted">
                {' '}
                · added {formatDate(instance.dateAdded)}
                {instance.purchasePrice > 0 ? ` · ${formatPrice(instance.purchasePrice)}` : ''}
              </span>
            </span>
            {confirming === instance.instanceId ? (
              <span className="confirm-row">
                <button type="button" onClick={() => setConfirming(null)}>
                  Keep
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    setConfirming(null);
                    void removeSetInstance(set, instance.instanceId);
                  }}
                >
                  Remove set {index + 1} and its cars
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="quiet-danger"
                aria-label={`Remove set ${index + 1}`}
                onClick={() => setConfirming(instance.instanceId)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="muted small">Removing a set also removes one copy of each of its cars.</p>
    </section>
  );
}

function SetTradeSale({ set, state }: { set: CatalogSet; state: OwnedSetState }) {
  const max = Math.max(state.instances.length, state.forTrade, state.forSale);
  return (
    <section className="card trade-sale" aria-labelledby="set-trade-heading">
      <h2 id="set-trade-heading" className="section-title">
        Trade and sale
      </h2>
      <Stepper
        label="For trade"
        value={state.forTrade}
        max={max}
        onChange={(quantity) => void setSetTradeSale(set.id, 'trade', quantity)}
      />
      <Stepper
        label="For sale"
        value={state.forSale}
        max={max}
        onChange={(quantity) => void setSetTradeSale(set.id, 'sale', quantity)}
      />
    </section>
  );
}
