// The page's catalogue download: first run with a progress bar, then only when the version moved.
import { useSyncExternalStore } from 'react';
import { deviceDb } from '../db/device-db';
import { refreshCatalog } from './catalog-sync';
import { workerCatalogApi } from './catalog-worker-client';

export interface CatalogDownload {
  phase: 'idle' | 'checking' | 'downloading' | 'done' | 'error';
  stored: number;
  total: number;
  error: string | null;
}

let state: CatalogDownload = { phase: 'idle', stored: 0, total: 0, error: null };
const listeners = new Set<() => void>();
function set(next: Partial<CatalogDownload>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

let running: Promise<void> | null = null;

/** Checks the server's catalogue version and downloads it when it changed. */
export function syncCatalog(): Promise<void> {
  running ??= (async () => {
    set({ phase: 'checking', error: null });
    try {
      // Fetched and parsed in a worker: the page only takes the cars in, a chunk at a time.
      await refreshCatalog(deviceDb, workerCatalogApi(), (stored, total) =>
        set({ phase: 'downloading', stored, total }),
      );
      set({ phase: 'done' });
    } catch (error) {
      // Offline with a catalogue already on the device is the normal toy-fair case.
      set({ phase: 'error', error: error instanceof Error ? error.message : String(error) });
    } finally {
      running = null;
    }
  })();
  return running;
}

export function useCatalogDownload(): CatalogDownload {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
