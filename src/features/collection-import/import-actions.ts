// Owns queueing an import: the planned copies go through the outbox a chunk at a time (one local
// change and one outbox entry per chunk), so they show at once, work offline, and reach the
// server once each, in order, with the collection's other changes.
import { changeCollection } from '../../sync/collection-actions';
import { chunked, type ImportCopy } from './import-plan';

export interface ImportProgress {
  saved: number;
  total: number;
}

export async function queueImport(
  copies: readonly ImportCopy[],
  onProgress: (progress: ImportProgress) => void,
): Promise<number> {
  let saved = 0;
  onProgress({ saved, total: copies.length });
  for (const chunk of chunked(copies)) {
    await changeCollection('collection/import-car-instances', { instances: chunk });
    saved += chunk.length;
    onProgress({ saved, total: copies.length });
  }
  return saved;
}
