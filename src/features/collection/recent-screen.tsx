// /collection/recentadded: every car instance, newest first, under a sticky header per day.
import { useMemo } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useRecentInstances, type RecentInstance } from '../../data/use-owned-lists';
import { ScreenHeader } from '../../ui/screen-header';
import type { ListItem } from './collection-order';
import { CarRowLink, EmptyState, ScreenBody } from './collection-parts';
import { GroupHeading, tallSize, isHeader } from './collection-screen';
import { VirtualList } from './virtual-list';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const timeFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
);
const dayFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
);

function localDay(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** 'Today', 'Yesterday' or 'Mon, 3 Nov 2026' for the day of an ISO timestamp. */
export function dayLabel(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Date not known';
  if (localDay(date) === localDay(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (localDay(date) === localDay(yesterday)) return 'Yesterday';
  return dayFormat().format(date);
}

function byDay(instances: RecentInstance[]): ListItem<RecentInstance>[] {
  const items: ListItem<RecentInstance>[] = [];
  const now = new Date();
  let header: { kind: 'header'; key: string; label: string; count: number } | null = null;
  for (const instance of instances) {
    const date = new Date(instance.instance.dateAdded);
    const day = Number.isNaN(date.getTime()) ? 'unknown' : localDay(date);
    if (!header || header.key !== `day:${day}`) {
      header = {
        kind: 'header',
        key: `day:${day}`,
        label: dayLabel(instance.instance.dateAdded, now),
        count: 0,
      };
      items.push(header);
    }
    header.count += 1;
    items.push({ kind: 'entry', key: instance.key, entry: instance });
  }
  return items;
}

function render(item: ListItem<RecentInstance>) {
  if (item.kind === 'header')
    return <GroupHeading label={item.label} count={item.count} unit="car" />;
  const { car, instance } = item.entry;
  const date = new Date(instance.dateAdded);
  const note = instance.notes.trim();
  return (
    <CarRowLink
      car={car}
      sub={
        <>
          <span className="cl-tag">{instance.condition}</span>
          {note && <span className="cl-row__note">{note}</span>}
        </>
      }
      aside={
        <time className="cl-row__time" dateTime={instance.dateAdded}>
          {Number.isNaN(date.getTime()) ? '' : timeFormat().format(date)}
        </time>
      }
    />
  );
}

function attributes(item: ListItem<RecentInstance>) {
  return item.kind === 'entry'
    ? { 'data-car-id': item.entry.carId, 'data-instance-id': item.entry.instance.instanceId }
    : { 'data-group': item.label };
}

export function RecentAddedScreen() {
  const userId = useAuth().user?.uid ?? null;
  const recent = useRecentInstances(userId);
  const items = useMemo(() => (recent ? byDay(recent) : []), [recent]);
  return (
    <>
      <ScreenHeader title="Recently Added" back="/collection" />
      <ScreenBody label="Recently added">
        {recent === undefined ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : recent.length === 0 ? (
          <EmptyState title="Nothing added yet" text="Cars you add show up here, newest first.">
            <Link href="/search" className="pill-link pill-link--primary">
              Search a car
            </Link>
          </EmptyState>
        ) : (
          <VirtualList
            items={items}
            sizeOf={tallSize}
            isSticky={isHeader}
            render={render}
            attributesOf={attributes}
            label="Recently added cars"
          />
        )}
      </ScreenBody>
    </>
  );
}
