// What the SPEC §4 rules may ask of the catalogue, answered from the device's copy.
import type { CatalogLookup } from '../shared/collection/rules';
import type { CatalogSet } from '../shared/catalog/types';
import type { GarageDb } from './garage-db';

/** Loads the named cars and sets (and each set's cars) so the rules can look them up. */
export async function loadCatalogLookup(
  db: GarageDb,
  carIds: readonly string[],
  setIds: readonly string[],
): Promise<CatalogLookup> {
  const sets = (await db.sets.bulkGet([...setIds])).filter(
    (set): set is CatalogSet => set !== undefined,
  );
  const wanted = new Set(carIds);
  for (const set of sets) for (const carId of set.carIds) wanted.add(carId);
  const keys = [...wanted];
  const found = await db.cars.bulkGet(keys);
  const known = new Set(keys.filter((_, index) => found[index] !== undefined));
  const setsById = new Map(sets.map((set) => [set.id, set]));
  return {
    hasCar: (carId) => known.has(carId),
    getSet: (setId) => setsById.get(setId),
  };
}
