// The page's side of sync: asks the service worker to replay (or replays itself when no worker
// controls the page), on start, sign-in, 'online', visibility, after each change, and when a
// retry is due: every engine gets these, Background Sync only adds to them where it exists.
import { authStore, currentUserId } from '../auth/auth-state';
import { deviceDb } from '../db/device-db';
import { outboxCounts } from '../db/outbox-store';
import { refreshSnapshot, runReplay, type ReplayTrigger } from './background-tasks';
import { BACKOFF_CAP_MS } from './backoff';
import { probeWhileUnreachable } from './reachability-probe';
import { subscribeSyncEvents } from './sync-events';

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

/** Replays in this page, under the same lock as the worker's replays. */
function replayInPage(trigger: ReplayTrigger): void {
  void runReplay(trigger).catch((error: unknown) => console.warn('[sync] replay failed', error));
}

/**
 * Replays now, in this page: the page's sign-in state is the one the collector sees (a worker's
 * copy of it can lag: Firebase tells a worker of a sign-in only through a page that was already
 * controlled when it started). Where Background Sync exists it is registered too, so the worker
 * sends what is left if the page is closed first; the `outbox` lock keeps the two from sending
 * an entry twice.
 */
export function requestReplay(trigger: ReplayTrigger): void {
  replayInPage(trigger);
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as RegistrationWithSync).sync?.register('outbox'))
    .catch(() => {});
}

/**
 * A page-side timer for every retry the replayer schedules: the worker's own timer dies with
 * the worker (Chromium stops an idle worker after about 30 s; Safari and Firefox have no
 * Background Sync to wake it), so while a page is open, the page brings the retry.
 */
function followRetries(): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = Date.now();
  subscribeSyncEvents((event) => {
    if (event.type === 'started') {
      lastRun = Date.now();
      if (timer) clearTimeout(timer);
      timer = null;
    }
    if (event.type === 'retry-scheduled') {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        requestReplay('retry');
      }, event.delayMs);
    }
  });
  // The last resort, for a lost event (no BroadcastChannel, a worker killed mid-run): changes
  // waiting with no run for a whole back-off cap get one.
  setInterval(() => {
    if (document.visibilityState !== 'visible' || Date.now() - lastRun < BACKOFF_CAP_MS) return;
    const userId = currentUserId();
    if (!userId) return;
    void outboxCounts(deviceDb, userId).then(({ waiting }) => {
      if (waiting > 0) requestReplay('timer');
    });
  }, BACKOFF_CAP_MS / 5);
}

/** A collector who signs in (again, in the same page) gets their own queue sent at once. */
function replayOnSignIn(): void {
  let signedIn = currentUserId();
  authStore.subscribe(() => {
    const now = currentUserId();
    if (now !== null && now !== signedIn) requestReplay('sign-in');
    signedIn = now;
  });
}

let started = false;

/** Wires the triggers once; a signed-in user's pending changes start replaying at once. */
export function startPageSync(): void {
  if (started) return;
  started = true;
  followRetries();
  replayOnSignIn();
  probeWhileUnreachable(() => requestReplay('reachable'));
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
