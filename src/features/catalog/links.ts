// Where catalogue things live (docs/product.md): set links, series, exclusives, brands and cars.
import { nameSlug } from '../../shared/catalog/names';
import { FIVE_PACK_SERIES, type CatalogCar, type CatalogSet } from '../../shared/catalog/types';

const segment = (value: string | number) => encodeURIComponent(String(value));

/**
 * docs/product.md: a Mainline 5-Pack set links to /mainlines/five-pack/{year}/{id}; any other set to
 * /series/{series name lowercased, spaces replaced by hyphens}/{year}/{id}.
 */
export function setLink(set: Pick<CatalogSet, 'id' | 'series' | 'year'>): string {
  if (set.series === FIVE_PACK_SERIES) {
    return `/mainlines/five-pack/${segment(set.year)}/${segment(set.id)}`;
  }
  return `/series/${segment(nameSlug(set.series))}/${segment(set.year)}/${segment(set.id)}`;
}

export function seriesLink(series: string): string {
  return `/series/${segment(nameSlug(series))}`;
}

export function carLink(carId: string): string {
  return `/car/${segment(carId)}`;
}

export function exclusiveLink(category: string, year?: number): string {
  const base = `/exclusives/${segment(nameSlug(category))}`;
  return year === undefined ? base : `${base}/${segment(year)}`;
}

export function brandLink(brand: string, year?: number): string {
  const base = `/brands/${segment(nameSlug(brand))}`;
  return year === undefined ? base : `${base}/${segment(year)}`;
}

/** The list a car is browsed from: its five-pack, exclusive year, mainline year, set or brand year. */
export function carParentLink(car: CatalogCar, set: CatalogSet | null): string {
  if (set && set.series === FIVE_PACK_SERIES) return setLink(set);
  if (car.type === 'Exclusive' && car.category) return exclusiveLink(car.category, car.year);
  if (car.brand === 'Hot Wheels' && car.type === 'Mainline') return `/mainlines/${car.year}`;
  if (car.brand === 'Matchbox') return `/matchbox/${car.year}`;
  if (set) return setLink(set);
  return brandLink(car.brand, car.year);
}
