// Owns deriving the stored catalogue (ids, merged duplicates, series sets, five-packs) from inputs.
import type {
  Brand,
  CatalogCar,
  CatalogCarInput,
  CatalogSet,
} from '../../src/shared/catalog/types';
import { FIVE_PACK_SERIES } from '../../src/shared/catalog/types';
import { CATALOG_INPUT_FIELDS } from './catalog-input-schema';
import { groupBy } from '../../src/shared/group-by';

export interface BuiltCatalog {
  cars: CatalogCar[];
  sets: CatalogSet[];
  /** How many inputs were folded into an earlier identical car. */
  merged: number;
}

const BRAND_CODES: Record<Brand, string> = { 'Hot Wheels': 'hw', Matchbox: 'mb' };

/** Lowercase, URL-safe, accent-free; never empty, so an id never has an empty segment. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'x' : slug;
}

/** Plain code-unit order: unlike localeCompare it cannot differ between machines. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** "3/10" → { index: 3, total: 10 }; "1A/4" sits at 1. Anything else is not a position. */
export function parseSeriesPosition(
  seriesNumber: string | null,
): { index: number; total: number } | null {
  const match = seriesNumber === null ? null : /^(\d+)[A-Z]?\/(\d+)$/i.exec(seriesNumber);
  if (!match) return null;
  return { index: Number(match[1]), total: Number(match[2]) };
}

// ---------------------------------------------------------------------------------------------
// Merging exact duplicates

/**
 * Same brand, year, toy number and name is one release listed twice. Without a toy number
 * "same" cannot be known from the number, so series, colour and position must match too (RLC
 * cars share a name and year across colours). Cars in different five-packs are never the same.
 */
function duplicateKey(input: CatalogCarInput): string {
  const identity = input.toyNumber
    ? [input.toyNumber, input.name]
    : [null, input.name, input.series, input.color, input.seriesNumber];
  return JSON.stringify([input.brand, input.year, input.fivePackId, ...identity]);
}

/**
 * Fields from the first input that has them: a real image beats a missing one, and so on. A
 * series position only means something within its series, so it is taken from a later input only
 * when that input is in the same series (a car listed under "1997 Hot Wheels" without a position
 * must not pick up "3/4" from its listing in "Street Racers Series").
 */
function mergeInputs(first: CatalogCarInput, later: CatalogCarInput): CatalogCarInput {
  const merged = { ...first };
  for (const field of CATALOG_INPUT_FIELDS) {
    if (merged[field] === null) Object.assign(merged, { [field]: later[field] });
  }
  if (first.seriesNumber === null && first.series !== null && later.series !== first.series) {
    merged.seriesNumber = null;
  }
  return merged;
}

interface MergedCar {
  input: CatalogCarInput;
  /** Position of the first input describing this car; five-packs list members in this order. */
  order: number;
}

function mergeDuplicates(inputs: CatalogCarInput[]): { cars: MergedCar[]; merged: number } {
  const byKey = new Map<string, MergedCar>();
  inputs.forEach((input, order) => {
    const key = duplicateKey(input);
    const existing = byKey.get(key);
    if (existing) existing.input = mergeInputs(existing.input, input);
    else byKey.set(key, { input, order });
  });
  return { cars: [...byKey.values()], merged: inputs.length - byKey.size };
}

// ---------------------------------------------------------------------------------------------
// Ids

function baseCarId(input: CatalogCarInput): string {
  const prefix = `${BRAND_CODES[input.brand]}-${input.year}`;
  return input.toyNumber
    ? `${prefix}-${slugify(input.toyNumber)}`
    : `${prefix}-${slugify(input.series ?? 'x')}-${slugify(input.name)}`;
}

function contentKey(input: CatalogCarInput): string {
  return JSON.stringify(CATALOG_INPUT_FIELDS.map((field) => input[field]));
}

/**
 * What tells apart cars whose base id is shared: the name when the id came from the toy number,
 * else (the name is already in the id) the colour, as RLC releases reuse a casting across
 * colours, or failing that the five-pack, as packs reuse castings.
 */
function distinguishingSlug(input: CatalogCarInput): string | null {
  if (input.toyNumber) return slugify(input.name);
  const distinction = input.color ?? input.fivePackId;
  return distinction === null ? null : slugify(distinction);
}

/**
 * Ids come from the car's own data so they survive re-imports. The wiki reuses a toy number for
 * different castings (or colours) in one year, so every car sharing an id gets its name (or
 * colour) appended; if that still collides (names differing only in punctuation), a numeric
 * suffix is given in content order, which does not depend on the order of the input.
 */
function assignIds(cars: MergedCar[]): Map<MergedCar, string> {
  const ids = new Map<MergedCar, string>();
  for (const [baseId, group] of groupBy(cars, (car) => baseCarId(car.input))) {
    for (const car of group) {
      const distinction = group.length === 1 ? null : distinguishingSlug(car.input);
      ids.set(car, distinction === null ? baseId : `${baseId}-${distinction}`);
    }
  }
  const taken = new Set(ids.values());
  const collisions = [...groupBy(cars, (car) => ids.get(car) ?? '')]
    .filter(([, group]) => group.length > 1)
    .sort(([a], [b]) => compareText(a, b));
  for (const [id, group] of collisions) {
    const inContentOrder = [...group].sort((a, b) =>
      compareText(contentKey(a.input), contentKey(b.input)),
    );
    for (const car of inContentOrder.slice(1)) {
      let suffix = 2;
      while (taken.has(`${id}-${suffix}`)) suffix++;
      ids.set(car, `${id}-${suffix}`);
      taken.add(`${id}-${suffix}`);
    }
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Sets

interface SetMembership {
  setId: string;
  setName: string;
  carsInSet: number;
}

interface IdentifiedCar {
  id: string;
  input: CatalogCarInput;
  order: number;
}

/** The spelling most members use ("1997 Hot Wheels" over "1997 Hot wheels"); ties alphabetical. */
function commonestSpelling(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts].sort(
    ([a, countA], [b, countB]) => countB - countA || compareText(a, b),
  );
  return ranked[0]?.[0] ?? '';
}

function byPositionThenName(a: IdentifiedCar, b: IdentifiedCar): number {
  const positionA = parseSeriesPosition(a.input.seriesNumber)?.index ?? Number.POSITIVE_INFINITY;
  const positionB = parseSeriesPosition(b.input.seriesNumber)?.index ?? Number.POSITIVE_INFINITY;
  if (positionA !== positionB) return positionA < positionB ? -1 : 1;
  return compareText(a.input.name, b.input.name) || compareText(a.id, b.id);
}

/**
 * Series spelled alike up to case or punctuation share a slug and therefore a set id, so they are
 * grouped by slug: two sets can never claim the same id. Five-pack cars are left out because their
 * five-pack is their set.
 */
function buildSeriesSets(cars: IdentifiedCar[], memberships: Map<string, SetMembership>) {
  const candidates = cars.filter(
    (car) => car.input.series !== null && car.input.fivePackId === null,
  );
  const groups = groupBy(candidates, ({ input }) =>
    JSON.stringify([input.brand, input.year, slugify(input.series ?? '')]),
  );
  const sets: CatalogSet[] = [];
  for (const members of groups.values()) {
    const totals = members.flatMap(
      (car) => parseSeriesPosition(car.input.seriesNumber)?.total ?? [],
    );
    const first = members[0];
    if (totals.length === 0 || first === undefined) continue;
    const { brand, year } = first.input;
    const series = commonestSpelling(members.map((car) => car.input.series ?? ''));
    const set: CatalogSet = {
      id: `${BRAND_CODES[brand]}-${year}-${slugify(series)}`,
      series,
      year,
      name: series,
      brand,
      carIds: [...members].sort(byPositionThenName).map((car) => car.id),
      retailPrice: null,
    };
    sets.push(set);
    const carsInSet = Math.max(...totals);
    for (const car of members)
      memberships.set(car.id, { setId: set.id, setName: series, carsInSet });
  }
  return sets;
}

function firstNonNull<T>(values: (T | null)[]): T | null {
  return values.find((value): value is T => value !== null) ?? null;
}

function buildFivePacks(cars: IdentifiedCar[], memberships: Map<string, SetMembership>) {
  const packed = cars
    .filter((car) => car.input.fivePackId !== null)
    .sort((a, b) => a.order - b.order);
  const sets: CatalogSet[] = [];
  for (const [fivePackId, members] of groupBy(packed, (car) => car.input.fivePackId ?? '')) {
    const first = members[0];
    if (first === undefined) continue;
    const { brand, year } = first.input;
    const stray = members.find((car) => car.input.brand !== brand || car.input.year !== year);
    if (stray) {
      throw new Error(
        `Five-pack "${fivePackId}" mixes ${brand} ${year} with ${stray.input.brand} ${stray.input.year} ("${stray.input.name}")`,
      );
    }
    const name = firstNonNull(members.map((car) => car.input.setName)) ?? fivePackId;
    sets.push({
      id: fivePackId,
      series: FIVE_PACK_SERIES,
      year,
      name,
      brand,
      carIds: members.map((car) => car.id),
      retailPrice: firstNonNull(members.map((car) => car.input.setRetailPrice)),
    });
    for (const car of members) {
      memberships.set(car.id, { setId: fivePackId, setName: name, carsInSet: members.length });
    }
  }
  return sets;
}

function ensureDistinctSetIds(seriesSets: CatalogSet[], fivePacks: CatalogSet[]) {
  const seriesSetIds = new Set(seriesSets.map((set) => set.id));
  const clash = fivePacks.find((set) => seriesSetIds.has(set.id));
  if (clash) {
    throw new Error(
      `Five-pack id "${clash.id}" is also the id of a series set (a series named like it in that year); rename the fivePackId`,
    );
  }
}

// ---------------------------------------------------------------------------------------------

function toCatalogCar(car: IdentifiedCar, membership: SetMembership | undefined): CatalogCar {
  const { input } = car;
  return {
    id: car.id,
    toyNumber: input.toyNumber,
    collectorNumber: input.collectorNumber,
    name: input.name,
    image: input.image,
    series: input.series,
    seriesNumber: input.seriesNumber,
    year: input.year,
    color: input.color,
    setName: membership?.setName ?? input.setName,
    type: input.type,
    category: input.category,
    huntType: input.huntType,
    brand: input.brand,
    retailPrice: input.retailPrice,
    setRetailPrice: input.setRetailPrice,
    carsInSet: membership?.carsInSet ?? null,
    setId: membership?.setId ?? null,
    fivePackId: input.fivePackId,
  };
}

export function buildCatalog(inputs: CatalogCarInput[]): BuiltCatalog {
  const { cars: mergedCars, merged } = mergeDuplicates(inputs);
  const ids = assignIds(mergedCars);
  const cars: IdentifiedCar[] = mergedCars.map((car) => ({ ...car, id: ids.get(car) ?? '' }));

  const memberships = new Map<string, SetMembership>();
  const seriesSets = buildSeriesSets(cars, memberships);
  const fivePacks = buildFivePacks(cars, memberships);
  ensureDistinctSetIds(seriesSets, fivePacks);

  return {
    cars: cars
      .map((car) => toCatalogCar(car, memberships.get(car.id)))
      .sort((a, b) => compareText(a.id, b.id)),
    sets: [...seriesSets, ...fivePacks].sort((a, b) => compareText(a.id, b.id)),
    merged,
  };
}
