// Pieces the collection screens share: the compact car and set rows, the hunt badge, steppers,
// the sync line, the empty state and number/money formatting.
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CarSummary, SetSummary } from '../../db/catalog-summaries';
import type { Currency } from '../../db/collection-settings';
import { describeSync } from '../../data/sync-wording';
import { useSyncStatus } from '../../data/use-sync-status';
import { carHref, setHref } from './links';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const integer = madeOnFirstUse(
  () => new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }),
);

export function formatCount(value: number): string {
  return integer().format(value);
}

export function plural(value: number, one: string, many = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(value: number, currency: Currency): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(value);
}

const dayFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
);

/** '3 Nov 2026' for an ISO timestamp; '' when it is not a date. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat().format(date);
}

export function carMeta(car: { year: number | null; series: string | null }): string {
  return [car.year, car.series].filter((part) => part !== null && part !== '').join(' · ');
}

export function HuntBadge({ huntType }: { huntType: string | null }) {
  if (huntType !== 'TH' && huntType !== 'STH') return null;
  return (
    <span
      className={`cl-hunt cl-hunt--${huntType.toLowerCase()}`}
      title={huntType === 'STH' ? 'Super Treasure Hunt' : 'Treasure Hunt'}
    >
      {huntType}
    </span>
  );
}

function Silhouette({ set = false }: { set?: boolean }) {
  return set ? (
    <svg viewBox="0 0 64 48" aria-hidden="true" className="cl-silhouette">
      <rect x="10" y="6" width="44" height="36" rx="4" />
      <path
        className="cl-silhouette__car"
        d="M16 30h2a3 3 0 0 0 6 0h16a3 3 0 0 0 6 0h2v-4l-5-1-5-4H25l-5 4-4 1z"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 64 32" aria-hidden="true" className="cl-silhouette">
      <path d="M6 22h4a5 5 0 0 0 10 0h24a5 5 0 0 0 10 0h4v-6l-8-2-8-6H22l-8 6-8 2z" />
    </svg>
  );
}

/** The photo on a 4:3 white well; a neutral silhouette when there is none or it fails. */
export function Thumb({ image, set = false }: { image?: string | null; set?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="cl-thumb">
      {image && !failed ? (
        <img src={image} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <Silhouette set={set} />
      )}
    </span>
  );
}

export function CountChip({ count, label }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <span className="cl-count" aria-label={label ?? `You own ${count}`}>
      ×{formatCount(count)}
    </span>
  );
}

/** A car as one compact row: thumb, name, year · series, hunt badge, and what `aside` adds. */
export function CarRowLink({
  car,
  count,
  sub,
  aside,
}: {
  car: CarSummary;
  count?: number;
  /** A second meta line (a date, a condition). */
  sub?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Link href={carHref(car.id)} className={`cl-row${sub ? ' cl-row--sub' : ''}`}>
      <Thumb image={car.image} />
      <span className="cl-row__text">
        <span className="cl-row__name">{car.name}</span>
        <span className="cl-row__meta">
          <HuntBadge huntType={car.huntType} />
          <span className="cl-row__meta-text">
            {carMeta(car) || (car.known ? '' : 'Not in this device’s catalogue yet')}
            {car.seriesNumber ? ` ${car.seriesNumber}` : ''}
          </span>
        </span>
        {sub && <span className="cl-row__sub">{sub}</span>}
      </span>
      {count !== undefined && <CountChip count={count} />}
      {aside}
    </Link>
  );
}

export function SetRowLink({
  set,
  count,
  sub,
  aside,
  className,
}: {
  set: SetSummary;
  count?: number;
  sub?: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <Link href={setHref(set)} className={`cl-row${sub ? ' cl-row--sub' : ''} ${className ?? ''}`}>
      <Thumb set />
      <span className="cl-row__text">
        <span className="cl-row__name">{set.name}</span>
        <span className="cl-row__meta">
          <span className="cl-row__meta-text">{carMeta(set)}</span>
        </span>
        {sub && <span className="cl-row__sub">{sub}</span>}
      </span>
      {count !== undefined && <CountChip count={count} label={`You own ${count} of this set`} />}
      {aside}
    </Link>
  );
}

/** owned / total as a bar; complete sets get the gold fill. */
export function ProgressBar({ owned, total }: { owned: number; total: number }) {
  const percent = total > 0 ? Math.round((owned / total) * 100) : 0;
  return (
    <span className={`cl-progress${owned >= total && total > 0 ? ' cl-progress--done' : ''}`}>
      <span className="cl-progress__fill" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** A − value + control for a quantity; the shown value moves at once, the change follows. */
export function Stepper({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (next: number) => Promise<unknown>;
}) {
  // The value shown while a change is on its way (dropped once the stored value moves).
  const [pending, setPending] = useState<{ value: number; base: number } | null>(null);
  const shown = pending && pending.base === value ? pending.value : value;
  const step = (delta: number) => {
    const next = Math.min(max, Math.max(0, shown + delta));
    if (next === shown) return;
    setPending({ value: next, base: value });
    onChange(next).catch(() => setPending(null));
  };
  const lower = label.toLowerCase();
  return (
    <div className="cl-stepper" role="group" aria-label={label}>
      <span className="cl-stepper__label">{label}</span>
      <button
        type="button"
        aria-label={`Fewer ${lower}`}
        disabled={shown <= 0}
        onClick={() => step(-1)}
      >
        −
      </button>
      <output aria-live="polite" className="cl-stepper__value">
        {shown}
      </output>
      <button
        type="button"
        aria-label={`More ${lower}`}
        disabled={shown >= max}
        onClick={() => step(1)}
      >
        +
      </button>
    </div>
  );
}

/** The sync pill's words with their longer detail: the last sync and what happens next. */
export function SyncLine({ userId }: { userId: string | null }) {
  const { tone, text, detail } = describeSync(useSyncStatus(userId));
  return (
    <span className="cl-sync-line">
      <span className={`cl-sync cl-sync--${tone}`} data-testid="collection-sync">
        <span className="cl-sync__dot" aria-hidden="true" />
        {text}
      </span>
      {detail && tone !== 'synced' && <span className="cl-sync__detail">{detail}</span>}
    </span>
  );
}

export function EmptyState({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <section className="cl-empty card">
      <Silhouette />
      <h2>{title}</h2>
      {text && <p className="muted">{text}</p>}
      {children && <div className="cl-empty__actions">{children}</div>}
    </section>
  );
}

/** The screen frame: main content under the shared header. */
export function ScreenBody({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <main className="cl-main" aria-label={label}>
      {children}
    </main>
  );
}

/** The teaching empty state: the two ways to start ('Search a car', 'Browse 2025 mainlines'). */
export function StartCollectingLinks() {
  return (
    <>
      <Link href="/search" className="pill-link pill-link--primary">
        Search a car
      </Link>
      <Link href="/mainlines/2025" className="pill-link">
        Browse 2025 mainlines
      </Link>
    </>
  );
}
