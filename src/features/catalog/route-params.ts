// Catalogue route parameters as typed or linked (/brands/{brand}/{year}, /exclusives/{name}).
import { nameSlug } from '../../shared/catalog/names';
import { BRANDS, type Brand } from '../../shared/catalog/types';

/** A route parameter as typed or linked: percent-decoded when it can be, else as it is. */
export function decodeParam(param: string | undefined): string {
  if (!param) return '';
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** 'Hot Wheels', 'hot-wheels', 'HOT%20WHEELS' → 'Hot Wheels'; null for an unknown brand. */
export function brandFromParam(param: string | undefined): Brand | null {
  const wanted = nameSlug(decodeParam(param).trim());
  return BRANDS.find((brand) => nameSlug(brand) === wanted) ?? null;
}

/** The `year` route parameter as a year, or null when it is not one. */
export function yearFromParam(param: string | undefined): number | null {
  if (!param || !/^\d{4}$/.test(param)) return null;
  return Number(param);
}
