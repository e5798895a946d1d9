// What the catalogue worker (catalog-worker.ts) tells the page, in order: unchanged; or start,
// the cars in chunks, done; or an error at any point.
import type { CatalogCar, CatalogSet } from '../shared/catalog/types';

export type CatalogWorkerMessage =
  | { type: 'unchanged' }
  | { type: 'start'; version: string; sets: CatalogSet[]; etag: string | null }
  | { type: 'cars'; cars: CatalogCar[] }
  | { type: 'done' }
  | { type: 'error'; message: string };
