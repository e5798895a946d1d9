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
import { refreshCatalogAndSnapshot, runReplay } from '../src/sync/background-tasks';

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
// to cache by default; a collector browsing at home must still see them at the fair.
registerRoute(
  ({ request, url }) => request.destination === 'image' && !isApiPath(url),
  new CacheFirst({
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
  }),
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
  if (data.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
  } else if (data.type === 'REPLAY') {
    event.waitUntil(runReplay('change'));
  }
});

// Taking the open tabs at once lets the first visit work offline without a second reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'outbox') event.waitUntil(runReplay('sync'));
});

self.addEventListener('periodicsync', (event) => {
  // Catalogue (304 when unchanged), then the outbox, then the snapshot: see background-tasks.
  if (event.tag === 'refresh') event.waitUntil(refreshCatalogAndSnapshot());
});
