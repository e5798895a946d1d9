// The order and grouping collectors read a list of cars in, and the in-page filter box.
import type { CarRow, CatalogIndex } from './catalog-index';
import { wordsOf } from './search-words';
import { compareText } from '../shared/text/locale-text';

/** 'k/N' → k; anything else → null. */
function position(seriesNumber: string | null): number | null {
  const match = seriesNumber ? /^(\d+)/.exec(seriesNumber) : null;
  return match ? Number(match[1]) : null;
}

/** '123/250' → 123; none → null. */
function collectorOrder(collectorNumber: string | null): number | null {
  const match = collectorNumber ? /^(\d+)/.exec(collectorNumber) : null;
  return match ? Number(match[1]) : null;
}

const LAST = Number.MAX_SAFE_INTEGER;

/**
 * The order collectors read a year in: by collector number where cars have one, then by series
 * and position in the series, then by name.
 */
export function sortForListing<T extends CarRow>(cars: readonly T[]): T[] {
  return [...cars].sort(
    (a, b) =>
      (collectorOrder(a.collectorNumber) ?? LAST) - (collectorOrder(b.collectorNumber) ?? LAST) ||
      compareText(a.series ?? '', b.series ?? '') ||
      (position(a.seriesNumber) ?? LAST) - (position(b.seriesNumber) ?? LAST) ||
      compareText(a.name, b.name),
  );
}

export interface CarGroup {
  title: string;
  cars: CarRow[];
}

/**
 * Cars grouped under series headers, each series where its first car comes in the listing
 * order, cars inside a series by their position ('3/10').
 */
export function groupBySeries(cars: readonly CarRow[]): CarGroup[] {
  const groups = new Map<string, CarRow[]>();
  for (const car of sortForListing(cars)) {
    const title = car.series ?? 'Other';
    const group = groups.get(title);
    if (group) group.push(car);
    else groups.set(title, [car]);
  }
  return [...groups].map(([title, members]) => ({
    title,
    cars: members.sort(
      (a, b) =>
        (position(a.seriesNumber) ?? LAST) - (position(b.seriesNumber) ?? LAST) ||
        (collectorOrder(a.collectorNumber) ?? LAST) - (collectorOrder(b.collectorNumber) ?? LAST) ||
        compareText(a.name, b.name),
    ),
  }));
}

/** Keeps the cars whose words start with every typed word (the in-page filter box). */
export function narrowCars<T extends CarRow>(
  catalog: CatalogIndex,
  cars: readonly T[],
  text: string,
): T[] {
  const typed = wordsOf(text);
  if (typed.length === 0) return [...cars];
  return cars.filter((car) => {
    const words = [...catalog.searchWords(car), ...wordsOf(car.series), ...wordsOf(car.color)];
    return typed.every((word) => words.some((w) => w.startsWith(word)));
  });
}
