// How long a collector's change may wait for IndexedDB before the tap is answered with an error
// instead of hanging: a frozen connection (WebKit after a navigation during a large write) or a
// transaction stuck behind one never answers. Past the deadline the change's transaction is
// aborted, so nothing of it is written later behind the collector's back, and they are told.
import { AppError } from '../errors/app-error';
import { DeadlinePassed, withDeadline } from './deadline';

/** A change writes a few rows: milliseconds normally, a second or two on a slow, busy phone. */
export const CHANGE_DEADLINE_MS = 15_000;

export const STORAGE_STALLED_MESSAGE =
  "This device's storage did not answer, so the change was not saved. Please try again.";

export function storageStalled(): AppError {
  return new AppError('storage-stalled', STORAGE_STALLED_MESSAGE);
}

/**
 * `work`, or storageStalled() once `ms` pass, after calling `abort` (the transaction's, if it has
 * one yet). A transaction aborted before it commits writes nothing; one already committing
 * cannot be aborted and may still land, which the screens then show (they watch the rows): the
 * one case where the collector is told of a change that is saved after all.
 */
export async function withChangeDeadline<T>(
  work: Promise<T>,
  ms: number,
  abort: () => void,
): Promise<T> {
  try {
    return await withDeadline(work, ms, 'a collection change', abort);
  } catch (error) {
    throw error instanceof DeadlinePassed ? storageStalled() : error;
  }
}
