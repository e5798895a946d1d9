// Catalogue search on the device: every typed word must start a word of the casting name, toy
// number or collector number. Works with no network.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from './device-db';
import type { CarRow, GarageDb } from './garage-db';
import { wordsOf } from './search-words';

/** Cars matching `query`, newest first; with an empty query, the newest cars. */
export async function searchCatalog(db: GarageDb, query: string, limit = 60): Promise<CarRow[]> {
  const words = wordsOf(query);
  const [first, ...rest] = words.sort((a, b) => b.length - a.length);
  if (!first) return db.cars.orderBy('year').reverse().limit(limit).toArray();
  const matches = await db.cars
    .where('words')
    .startsWith(first)
    .distinct()
    .filter((car) => rest.every((word) => car.words.some((w) => w.startsWith(word))))
    .limit(limit * 4)
    .toArray();
  return matches.sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)).slice(0, limit);
}

export function useCatalogSearch(query: string, limit = 60): CarRow[] | undefined {
  return useLiveQuery(() => searchCatalog(deviceDb, query, limit), [query, limit]);
}
