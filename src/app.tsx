// The app: starts sign-in, sync and the catalogue download once, then the routes of docs/product.md.
import { useEffect } from 'react';
import { startAuth } from './auth/auth-state';
import { showReverted } from './errors/show-error';
import { AppToaster } from './features/badges/app-toaster';
import { BadgeWatcher, TestBadge } from './features/badges/badge-watcher';
import { CelebrationHost } from './features/badges/celebration-overlay';
import { InstallPromptHost, InstallWatcher } from './features/install/install-watcher';
import { AppRoutes } from './routes/app-routes';
import { syncCatalog } from './sync/catalog-download';
import { startPageSync } from './sync/page-sync';
import { subscribeSyncEvents } from './sync/sync-events';
import './app.css';

export function App() {
  useEffect(() => {
    void startAuth().then(() => startPageSync());
    void syncCatalog();
    const retry = () => void syncCatalog();
    window.addEventListener('online', retry);
    const unsubscribe = subscribeSyncEvents((event) => {
      if (event.type === 'rejected') showReverted();
    });
    return () => {
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
