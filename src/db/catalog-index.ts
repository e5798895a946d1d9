// The device's catalogue in memory: one immutable value (cars and sets of one version) with the
// lookups the screens, the search and the rules need, each built on first use and kept, so the
// first screen pays only for what it shows (a 12,000-car catalogue indexes in tens of ms).
import type {
  Brand,
  Catalog,
  CatalogCar,
  CatalogSet,
  CarType,
  HuntType,
} from '../shared/catalog/types';
import { searchWordsOfCar, wordsOf } from './search-words';
import { groupBy } from '../shared/group-by';
import { compareText } from '../shared/text/locale-text';

/** A catalogue car as the screens list it. */
export type CarRow = CatalogCar;

/** A search word and the cars it starts a word of (positions in `cars`). */
interface WordPostings {
  word: string;
  cars: number[];
}

/** 'Hot Wheels|2024' */
const brandYear = (brand: Brand, year: number) => `${brand}|${year}`;

/** Memoises a lookup built from the catalogue the first time it is asked for. */
function lazy<T>(build: () => T): () => T {
  let value: { built: T } | null = null;
  return () => (value ??= { built: build() }).built;
}

export class CatalogIndex {
  readonly version: string;
  readonly cars: readonly CarRow[];
  readonly sets: readonly CatalogSet[];

  constructor(catalog: Catalog) {
    this.version = catalog.version;
    this.cars = catalog.cars;
    this.sets = catalog.sets;
  }

  private readonly carMap = lazy(() => new Map(this.cars.map((car) => [car.id, car])));
  private readonly setMap = lazy(() => new Map(this.sets.map((set) => [set.id, set])));
  private readonly brandYears = lazy(() =>
    groupBy(this.cars, (car) => brandYear(car.brand, car.year)),
  );
  private readonly years = lazy(() => groupBy(this.cars, (car) => car.year));
  private readonly series = lazy(() => groupBy(this.cars, (car) => car.series));
  private readonly hunts = lazy(() => groupBy(this.cars, (car) => car.huntType));
  private readonly brands = lazy(() => groupBy(this.cars, (car) => car.brand));
  private readonly setsOfYear = lazy(() => groupBy(this.sets, (set) => set.year));
  private readonly words = lazy(() => this.cars.map((car) => searchWordsOfCar(car)));
  /** Every search word once, sorted, with the cars it belongs to: prefix search by bisection. */
  private readonly postings = lazy((): WordPostings[] => {
    const byWord = new Map<string, number[]>();
    this.words().forEach((words, position) => {
      for (const word of words) {
        const cars = byWord.get(word);
        if (cars) cars.push(position);
        else byWord.set(word, [position]);
      }
    });
    return [...byWord]
      .map(([word, cars]) => ({ word, cars }))
      .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  });

  car(id: string): CarRow | undefined {
    return this.carMap().get(id);
  }

  set(id: string): CatalogSet | undefined {
    return this.setMap().get(id);
  }

  hasCar(id: string): boolean {
    return this.carMap().has(id);
  }

  carsOf(ids: readonly string[]): CarRow[] {
    return ids.flatMap((id) => this.carMap().get(id) ?? []);
  }

  setsOf(ids: readonly string[]): CatalogSet[] {
    return ids.flatMap((id) => this.setMap().get(id) ?? []);
  }

  carsOfBrandYear(brand: Brand, year: number, type?: CarType): CarRow[] {
    const cars = this.brandYears().get(brandYear(brand, year)) ?? [];
    return type ? cars.filter((car) => car.type === type) : [...cars];
  }

  carsOfYear(year: number): CarRow[] {
    return [...(this.years().get(year) ?? [])];
  }

  carsOfSeries(series: string): CarRow[] {
    return [...(this.series().get(series) ?? [])];
  }

  carsOfHunt(huntType: HuntType): CarRow[] {
    return [...(this.hunts().get(huntType) ?? [])];
  }

  carsOfBrand(brand: Brand): CarRow[] {
    return [...(this.brands().get(brand) ?? [])];
  }

  setsOfYearList(year: number): CatalogSet[] {
    return [...(this.setsOfYear().get(year) ?? [])];
  }

  /** Years that have cars, and series names, as the filter selects offer them. */
  yearList(): number[] {
    return [...this.years().keys()];
  }

  seriesList(): string[] {
    return [...this.series().keys()];
  }

  /** The words a car is found by (casting name, toy number, collector number). */
  searchWords(car: CarRow): readonly string[] {
    const position = this.carPositions().get(car.id);
    return position === undefined ? searchWordsOfCar(car) : (this.words()[position] ?? []);
  }

  private readonly carPositions = lazy(
    () => new Map(this.cars.map((car, position) => [car.id, position])),
  );

  /**
   * Cars with a word starting with every typed word, newest first, at most `limit`. The longest
   * typed word picks the candidates through the sorted word list; the others are checked on them.
   */
  search(query: string, limit = 60): CarRow[] {
    const typed = wordsOf(query).sort((a, b) => b.length - a.length);
    const [first, ...rest] = typed;
    if (!first) return this.newest(limit);
    const postings = this.postings();
    const words = this.words();
    const candidates = new Set<number>();
    for (let at = lowerBound(postings, first); at < postings.length; at++) {
      const entry = postings[at] as WordPostings;
      if (!entry.word.startsWith(first)) break;
      for (const position of entry.cars) candidates.add(position);
    }
    const matches: CarRow[] = [];
    for (const position of candidates) {
      const own = words[position] ?? [];
      if (rest.every((word) => own.some((w) => w.startsWith(word)))) {
        matches.push(this.cars[position] as CarRow);
      }
    }
    return matches.sort((a, b) => b.year - a.year || compareText(a.name, b.name)).slice(0, limit);
  }

  /**
   * The newest cars (the search screen before anything is typed): only the newest years are
   * sorted by name, never the whole catalogue (that sort was the first screen's longest task).
   * Same order as sorting every car by year, newest first, then name.
   */
  newest(limit: number): CarRow[] {
    const years = [...this.years().keys()].sort((a, b) => b - a);
    const newest: CarRow[] = [];
    for (const year of years) {
      if (newest.length >= limit) break;
      const cars = [...(this.years().get(year) ?? [])];
      newest.push(...cars.sort((a, b) => compareText(a.name, b.name)));
    }
    return newest.slice(0, limit);
  }
}

/** The first position whose word is not before `prefix`. */
function lowerBound(postings: readonly WordPostings[], prefix: string): number {
  let low = 0;
  let high = postings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((postings[middle] as WordPostings).word < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}
