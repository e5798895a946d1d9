// Keeps the device's catalogue current: downloaded on first run, then refreshed only when the
// server's version changed (If-None-Match: a 304 costs nothing). One value replaces the old one.
import type { GarageDb } from '../db/garage-db';
import type { ApiClient } from './api-client';

/** How far the download is, for the first run's progress bar. */
export type CatalogProgress = (done: number, total: number) => void;

/** Returns true when a new catalogue was stored, false when the device's copy is current. */
export async function refreshCatalog(
  db: GarageDb,
  api: Pick<ApiClient, 'getCatalog'>,
  onProgress?: CatalogProgress,
): Promise<boolean> {
  const version = await db.catalog.storedVersion();
  const answer = await api.getCatalog(version ? `"${version}"` : null);
  if (!answer) return false;
  const total = answer.catalog.cars.length;
  onProgress?.(0, total);
  await db.catalog.replace(answer.catalog);
  onProgress?.(total, total);
  return true;
}

/**
 * When a frozen catalogue database had to be thrown away with nothing in memory to carry over,
 * the catalogue is fetched again (the outbox and the collection were never in that database).
 */
export function refetchCatalogWhenLost(db: GarageDb, api: Pick<ApiClient, 'getCatalog'>): void {
  db.catalog.onLost(() => {
    void refreshCatalog(db, api).catch((error: unknown) =>
      console.warn('[catalog] could not fetch the catalogue again', error),
    );
  });
}
