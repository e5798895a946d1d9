// Owns finding the catalogue car a spreadsheet row means: by toy number first, then by casting
// name and year. One car: matched; several: the collector picks; none: reported, never guessed.
import type { CatalogCar } from '../../shared/catalog/types';
import { compareText } from '../../shared/text/locale-text';

export type CarMatch =
  | { kind: 'matched'; carId: string; by: 'toy number' | 'name and year' | 'name' }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'unmatched'; reason: string };

export interface RowIdentity {
  toyNumber?: string;
  name?: string;
  year?: number;
}

/** At most this many candidates are offered for one row. */
export const MAX_CANDIDATES = 12;

export const toyKey = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');
/** "'67 Camaro", "67 camaro", "'67  CAMARO" → "67 camaro". */
export const nameKey = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function push<K>(map: Map<K, CatalogCar[]>, key: K, car: CatalogCar) {
  const list = map.get(key);
  if (list) list.push(car);
  else map.set(key, [car]);
}

export class CatalogueMatcher {
  private readonly byToy = new Map<string, CatalogCar[]>();
  private readonly byName = new Map<string, CatalogCar[]>();

  constructor(cars: readonly CatalogCar[]) {
    for (const car of cars) {
      if (car.toyNumber) push(this.byToy, toyKey(car.toyNumber), car);
      push(this.byName, nameKey(car.name), car);
    }
  }

  match(row: RowIdentity): CarMatch {
    const toy = row.toyNumber ? toyKey(row.toyNumber) : '';
    const name = row.name ? nameKey(row.name) : '';
    if (toy !== '') {
      let cars = this.byToy.get(toy) ?? [];
      // A toy number reused across years or brands: the row's year and name narrow it.
      if (cars.length > 1 && row.year !== undefined)
        cars = narrowed(cars, (c) => c.year === row.year);
      if (cars.length > 1 && name !== '') cars = narrowed(cars, (c) => nameKey(c.name) === name);
      if (cars.length === 1) return { kind: 'matched', carId: cars[0]!.id, by: 'toy number' };
      if (cars.length > 1) return ambiguous(cars);
    }
    if (name === '') {
      return {
        kind: 'unmatched',
        reason: toy ? `no car with toy number ${row.toyNumber?.trim()}` : 'no toy number or name',
      };
    }
    const named = this.byName.get(name) ?? [];
    if (row.year !== undefined) {
      const cars = named.filter((car) => car.year === row.year);
      if (cars.length === 1) return { kind: 'matched', carId: cars[0]!.id, by: 'name and year' };
      if (cars.length > 1) return ambiguous(cars);
      return { kind: 'unmatched', reason: `no "${row.name?.trim()}" from ${row.year}` };
    }
    if (named.length === 1) return { kind: 'matched', carId: named[0]!.id, by: 'name' };
    if (named.length > 1) return ambiguous(named);
    return { kind: 'unmatched', reason: `no car named "${row.name?.trim()}"` };
  }
}

/** Keeps the cars that pass, unless none do (then the wider list stays the question). */
function narrowed(cars: CatalogCar[], keep: (car: CatalogCar) => boolean): CatalogCar[] {
  const kept = cars.filter(keep);
  return kept.length > 0 ? kept : cars;
}

function ambiguous(cars: CatalogCar[]): CarMatch {
  const sorted = [...cars].sort((a, b) => b.year - a.year || compareText(a.id, b.id));
  return { kind: 'ambiguous', candidates: sorted.slice(0, MAX_CANDIDATES).map((car) => car.id) };
}
