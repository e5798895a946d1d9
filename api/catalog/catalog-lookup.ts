// Loads just the catalogue rows a batch of changes mentions, for the rules' CatalogLookup.
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { catalogCars, catalogSets } from '../db/schema';
import type { CatalogLookup } from '../../src/shared/collection/rules';

export async function loadCatalogLookup(
  db: Queryable,
  references: { carIds: string[]; setIds: string[] },
): Promise<CatalogLookup> {
  const setIds = [...new Set(references.setIds)];
  const sets =
    setIds.length > 0
      ? await db
          .select({ id: catalogSets.id, name: catalogSets.name, carIds: catalogSets.carIds })
          .from(catalogSets)
          .where(inArray(catalogSets.id, setIds))
      : [];
  const carIds = [...new Set(references.carIds)];
  const cars =
    carIds.length > 0
      ? await db
          .select({ id: catalogCars.id })
          .from(catalogCars)
          .where(inArray(catalogCars.id, carIds))
      : [];
  const knownCars = new Set(cars.map((car) => car.id));
  // A set's cars come from the same catalogue import, which only writes sets whose cars exist.
  for (const set of sets) for (const carId of set.carIds) knownCars.add(carId);
  const setsById = new Map(sets.map((set) => [set.id, set]));
  return {
    hasCar: (carId) => knownCars.has(carId),
    getSet: (setId) => setsById.get(setId),
  };
}
