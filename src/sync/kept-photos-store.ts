// Which catalogue photos are on this device, for every car tile's "kept" mark: read from the
// kept-photos cache once per page, then kept current by the downloads and 'Free this space'.
import { useEffect, useSyncExternalStore } from 'react';
import { freeKeptPhotos, keptPhotoUrls } from './photo-keeper';

let kept: Set<string> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: Set<string>): void {
  kept = next;
  for (const listener of listeners) listener();
}

export function reloadKeptPhotos(): Promise<void> {
  loading ??= keptPhotoUrls()
    .then(publish)
    .catch(() => publish(new Set()))
    .finally(() => {
      loading = null;
    });
  return loading;
}

export async function freeAllKeptPhotos(): Promise<void> {
  await freeKeptPhotos();
  publish(new Set());
}

const EMPTY = new Set<string>();

/** The kept photo URLs (absolute); empty until the cache has been read. */
export function useKeptPhotos(): Set<string> {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => kept,
    () => null,
  );
  useEffect(() => {
    if (value === null) void reloadKeptPhotos();
  }, [value]);
  return value ?? EMPTY;
}

/** Whether one photo is kept (false for none). */
export function useIsPhotoKept(url: string | null | undefined): boolean {
  const all = useKeptPhotos();
  if (!url) return false;
  try {
    return all.has(new URL(url, location.href).href);
  } catch {
    return false;
  }
}
