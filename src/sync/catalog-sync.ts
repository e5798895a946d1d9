// Keeps the device's catalogue current: downloaded with progress on first run, then refreshed
// only when the server's version changed (If-None-Match: a 304 costs nothing).
import { storeCatalog, storedCatalogVersion, type CatalogProgress } from '../db/catalog-store';
import type { GarageDb } from '../db/garage-db';
import type { ApiClient } from './api-client';

/** Returns true when a new catalogue was stored, false when the device's copy is current. */
export async function refreshCatalog(
  db: GarageDb,
  api: ApiClient,
  onProgress?: CatalogProgress,
): Promise<boolean> {
  const version = await storedCatalogVersion(db);
  const answer = await api.getCatalog(version ? `"${version}"` : null);
  if (!answer) return false;
  await storeCatalog(db, answer.catalog, onProgress);
  return true;
}
