// Sets of the device's catalogue whose name or series has words starting with every typed word
// (like the car search beside it in src/data/use-catalog-search.ts); works with no network.
import { useMemo } from 'react';
import { wordsOf } from '../../db/search-words';
import { useDeviceCatalog } from '../../data/use-device-catalog';
import type { CatalogSet } from '../../shared/catalog/types';
import { compareText } from '../../shared/text/locale-text';

export function useSetSearch(query: string, limit = 8): CatalogSet[] | undefined {
  const catalog = useDeviceCatalog();
  return useMemo(() => {
    if (catalog === undefined) return undefined;
    const typed = wordsOf(query);
    if (typed.length === 0 || !catalog) return [];
    // Sets are few next to cars (hundreds, not tens of thousands): a scan is quick enough.
    const matches = catalog.sets.filter((set) => {
      const words = [...wordsOf(set.name), ...wordsOf(set.series), String(set.year)];
      return typed.every((word) => words.some((w) => w.startsWith(word)));
    });
    return matches.sort((a, b) => b.year - a.year || compareText(a.name, b.name)).slice(0, limit);
  }, [catalog, query, limit]);
}
