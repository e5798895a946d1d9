// What the catalogue's list screens share: the 'more to browse' links, the owned summary, and a
// list of cars with its in-page filter and grid.
import { useDeferredValue, useMemo } from 'react';
import type { CarRow } from '../../db/catalog-index';
import { useCarMarks } from '../../data/use-catalog-browse';
import { groupBySeries, narrowCars, type CarGroup } from '../../db/catalog-listing';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import { CarGrid } from './car-grid';
import { ProgressBar, SkeletonTiles, useCatalogReady, useUserId } from './catalog-ui';

const MORE_TO_BROWSE = [
  { href: '/mainlines', label: 'Mainlines' },
  { href: '/matchbox', label: 'Matchbox' },
  { href: '/exclusives', label: 'Exclusives' },
  { href: '/hotwheels-years', label: 'Every Hot Wheels year' },
  { href: '/search', label: 'Search' },
  { href: '/filter', label: 'Filter' },
];

export function moreToBrowse(except: string) {
  return MORE_TO_BROWSE.filter((link) => link.href !== except);
}

/** 'You own 37 / 250' for the cars listed. */
function OwnedSummary({ cars, noun }: { cars: CarRow[]; noun: string }) {
  const userId = useUserId();
  const ids = useMemo(() => cars.map((car) => car.id), [cars]);
  const marks = useCarMarks(userId, ids);
  const owned = marks.owned.size;
  return (
    <section className="card list-summary" aria-label="Your progress">
      <p className="list-summary__count">
        <strong>{cars.length.toLocaleString('en')}</strong> {noun}
        {userId ? (
          <span className="muted"> · you own {owned.toLocaleString('en')}</span>
        ) : (
          <span className="muted"> · sign in to track yours</span>
        )}
      </p>
      {userId && (
        <ProgressBar
          owned={owned}
          total={cars.length}
          label={`You own ${owned} of these ${cars.length} cars`}
        />
      )}
    </section>
  );
}

/**
 * The body of every car list screen: skeleton while loading, a teaching empty state, else the
 * summary, `before` (five-packs), and the grid grouped under series headers.
 */
export function CarListBody({
  cars,
  narrow,
  noun,
  label,
  empty,
  before,
  grouped = true,
}: {
  cars: CarRow[] | undefined;
  narrow: string;
  noun: string;
  label: string;
  empty: React.ReactNode;
  before?: React.ReactNode;
  grouped?: boolean;
}) {
  const userId = useUserId();
  const ready = useCatalogReady();
  const deferred = useDeferredValue(narrow);
  const catalog = useDeviceCatalog();
  const shown = useMemo(
    () => (cars && catalog ? narrowCars(catalog, cars, deferred) : undefined),
    [catalog, cars, deferred],
  );
  const groups: CarGroup[] = useMemo(() => {
    if (!shown) return [];
    return grouped ? groupBySeries(shown) : [{ title: label, cars: shown }];
  }, [shown, grouped, label]);

  if (!cars || !shown || ready === false || ready === undefined) return <SkeletonTiles />;
  if (cars.length === 0) return <>{empty}</>;
  return (
    <>
      <OwnedSummary cars={cars} noun={noun} />
      {before}
      {shown.length === 0 ? (
        <p className="muted no-match" role="status">
          No car here matches “{narrow}”. Try part of the casting name or the toy number.
        </p>
      ) : (
        <CarGrid groups={groups} userId={userId} headers={grouped} label={label} />
      )}
    </>
  );
}
