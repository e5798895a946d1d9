// The page's side of sync: asks the service worker to replay (or replays itself when no worker
// controls the page), on start, 'online', visibility and after each change.
import { deviceDb } from '../db/device-db';
import { refreshSnapshot, runReplay, type ReplayTrigger } from './background-tasks';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
interface PeriodicSyncManagerLike {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}
type RegistrationWithSync = ServiceWorkerRegistration & {
  sync?: SyncManagerLike;
  periodicSync?: PeriodicSyncManagerLike;
};

const TWELVE_HOURS = 12 * 60 * 60 * 1000;

/**
 * Asks for a periodic refresh of the catalogue and snapshot. Browsers grant it only to an
 * installed app with engagement; refused elsewhere, and start/online cover it then.
 */
async function registerPeriodicRefresh(): Promise<void> {
  const registration = (await navigator.serviceWorker.ready) as RegistrationWithSync;
  await registration.periodicSync?.register('refresh', { minInterval: TWELVE_HOURS });
}

/** Replays now: through the worker when one controls the page, else in the page. */
export function requestReplay(trigger: ReplayTrigger): void {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (controller) {
    controller.postMessage({ type: 'REPLAY', trigger });
    // Background Sync fires once the network is back, even if every tab is closed by then.
    void navigator.serviceWorker.ready
      .then((registration) => (registration as RegistrationWithSync).sync?.register('outbox'))
      .catch(() => {});
    return;
  }
  void runReplay(trigger).catch((error: unknown) => console.warn('[sync] replay failed', error));
}

let started = false;

/** Wires the triggers once; a signed-in user's pending changes start replaying at once. */
export function startPageSync(): void {
  if (started) return;
  started = true;
  requestReplay('start');
  void refreshSnapshot().catch(() => {});
  if ('serviceWorker' in navigator) void registerPeriodicRefresh().catch(() => {});
  window.addEventListener('online', () => {
    requestReplay('online');
    void refreshSnapshot().catch(() => {});
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') requestReplay('visible');
  });
}

/** Once the collector owns a first car, ask the browser not to evict their unsent work. */
export async function persistStorageOnce(): Promise<void> {
  const asked = await deviceDb.meta.get('storagePersistAsked');
  if (asked || !navigator.storage?.persist) return;
  await deviceDb.meta.put({ key: 'storagePersistAsked', value: true });
  await navigator.storage.persist();
}
