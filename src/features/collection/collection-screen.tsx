// /collection: the collector's cars and sets, sorted and grouped, in a virtualised list that
// stays smooth at 10,000 cars; filters arrive in the query string (a tapped stats bar).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import {
  useOwnedCars,
  useOwnedSets,
  useRecentOwnedCars,
  type OwnedCarEntry,
  type OwnedSetEntry,
} from '../../data/use-owned-lists';
import { useOwnedTotals } from '../../data/use-owned-totals';
import { mayStillArrive, ON_ITS_WAY } from '../../db/collection-arrival';
import { useCollectionArrival } from '../../data/use-collection-arrival';
import { CollectionArrivalProgress } from '../../ui/collection-arrival-progress';
import { ScreenHeader } from '../../ui/screen-header';
import {
  describeFilter,
  filterEntries,
  GROUPS,
  groupEntries,
  hasFilter,
  parseView,
  SORTS,
  viewSearch,
  type CollectionView,
  type GroupId,
  type ListItem,
  type SortId,
} from './collection-order';
import {
  CarRowLink,
  EmptyState,
  formatCount,
  plural,
  ProgressBar,
  ScreenBody,
  SetRowLink,
  StartCollectingLinks,
  SyncLine,
} from './collection-parts';
import { VirtualList } from './virtual-list';

export const ROW_HEIGHT = 84;
/** Rows with a third line (a date, progress) keep a two-line name: they are taller. */
export const TALL_ROW_HEIGHT = 104;
export const HEADER_HEIGHT = 40;
/** Rows read first in the default view: a tall screenful and the list's overscan. */
export const FIRST_ROWS = 40;

const SHORTCUTS = [
  { href: '/collection/recentadded', label: 'Recently added' },
  { href: '/collection/completedsets', label: 'Completed sets' },
  { href: '/collection/tradensell', label: 'Trade & sell' },
  { href: '/favorites', label: 'Favourites' },
  { href: '/wishlist', label: 'Wishlist' },
  { href: '/stats', label: 'Stats' },
  { href: '/settings', label: 'Settings' },
] as const;

function CollectionShortcuts() {
  return (
    <nav className="cl-shortcuts" aria-label="Collection">
      {SHORTCUTS.map((shortcut) => (
        <Link key={shortcut.href} href={shortcut.href} className="cl-chip">
          {shortcut.label}
        </Link>
      ))}
    </nav>
  );
}

export const headerSize = (item: { kind: string }) =>
  item.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT;
export const tallSize = (item: { kind: string }) =>
  item.kind === 'header' ? HEADER_HEIGHT : TALL_ROW_HEIGHT;
export const isHeader = (item: { kind: string }) => item.kind === 'header';

export function GroupHeading({
  label,
  count,
  unit,
}: {
  label: string;
  count: number;
  unit: string;
}) {
  return (
    <h2 className="cl-group">
      <span className="cl-group__label">{label}</span>
      <span className="cl-group__count">{plural(count, unit)}</span>
    </h2>
  );
}

function carAttributes(item: ListItem<OwnedCarEntry>) {
  return item.kind === 'entry'
    ? { 'data-car-id': item.entry.carId, 'data-count': item.entry.count }
    : { 'data-group': item.label };
}

function setAttributes(item: ListItem<OwnedSetEntry>) {
  return item.kind === 'entry'
    ? { 'data-set-id': item.entry.setId, 'data-count': item.entry.count }
    : { 'data-group': item.label };
}

function renderCar(item: ListItem<OwnedCarEntry>) {
  if (item.kind === 'header')
    return <GroupHeading label={item.label} count={item.count} unit="car" />;
  return <CarRowLink car={item.entry.car} count={item.entry.count} />;
}

function renderSet(item: ListItem<OwnedSetEntry>) {
  if (item.kind === 'header')
    return <GroupHeading label={item.label} count={item.count} unit="set" />;
  const { set, count, carsOwned, total } = item.entry;
  return (
    <SetRowLink
      set={set}
      count={count}
      className={total > 0 && carsOwned >= total ? 'cl-row--complete' : ''}
      sub={
        <span className="cl-row__progress">
          <ProgressBar owned={carsOwned} total={total} />
          <span className="cl-tabular">
            {carsOwned} / {total}
          </span>
        </span>
      }
    />
  );
}

/**
 * Asks for the whole list once the first rows are on screen: after the frame that shows them,
 * in a task of its own, so the big read never delays that frame.
 */
function useAfterFirstPaint(waiting: boolean, shown: boolean, then: () => void): void {
  useEffect(() => {
    if (!waiting || !shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(then, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [waiting, shown, then]);
}

export function CollectionScreen() {
  const userId = useAuth().user?.uid ?? null;
  const arrival = useCollectionArrival(userId);
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => parseView(search), [search]);
  const setView = useCallback(
    (change: Partial<CollectionView>) =>
      navigate(`/collection${viewSearch({ ...view, ...change })}`, { replace: true }),
    [navigate, view],
  );

  // The default view (cars, recently added, no grouping or filter) shows its first rows from
  // the index, in the same order the whole list sorts to; everything else needs the whole list.
  const firstOnly =
    view.tab === 'cars' &&
    view.sort === 'recent' &&
    view.group === 'none' &&
    !hasFilter(view.filter);
  const totals = useOwnedTotals(userId);
  const [wholeWanted, setWholeWanted] = useState(!firstOnly);
  const whole = wholeWanted || !firstOnly;
  const allCars = useOwnedCars(userId, whole);
  const firstCars = useRecentOwnedCars(userId, FIRST_ROWS, firstOnly && allCars === undefined);
  const wantWhole = useCallback(() => setWholeWanted(true), []);
  useAfterFirstPaint(!whole, firstCars !== undefined, wantWhole);
  const cars = allCars ?? (firstOnly ? firstCars : undefined);
  const partial = allCars === undefined && cars !== undefined;
  const sets = useOwnedSets(userId, whole || view.tab === 'sets');

  const carItems = useMemo(
    () =>
      cars
        ? groupEntries(filterEntries(cars, view.filter), view.sort, view.group, (e) => e.count)
        : [],
    [cars, view],
  );
  const setItems = useMemo(
    () =>
      sets
        ? groupEntries(
            filterEntries(sets, { ...view.filter, condition: undefined, hunt: undefined }),
            view.sort,
            view.group,
            (e) => e.count,
          )
        : [],
    [sets, view],
  );

  const loaded = totals !== undefined && (view.tab === 'cars' ? cars : sets) !== undefined;
  const carTotal = totals?.cars ?? 0;
  const setTotal = totals?.sets ?? 0;
  const distinct = { cars: totals?.distinctCars ?? 0, sets: totals?.distinctSets ?? 0 };
  const empty = loaded && distinct.cars === 0 && distinct.sets === 0;
  const filtered = hasFilter(view.filter);
  const shownEntries = (view.tab === 'cars' ? carItems : setItems).filter(
    (item) => item.kind === 'entry',
  ).length;
  // Until the whole list is read, the rows not read yet keep their place, so the page is as
  // tall as it will be and the scrollbar does not jump.
  const unreadHeight = partial ? Math.max(0, distinct.cars - carItems.length) * ROW_HEIGHT : 0;

  return (
    <>
      <ScreenHeader title="My Collection" />
      <ScreenBody label="My Collection">
        <section className="cl-summary" aria-label="Totals">
          <p className="cl-summary__totals" data-testid="collection-summary">
            {mayStillArrive(arrival) ? (
              ON_ITS_WAY
            ) : (
              <>
                <strong>{formatCount(carTotal)}</strong> {carTotal === 1 ? 'car' : 'cars'}
                <span aria-hidden="true"> · </span>
                <strong>{formatCount(setTotal)}</strong> {setTotal === 1 ? 'set' : 'sets'}
              </>
            )}
          </p>
          <SyncLine userId={userId} />
        </section>
        <CollectionShortcuts />
        <div className="progress-stack">
          <CollectionArrivalProgress />
        </div>
        {!loaded ? (
          <p className="muted" role="status">
            Loading your collection…
          </p>
        ) : empty && mayStillArrive(arrival) ? (
          <p className="muted">Your cars show here once they are all on this device.</p>
        ) : empty ? (
          <EmptyState title="Your garage is empty" text="Search a car or browse 2025 mainlines">
            <StartCollectingLinks />
          </EmptyState>
        ) : (
          <>
            <div className="cl-tabs" role="tablist" aria-label="Show">
              {(['cars', 'sets'] as const).map((tab) => (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  id={`cl-tab-${tab}`}
                  aria-selected={view.tab === tab}
                  aria-controls="cl-panel"
                  className="cl-tab"
                  onClick={() => setView({ tab })}
                >
                  {tab === 'cars' ? 'Cars' : 'Sets'}
                  <span className="cl-tab__count">{formatCount(distinct[tab])}</span>
                </button>
              ))}
            </div>
            <div className="cl-controls">
              <label className="cl-select">
                <span>Sort</span>
                <select
                  value={view.sort}
                  onChange={(event) => setView({ sort: event.target.value as SortId })}
                >
                  {SORTS.map((sort) => (
                    <option key={sort.id} value={sort.id}>
                      {sort.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="cl-select">
                <span>Group</span>
                <select
                  value={view.group}
                  onChange={(event) => setView({ group: event.target.value as GroupId })}
                >
                  {GROUPS.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {filtered && (
              <div className="cl-filter" role="status">
                <span>
                  Showing {formatCount(shownEntries)} ·{' '}
                  <strong>{describeFilter(view.filter).join(' · ')}</strong>
                </span>
                <button
                  type="button"
                  className="cl-filter__clear"
                  onClick={() => setView({ filter: {} })}
                >
                  Clear filter
                </button>
              </div>
            )}
            <div
              id="cl-panel"
              role="tabpanel"
              aria-labelledby={`cl-tab-${view.tab}`}
              aria-busy={partial || undefined}
            >
              {view.tab === 'cars' ? (
                carItems.length > 0 ? (
                  <>
                    <VirtualList
                      items={carItems}
                      sizeOf={headerSize}
                      isSticky={isHeader}
                      render={renderCar}
                      attributesOf={carAttributes}
                      label="Your cars"
                    />
                    {unreadHeight > 0 && (
                      <div className="cl-unread" style={{ height: unreadHeight }} aria-hidden />
                    )}
                  </>
                ) : (
                  <p className="cl-none">
                    {filtered ? 'No car of yours matches this filter.' : 'No cars yet.'}
                  </p>
                )
              ) : setItems.length > 0 ? (
                <VirtualList
                  items={setItems}
                  sizeOf={tallSize}
                  isSticky={isHeader}
                  render={renderSet}
                  attributesOf={setAttributes}
                  label="Your sets"
                />
              ) : (
                <p className="cl-none">
                  {filtered
                    ? 'No set of yours matches this filter.'
                    : 'No sets yet. Add a 5-pack or a whole series from its page.'}
                </p>
              )}
            </div>
          </>
        )}
      </ScreenBody>
    </>
  );
}
