// Collection rows link with the catalogue's one rule for set links (src/features/catalog/links.ts).
import { carLink, setLink } from '../catalog';

export const carHref = carLink;

/** A set the device's catalogue no longer knows still links by id, under its series if known. */
export function setHref(set: { id: string; series: string | null; year: number | null }): string {
  return setLink({ id: set.id, series: set.series ?? 'unknown', year: set.year ?? 0 });
}
