// Pieces every catalogue screen shares: the screen frame with its pinned bar, year lists, set
// cards with 'owned / total', skeletons, teaching empty states and the quantity stepper.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useCatalogSize, useSetsProgress } from '../../data/use-catalog-browse';
import type { SetProgress } from '../../db/collector-marks';
import type { YearCount } from '../../db/catalog-queries';
import type { CatalogSet } from '../../shared/catalog/types';
import { ScreenHeader } from '../../ui/screen-header';
import { DeviceProgress } from './device-progress';
import { setLink } from './links';
import './catalog.css';

export function useUserId(): string | null {
  return useAuth().user?.uid ?? null;
}

/**
 * A catalogue screen: the shared header, the first-download progress, and `--app-header-h`
 * (the header's real height) so pinned bars and sticky series headers sit right under it.
 */
export function CatalogScreen({
  title,
  back,
  wrapTitle,
  pinned,
  children,
}: {
  title: string;
  back?: string;
  /** See ScreenHeader: a title that may take two lines. */
  wrapTitle?: boolean;
  /** A search bar pinned under the header (the in-page filter box, the search field). */
  pinned?: ReactNode;
  children: ReactNode;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const hasPinned = pinned !== undefined;
  const [location] = useLocation();
  // A new screen starts at its top (a list coming back scrolls itself to where it was).
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  useLayoutEffect(() => {
    const root = rootRef.current;
    const header = root?.querySelector<HTMLElement>('.app-header');
    const bar = root?.querySelector<HTMLElement>('.pinned-bar');
    if (!root || !header) return;
    const measure = () => {
      root.style.setProperty('--app-header-h', `${header.offsetHeight}px`);
      root.style.setProperty('--pinned-h', `${bar?.offsetHeight ?? 0}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    if (bar) observer.observe(bar);
    return () => observer.disconnect();
  }, [hasPinned]);
  return (
    <div ref={rootRef} className="catalog-screen">
      <ScreenHeader title={title} back={back} wrapTitle={wrapTitle} />
      {pinned && (
        <div className="pinned-bar" role="search">
          {pinned}
        </div>
      )}
      <main className="app-main catalog-main">
        <DeviceProgress />
        {children}
      </main>
    </div>
  );
}

/** False while the device has no catalogue yet (the first download is still running). */
export function useCatalogReady(): boolean | undefined {
  const size = useCatalogSize();
  return size === undefined ? undefined : size > 0;
}

/** The in-page filter box ('Filter 2024 mainlines'). */
export function NarrowBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="narrow-box">
      <span className="visually-hidden">{label}</span>
      <input
        type="search"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </label>
  );
}

export function ProgressBar({
  owned,
  total,
  label,
}: {
  owned: number;
  total: number;
  label: string;
}) {
  const complete = total > 0 && owned >= total;
  return (
    <div className={`progress-line${complete ? ' is-complete' : ''}`}>
      <span className="progress-line__bar" aria-hidden="true">
        <span style={{ width: `${total ? Math.round((owned / total) * 100) : 0}%` }} />
      </span>
      <span className="progress-line__text" role="img" aria-label={label}>
        {owned} / {total}
      </span>
    </div>
  );
}

export function YearList({
  years,
  linkFor,
  noun = 'cars',
}: {
  years: YearCount[] | undefined;
  linkFor: (year: number) => string;
  noun?: string;
}) {
  const ready = useCatalogReady();
  if (!years || !ready) return <SkeletonYears />;
  return (
    <ul className="year-list">
      {years.map(({ year, count }) => (
        <li key={year}>
          <Link href={linkFor(year)} className="year-card">
            <span className="year-card__year">{year}</span>{' '}
            <span className="year-card__count">
              {count.toLocaleString('en')} {count === 1 ? noun.replace(/s$/, '') : noun}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SetCard({ set, progress }: { set: CatalogSet; progress: SetProgress | undefined }) {
  const owned = progress?.owned ?? 0;
  const total = progress?.total ?? set.carIds.length;
  const complete = total > 0 && owned >= total;
  return (
    <li className={`set-card${complete ? ' is-complete' : ''}`} data-set-id={set.id}>
      <Link href={setLink(set)} className="set-card__link">
        <span className="set-card__name">{set.name}</span>
        <span className="set-card__meta">
          {set.year} · {set.carIds.length} {set.carIds.length === 1 ? 'car' : 'cars'}
          {progress && progress.setInstances > 0 ? ` · ×${progress.setInstances} owned` : ''}
        </span>
        <ProgressBar owned={owned} total={total} label={`You own ${owned} of its ${total} cars`} />
      </Link>
    </li>
  );
}

/** Sets as cards with their progress; `strip` lays them out as a horizontal scroller. */
export function SetList({
  sets,
  strip = false,
  label,
}: {
  sets: CatalogSet[];
  strip?: boolean;
  label: string;
}) {
  const userId = useUserId();
  const progress = useSetsProgress(userId, sets);
  return (
    <ul className={strip ? 'set-strip' : 'set-list'} aria-label={label}>
      {sets.map((set) => (
        <SetCard key={set.id} set={set} progress={progress?.get(set.id)} />
      ))}
    </ul>
  );
}

export function SkeletonYears() {
  return (
    <ul className="year-list" aria-busy="true" aria-label="Loading years">
      {Array.from({ length: 9 }, (_, index) => (
        <li key={index} className="skeleton skeleton--year" />
      ))}
    </ul>
  );
}

export function SkeletonTiles({ count = 6 }: { count?: number }) {
  return (
    <ul className="car-grid skeleton-grid" aria-busy="true" aria-label="Loading cars">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="car-tile car-tile--skeleton">
          <span className="skeleton skeleton--photo" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

export function SkeletonBlock({ lines = 3 }: { lines?: number }) {
  return (
    <div className="card skeleton-card" aria-busy="true">
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className={`skeleton skeleton--line${index % 2 ? ' skeleton--short' : ''}`}
        />
      ))}
    </div>
  );
}

/** An empty state that says what to do next, with the ways out as buttons. */
export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: { href: string; label: string }[];
}) {
  return (
    <section className="empty-state card">
      <h2>{title}</h2>
      {children && <p className="muted">{children}</p>}
      {actions && actions.length > 0 && (
        <div className="empty-state__actions">
          {actions.map((action, index) => (
            <Link
              key={action.href}
              href={action.href}
              className={`pill-link${index === 0 ? ' pill-link--primary' : ''}`}
            >
              {action.label}
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}

/** − n + for quantities (how many sets to add, how many for trade or sale). */
export function Stepper({
  label,
  value,
  min = 0,
  max = 9999,
  onChange,
}: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  onChange: (value: number) => void;
}) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <span className="stepper__label" aria-hidden="true">
        {label}
      </span>
      <button
        type="button"
        aria-label={`Fewer: ${label}`}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        −
      </button>
      <output className="stepper__value" aria-live="polite" aria-label={label}>
        {value}
      </output>
      <button
        type="button"
        aria-label={`More: ${label}`}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </div>
  );
}

/** A browse shortcut row ('Matchbox', 'Exclusives', 'Every Hot Wheels year'). */
export function BrowseLinks({ links }: { links: { href: string; label: string }[] }) {
  return (
    <nav className="browse-links" aria-label="More to browse">
      {links.map((link) => (
        <Link key={link.href} href={link.href} className="chip-link">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** useState for a text filter that resets when the list it filters changes. */
export function useNarrowText(listKey: string): [string, (value: string) => void] {
  const [state, setState] = useState({ listKey, text: '' });
  const text = state.listKey === listKey ? state.text : '';
  return [text, (next: string) => setState({ listKey, text: next })];
}
