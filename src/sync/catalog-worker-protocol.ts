// What the page asks the catalogue worker (catalog-worker.ts) and what it answers, in order per
// request id: unchanged; or start, the cars in chunks, done; or an error at any point.
import type { CatalogCar, CatalogSet } from '../shared/catalog/types';

export interface CatalogWorkerRequest {
  id: number;
  etag: string | null;
}

export type CatalogWorkerMessage = { id: number } & (
  | { type: 'unchanged' }
  | { type: 'start'; version: string; sets: CatalogSet[]; etag: string | null }
  | { type: 'cars'; cars: CatalogCar[] }
  | { type: 'done' }
  | { type: 'error'; message: string }
);
