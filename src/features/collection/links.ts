// Where a car and a set link to (SPEC §2's set links).
import { FIVE_PACK_SERIES } from '../../shared/catalog/types';

export function carHref(carId: string): string {
  return `/car/${encodeURIComponent(carId)}`;
}

/** A five-pack → /mainlines/five-pack/{year}/{id}; any other set → /series/{series}/{year}/{id}. */
export function setHref(set: { id: string; series: string | null; year: number | null }): string {
  const id = encodeURIComponent(set.id);
  const year = set.year ?? '';
  if (set.series === FIVE_PACK_SERIES) return `/mainlines/five-pack/${year}/${id}`;
  const series = encodeURIComponent((set.series ?? '').toLowerCase().replace(/ /g, '-'));
  return `/series/${series}/${year}/${id}`;
}
