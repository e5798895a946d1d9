// Sorting, grouping and filtering of collection lists, and the query string that carries them
// (/collection?tab=sets&sort=name&group=year&year=2024): pure, so a back button keeps them.
import type { Sortable } from '../../db/owned-rows';
import { compareNames } from '../../shared/text/locale-text';

export const SORTS = [
  { id: 'recent', label: 'Recently added' },
  { id: 'name', label: 'Name' },
  { id: 'year', label: 'Year' },
  { id: 'series', label: 'Series' },
] as const;
export type SortId = (typeof SORTS)[number]['id'];

export const GROUPS = [
  { id: 'none', label: 'No grouping' },
  { id: 'year', label: 'Year' },
  { id: 'series', label: 'Series' },
  { id: 'brand', label: 'Brand' },
] as const;
export type GroupId = (typeof GROUPS)[number]['id'];

export type TabId = 'cars' | 'sets';

/** What a stats bar (or a shared link) narrows the collection to. */
export interface CollectionFilter {
  year?: number;
  series?: string;
  brand?: string;
  condition?: string;
  hunt?: string;
}

export interface CollectionView {
  tab: TabId;
  sort: SortId;
  group: GroupId;
  filter: CollectionFilter;
}

const isSort = (value: string | null): value is SortId => SORTS.some((s) => s.id === value);
const isGroup = (value: string | null): value is GroupId => GROUPS.some((g) => g.id === value);

export function parseView(search: string): CollectionView {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const group = params.get('group');
  const filter: CollectionFilter = {};
  const year = Number(params.get('year'));
  if (params.has('year') && Number.isInteger(year)) filter.year = year;
  for (const key of ['series', 'brand', 'condition', 'hunt'] as const) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return {
    tab: params.get('tab') === 'sets' ? 'sets' : 'cars',
    sort: isSort(sort) ? sort : 'recent',
    group: isGroup(group) ? group : 'none',
    filter,
  };
}

/** The query string of a view, leaving out defaults ('' when everything is default). */
export function viewSearch(view: CollectionView): string {
  const params = new URLSearchParams();
  if (view.tab !== 'cars') params.set('tab', view.tab);
  if (view.sort !== 'recent') params.set('sort', view.sort);
  if (view.group !== 'none') params.set('group', view.group);
  const { year, series, brand, condition, hunt } = view.filter;
  if (year !== undefined) params.set('year', String(year));
  if (series) params.set('series', series);
  if (brand) params.set('brand', brand);
  if (condition) params.set('condition', condition);
  if (hunt) params.set('hunt', hunt);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** '/collection?year=2024': where a stats bar goes. */
export function collectionHref(filter: CollectionFilter): string {
  return `/collection${viewSearch({ tab: 'cars', sort: 'recent', group: 'none', filter })}`;
}

export function describeFilter(filter: CollectionFilter): string[] {
  const parts: string[] = [];
  if (filter.year !== undefined) parts.push(`Year ${filter.year}`);
  if (filter.series) parts.push(filter.series);
  if (filter.brand) parts.push(filter.brand);
  if (filter.condition) parts.push(`Condition: ${filter.condition}`);
  if (filter.hunt) parts.push(filter.hunt === 'STH' ? 'Super Treasure Hunts' : 'Treasure Hunts');
  return parts;
}

export function hasFilter(filter: CollectionFilter): boolean {
  return describeFilter(filter).length > 0;
}

/** Entries matching every part of the filter; condition and hunt only narrow what has them. */
export function filterEntries<
  T extends Sortable & { conditions?: readonly string[]; car?: { huntType: string | null } },
>(entries: T[], filter: CollectionFilter): T[] {
  if (!hasFilter(filter)) return entries;
  return entries.filter(
    (entry) =>
      (filter.year === undefined || entry.year === filter.year) &&
      (!filter.series || entry.series === filter.series) &&
      (!filter.brand || entry.brand === filter.brand) &&
      (!filter.condition || (entry.conditions?.includes(filter.condition) ?? false)) &&
      (!filter.hunt || entry.car?.huntType === filter.hunt),
  );
}

const textOrder = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : compareNames(a, b);
const newestYear = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a;
const positionOrder = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b;

const COMPARATORS: Record<SortId, (a: Sortable, b: Sortable) => number> = {
  recent: (a, b) =>
    (a.lastAdded < b.lastAdded ? 1 : a.lastAdded > b.lastAdded ? -1 : 0) || b.seq - a.seq,
  name: (a, b) => compareNames(a.name, b.name) || newestYear(a.year, b.year),
  year: (a, b) =>
    newestYear(a.year, b.year) ||
    textOrder(a.series, b.series) ||
    positionOrder(a.position, b.position) ||
    compareNames(a.name, b.name),
  series: (a, b) =>
    textOrder(a.series, b.series) ||
    newestYear(a.year, b.year) ||
    positionOrder(a.position, b.position) ||
    compareNames(a.name, b.name),
};

export function sortEntries<T extends Sortable>(entries: readonly T[], sort: SortId): T[] {
  return [...entries].sort(COMPARATORS[sort]);
}

export interface GroupHeader {
  kind: 'header';
  key: string;
  label: string;
  count: number;
}

export interface EntryItem<T> {
  kind: 'entry';
  key: string;
  entry: T;
}

export type ListItem<T> = GroupHeader | EntryItem<T>;

function groupOf(entry: Sortable, group: GroupId): { id: string; label: string } {
  if (group === 'year') {
    return entry.year === null
      ? { id: '', label: 'Year not known' }
      : { id: String(entry.year), label: String(entry.year) };
  }
  if (group === 'series') return { id: entry.series ?? '', label: entry.series ?? 'No series' };
  return { id: entry.brand ?? '', label: entry.brand ?? 'Brand not known' };
}

/**
 * The rows of a list: entries in `sort` order, under a header per group when grouped (years
 * newest first, series and brands A–Z, the unknown group last). `count` adds up per entry.
 */
export function groupEntries<T extends Sortable>(
  entries: readonly T[],
  sort: SortId,
  group: GroupId,
  count: (entry: T) => number = () => 1,
): ListItem<T>[] {
  const sorted = sortEntries(entries, sort);
  const item = (entry: T): EntryItem<T> => ({ kind: 'entry', key: entry.key, entry });
  if (group === 'none') return sorted.map(item);
  const buckets = new Map<string, { label: string; entries: T[]; count: number }>();
  for (const entry of sorted) {
    const { id, label } = groupOf(entry, group);
    let bucket = buckets.get(id);
    if (!bucket) {
      bucket = { label, entries: [], count: 0 };
      buckets.set(id, bucket);
    }
    bucket.entries.push(entry);
    bucket.count += count(entry);
  }
  const ids = [...buckets.keys()].sort((a, b) => {
    if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
    return group === 'year' ? Number(b) - Number(a) : compareNames(a, b);
  });
  const out: ListItem<T>[] = [];
  for (const id of ids) {
    const bucket = buckets.get(id);
    if (!bucket) continue;
    out.push({ kind: 'header', key: `group:${id}`, label: bucket.label, count: bucket.count });
    for (const entry of bucket.entries) out.push(item(entry));
  }
  return out;
}
