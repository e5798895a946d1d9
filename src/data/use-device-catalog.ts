// The catalogue on this device for React: read into memory once, re-rendered when a new version
// replaces it. undefined while it is being read; null when the device has none yet.
import { useEffect, useSyncExternalStore } from 'react';
import type { CatalogIndex } from '../db/catalog-index';
import { deviceDb } from '../db/device-db';

const store = deviceDb.catalog;
const subscribe = (listener: () => void) => store.subscribe(listener);
const snapshot = () => store.peek();

export function useDeviceCatalog(): CatalogIndex | null | undefined {
  const catalog = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (catalog === undefined) void store.current().catch(() => undefined);
  }, [catalog]);
  return catalog;
}
