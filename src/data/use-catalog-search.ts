// Catalogue search on the device: every typed word must start a word of the casting name, toy
// number or collector number. From memory, with no network; instant per keystroke.
import { useMemo } from 'react';
import type { CarRow } from '../db/catalog-index';
import { useDeviceCatalog } from './use-device-catalog';

export function useCatalogSearch(query: string, limit = 60): CarRow[] | undefined {
  const catalog = useDeviceCatalog();
  return useMemo(
    () => (catalog === undefined ? undefined : (catalog?.search(query, limit) ?? [])),
    [catalog, query, limit],
  );
}
