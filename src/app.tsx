// The app: starts sign-in, sync and the catalogue download once, then the routes of docs/product.md.
import { useEffect } from 'react';
import { authStore, currentUserId, startAuth } from './auth/auth-state';
import { showReverted } from './errors/show-error';
import { AppToaster } from './features/badges/app-toaster';
import { BadgeWatcher, TestBadge } from './features/badges/badge-watcher';
import { CelebrationHost } from './features/badges/celebration-overlay';
import { InstallPromptHost, InstallWatcher } from './features/install/install-watcher';
import { AppRoutes } from './routes/app-routes';
import { syncCatalog } from './sync/catalog-download';
import { subscribeSyncEvents } from './sync/sync-events';
import { afterNextPaint, whenIdle } from './ui/after-paint';
import './app.css';

/** The catalogue download waits at most this long for an idle moment after the first paint. */
const CATALOG_IDLE_TIMEOUT_MS = 1000;

/**
 * Page sync (the replay code and the schemas it checks with) starts once someone is signed in:
 * a signed-out visitor has no queue to send and no snapshot to pull, and its code is the largest
 * part of what the page would otherwise run at start.
 */
function startSyncOnceSignedIn(): () => void {
  const start = () => void import('./sync/page-sync').then(({ startPageSync }) => startPageSync());
  if (currentUserId()) {
    start();
    return () => {};
  }
  const unsubscribe = authStore.subscribe(() => {
    if (!currentUserId()) return;
    unsubscribe();
    start();
  });
  return unsubscribe;
}

export function App() {
  useEffect(() => {
    // Sign-in, sync and the catalogue start once the first screen is painted (it draws from what
    // the device holds). The catalogue, the largest download, waits for an idle moment too, so
    // the screen's own requests go first.
    let cancelIdle = () => {};
    let stopWaiting = () => {};
    let unmounted = false;
    const cancelPaint = afterNextPaint(() => {
      void startAuth().then(() => {
        if (!unmounted) stopWaiting = startSyncOnceSignedIn();
      });
      cancelIdle = whenIdle(() => void syncCatalog(), CATALOG_IDLE_TIMEOUT_MS);
    });
    const retry = () => void syncCatalog();
    window.addEventListener('online', retry);
    const unsubscribe = subscribeSyncEvents((event) => {
      if (event.type === 'rejected') showReverted();
    });
    return () => {
      unmounted = true;
      cancelPaint();
      cancelIdle();
      stopWaiting();
      window.removeEventListener('online', retry);
      unsubscribe();
    };
  }, []);

  return (
    <>
      <AppRoutes />
      <BadgeWatcher />
      <TestBadge />
      <InstallWatcher />
      <CelebrationHost />
      <InstallPromptHost />
      <AppToaster />
    </>
  );
}
