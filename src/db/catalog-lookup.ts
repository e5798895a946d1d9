// What the docs/rules.md rules may ask of the catalogue, answered from the device's copy in memory.
import type { CatalogLookup } from '../shared/collection/rules';
import type { CatalogIndex } from './catalog-index';
import type { GarageDb } from './garage-db';

const NONE: CatalogLookup = { hasCar: () => false, getSet: () => undefined };

export function lookupOf(catalog: CatalogIndex | null): CatalogLookup {
  if (!catalog) return NONE;
  return { hasCar: (carId) => catalog.hasCar(carId), getSet: (setId) => catalog.set(setId) };
}

/** The device's catalogue as the rules see it (read before a change's transaction starts). */
export async function loadCatalogLookup(db: GarageDb): Promise<CatalogLookup> {
  return lookupOf(await db.catalog.current());
}
