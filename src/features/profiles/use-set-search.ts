// Sets of the device's catalogue whose name or series has words starting with every typed word
// (like the car search beside it in src/db/use-catalog-search.ts); works with no network.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../../db/device-db';
import { wordsOf } from '../../db/search-words';
import type { CatalogSet } from '../../shared/catalog/types';

export function useSetSearch(query: string, limit = 8): CatalogSet[] | undefined {
  return useLiveQuery(async () => {
    const typed = wordsOf(query);
    if (typed.length === 0) return [];
    // Sets are few next to cars (hundreds, not tens of thousands): a scan is quick enough.
    const matches = await deviceDb.sets
      .filter((set) => {
        const words = [...wordsOf(set.name), ...wordsOf(set.series), String(set.year)];
        return typed.every((word) => words.some((w) => w.startsWith(word)));
      })
      .limit(limit * 5)
      .toArray();
    return matches.sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)).slice(0, limit);
  }, [query, limit]);
}
