// Registers /sw.js and owns the page's side of the update flow: 'update ready' and applying it.
/// <reference types="vite/client" />
import { largeWritesSettled } from '../db/large-writes';

type Listener = () => void;

const listeners = new Set<Listener>();
let waitingWorker: ServiceWorker | null = null;
let updateReady = false;
let updateRequested = false;
let reloading = false;

function setWaiting(worker: ServiceWorker): void {
  waitingWorker = worker;
  if (updateReady) return;
  updateReady = true;
  for (const listener of listeners) listener();
}

/** Subscribes to 'a new version is ready'; returns the unsubscribe function. */
export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateReady(): boolean {
  return updateReady;
}

/** Activates the waiting version; the page reloads once the new worker controls it. */
export function applyUpdate(): void {
  // Another tab may already have activated it: this tab then only needs the new page.
  if (!waitingWorker || waitingWorker.state !== 'installed') {
    reload();
    return;
  }
  updateRequested = true;
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
  // Chromium hands over only once the old worker is idle; if it is still busy (a replay in
  // flight), reload anyway after a moment so 'Reload' never seems to do nothing. The outbox
  // is in IndexedDB, so whichever worker runs next replays it.
  setTimeout(reload, UPDATE_FALLBACK_MS);
}

const UPDATE_FALLBACK_MS = 4000;

function reload(): void {
  if (reloading) return;
  reloading = true;
  // Never in the middle of a large IndexedDB write: WebKit can freeze the origin's later
  // transactions when a page navigates during one.
  void largeWritesSettled().then(() => window.location.reload());
}

function watchInstalling(registration: ServiceWorkerRegistration): void {
  const installing = registration.installing;
  if (!installing) return;
  installing.addEventListener('statechange', () => {
    // With no controller this is the first install, not an update: nothing to announce.
    if (installing.state === 'installed' && navigator.serviceWorker.controller) {
      setWaiting(installing);
    }
  });
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (registration.waiting) setWaiting(registration.waiting);
  watchInstalling(registration);
  registration.addEventListener('updatefound', () => watchInstalling(registration));
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (import.meta.env.DEV) {
    // `npm run dev` serves unbundled modules on the same origin as `npm start`: a worker left by a
    // production run would answer every navigation with its precached, stale index.html.
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())));
    return;
  }

  // The first install's clients.claim() also changes the controller; only an update the
  // collector asked for reloads the page.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updateRequested) reload();
  });

  // After load, so the precache downloads do not compete with the first screen.
  const start = () => {
    register().catch((error: unknown) =>
      console.error('Service worker registration failed', error),
    );
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
