// Catalogue photos kept on the device for the fair: downloaded from their own hosts into a cache
// of their own (never evicted by the worker's photo cache), resumable (a photo already kept is
// never fetched again), stopped cleanly when the device is out of space. The worker serves
// these first for every image request, so kept photos show with no signal.

import { KEPT_PHOTOS_CACHE } from './kept-photos-cache';

/**
 * What one catalogue photo weighs on average, for the size shown before a download starts
 * (docs/decisions/0019-average-photo-weight.md). The download itself counts real bytes where the
 * host allows it (CORS), and says when it could not.
 */
export const AVERAGE_PHOTO_BYTES = 48 * 1024;
/** Photos fetched at once: enough to fill a venue's thin pipe, few enough not to drown it. */
const CONCURRENCY = 4;

export interface KeepProgress {
  done: number;
  total: number;
  /** Bytes of the photos downloaded in this run whose size could be read. */
  bytes: number;
  failed: number;
}

export type KeepOutcome =
  | { kind: 'done'; progress: KeepProgress }
  | { kind: 'cancelled'; progress: KeepProgress }
  /** The device refused to store more (QuotaExceededError): what was kept stays. */
  | { kind: 'out-of-space'; progress: KeepProgress }
  | { kind: 'unsupported' };

const hasCaches = () => typeof caches !== 'undefined';

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/**
 * One photo: CORS first (a real response whose size is known and which the quota counts as it
 * is); a host without CORS gets a no-cors request, whose opaque answer is kept as it is.
 */
async function download(url: string, signal: AbortSignal): Promise<Response | null> {
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit', signal });
    return response.ok ? response : null;
  } catch (error) {
    if (signal.aborted) throw error;
    const opaque = await fetch(url, { mode: 'no-cors', credentials: 'omit', signal });
    return opaque.type === 'opaque' || opaque.ok ? opaque : null;
  }
}

/** The photo URLs already kept on this device. */
export async function keptPhotoUrls(): Promise<Set<string>> {
  if (!hasCaches()) return new Set();
  const cache = await caches.open(KEPT_PHOTOS_CACHE);
  return new Set((await cache.keys()).map((request) => request.url));
}

/** Keeps every photo of `urls` not kept yet; `onProgress` after each one. */
export async function keepPhotos(
  urls: readonly string[],
  options: { signal: AbortSignal; onProgress?: (progress: KeepProgress) => void },
): Promise<KeepOutcome> {
  if (!hasCaches()) return { kind: 'unsupported' };
  const cache = await caches.open(KEPT_PHOTOS_CACHE);
  const kept = await keptPhotoUrls();
  const todo = [...new Set(urls)].filter((url) => !kept.has(new URL(url, location.href).href));
  const progress: KeepProgress = { done: 0, total: todo.length, bytes: 0, failed: 0 };
  options.onProgress?.({ ...progress });
  let outOfSpace = false;
  let next = 0;

  async function worker(): Promise<void> {
    while (!outOfSpace && !options.signal.aborted && next < todo.length) {
      const url = todo[next++] as string;
      try {
        const response = await download(url, options.signal);
        if (response) {
          const size = Number(response.headers.get('content-length'));
          // put() stores the whole answer or nothing: a download cut half-way is not kept and
          // is fetched again next time.
          await cache.put(url, response);
          if (Number.isFinite(size)) progress.bytes += size;
        } else {
          progress.failed += 1;
        }
      } catch (error) {
        if (isQuotaError(error)) outOfSpace = true;
        else if (!options.signal.aborted) progress.failed += 1;
      }
      if (!options.signal.aborted && !outOfSpace) progress.done += 1;
      options.onProgress?.({ ...progress });
    }
  }

  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
  if (outOfSpace) return { kind: 'out-of-space', progress };
  if (options.signal.aborted) return { kind: 'cancelled', progress };
  return { kind: 'done', progress };
}

/** Frees the space: every kept photo goes (the worker's own photo cache is left as it is). */
export async function freeKeptPhotos(): Promise<void> {
  if (hasCaches()) await caches.delete(KEPT_PHOTOS_CACHE);
}

/** Asks the browser not to evict the device's storage; false where it says no or cannot. */
export async function askToPersist(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    return (await navigator.storage.persisted?.()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

/** What the browser says is free for this app, or null where it cannot say. */
export async function freeSpaceBytes(): Promise<number | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  try {
    const { quota, usage } = await navigator.storage.estimate();
    return quota === undefined ? null : Math.max(0, quota - (usage ?? 0));
  } catch {
    return null;
  }
}
