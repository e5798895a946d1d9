// The service worker: app shell precache, offline navigations, photo cache, updates, replay.
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  refreshCatalogAndSnapshot,
  runReplay,
  type ReplayTrigger,
} from '../src/sync/background-tasks';
import { deviceDb } from '../src/db/device-db';
import { anyEntryWaiting } from '../src/db/outbox-store';
import { withDeadline } from '../src/db/deadline';
import { readPushMessage, safePath, type PushText } from '../src/shared/push-message';
import { KEPT_PHOTOS_CACHE } from '../src/sync/kept-photos-cache';

// Background Sync and Periodic Background Sync are not in TypeScript's WebWorker lib yet.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
    periodicsync: PeriodicSyncEvent;
  }
}

declare const self: ServiceWorkerGlobalScope & {
  // Replaced by workbox-build's injectManifest with the list of files in dist/ and their hashes.
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

const CATALOG_IMAGES_CACHE = 'catalog-images';
const CATALOG_IMAGES_MAX_ENTRIES = 2000;

const isApiPath = (url: URL) =>
  url.origin === self.location.origin &&
  (url.pathname === '/api' || url.pathname.startsWith('/api/'));

precacheAndRoute(self.__WB_MANIFEST);
// Deletes precaches left by older Workbox versions; the current precache prunes itself on activate.
cleanupOutdatedCaches();

// Every screen is the SPA, so a deep link opened offline gets the shell and routes client-side.
// /api is left to the network: the page must see a real failure, never a stale answer.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }),
);

// Catalogue photos come from another origin (opaque responses, status 0), which Workbox refuses
// to cache by default; a collector browsing at home must still see them at the fair. Photos the
// collector kept with "Get ready for offline" (their own cache, never expired) come first.
const recentPhotos = new CacheFirst({
  cacheName: CATALOG_IMAGES_CACHE,
  plugins: [
    {
      cacheWillUpdate: async ({ response }) =>
        response.ok || response.type === 'opaque' ? response : null,
    },
    new ExpirationPlugin({
      maxEntries: CATALOG_IMAGES_MAX_ENTRIES,
      purgeOnQuotaError: true,
    }),
  ],
});
registerRoute(
  ({ request, url }) => request.destination === 'image' && !isApiPath(url),
  async (options) => {
    const kept = await caches.match(options.request, { cacheName: KEPT_PHOTOS_CACHE });
    return kept ?? recentPhotos.handle(options);
  },
);

interface WorkerMessage {
  type: string;
}

function isWorkerMessage(data: unknown): data is WorkerMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}

// A new version waits until the page asks, so an open tab never runs old JS against a new
// precache behind the collector's back; the page asks when they press 'Reload'.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isWorkerMessage(data)) return;
  if (data.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});

/** How often the worker looks again whether a page on screen has sent what waits. */
const PAGE_TURN_MS = 1000;
/** The longest the worker leaves the outbox to a page on screen before replaying itself. */
const PAGE_TURNS_AT_MOST_MS = 30_000;

/**
 * While a page is on screen it sends its own changes at once (src/sync/page-sync.ts), and its
 * rebase after a push diffs against the page's copy of the collector's rows. The worker has no
 * such copy: its rebase reads every row, a change tapped meanwhile waits behind it, and the
 * page's copy is out of date after it (docs/decisions/0007-page-first-replay.md). So while a
 * page is visible and changes still wait, the worker waits its turn, for 30 s at most; then, or
 * once no page is visible, it replays (nothing waits then, unless the page could not send:
 * offline, or closed mid-push).
 */
async function afterVisiblePages(): Promise<void> {
  const until = Date.now() + PAGE_TURNS_AT_MOST_MS;
  // Each look is bounded: one that does not answer ends the wait, and the replay (its own
  // steps bounded) goes ahead.
  const look = <T>(work: Promise<T>, what: string) => withDeadline(work, PAGE_TURN_MS, what);
  try {
    while (Date.now() < until) {
      const windows = await look(self.clients.matchAll({ type: 'window' }), 'listing the pages');
      if (!windows.some((client) => client.visibilityState === 'visible')) return;
      await new Promise((resolve) => setTimeout(resolve, PAGE_TURN_MS));
      if (!(await look(anyEntryWaiting(deviceDb), 'looking in the outbox'))) return;
    }
  } catch {
    // A look that did not answer (DeadlinePassed) or failed: the replay goes ahead and meets it.
  }
}

/** A replay the worker starts of itself (not one a page asked for): visible pages first. */
const workerReplay = (trigger: ReplayTrigger) => afterVisiblePages().then(() => runReplay(trigger));

// Whatever woke the worker, what waits in the outbox goes (engines without Background Sync have
// no other way to wake it for that). Cheap when nothing waits: one IndexedDB read.
void workerReplay('worker-start').catch(() => undefined);

// Taking the open tabs at once lets the first visit work offline without a second reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'outbox') event.waitUntil(workerReplay('sync'));
});

self.addEventListener('periodicsync', (event) => {
  // Catalogue (304 when unchanged), then the outbox, then the snapshot: see background-tasks.
  if (event.tag === 'refresh') event.waitUntil(refreshCatalogAndSnapshot());
});

// ---- Web Push ------------------------------------------------------------------

function pushText(data: PushMessageData | null): PushText | null {
  if (!data) return null;
  try {
    return readPushMessage(data.json());
  } catch {
    // Not JSON: a push service test message, or someone else's format. Show its text as is.
    const body = data.text();
    return body ? { title: 'Diecast Garage', body, url: '/' } : null;
  }
}

/**
 * In the foreground a message is a toast (docs/api.md): the open page gets it in the shape its
 * toaster reads (src/features/badges/app-toaster.tsx). Otherwise the system shows it.
 */
async function showPush(message: PushText): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const seen = windows.filter((client) => client.visibilityState === 'visible' || client.focused);
  if (seen.length > 0) {
    const payload = {
      notification: { title: message.title, body: message.body },
      data: { url: message.url },
    };
    for (const client of seen) client.postMessage({ type: 'push-message', payload });
    return;
  }
  await self.registration.showNotification(message.title || 'Diecast Garage', {
    body: message.body,
    data: { url: message.url },
    icon: '/icons/icon-192.png',
  });
}

self.addEventListener('push', (event) => {
  const message = pushText(event.data);
  if (message) event.waitUntil(showPush(message));
});

/** A tap opens the message's page: in a window of the app if one is open, else a new one. */
async function openFromNotification(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = windows.find((client) => client.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  const any = windows[0];
  if (any) {
    const focused = await any.focus();
    // navigate() works only on a window this worker controls; otherwise open a new one.
    if (await focused.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openFromNotification(safePath(data?.url)));
});
