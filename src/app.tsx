// The app shell of the offline core: header with the sync pill, sign-in, catalogue and sets.
// The routed screens of SPEC §2 replace the body in the screens issue.
import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { startAuth } from './auth/auth-state';
import { useAuth } from './auth/use-auth';
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from './db/device-db';
import { showReverted } from './errors/show-error';
import { AccountBar, SignInForm } from './features/account/account-panel';
import { CatalogBrowser } from './features/catalog/catalog-browser';
import { SyncPill } from './features/sync-status/sync-pill';
import { syncCatalog, useCatalogDownload } from './sync/catalog-download';
import { startPageSync } from './sync/page-sync';
import { subscribeSyncEvents } from './sync/sync-events';
import './app.css';

function CatalogProgress() {
  const download = useCatalogDownload();
  const cars = useLiveQuery(() => deviceDb.cars.count(), []);
  if (download.phase === 'downloading') {
    const { stored, total } = download;
    return (
      <div className="card progress" role="status">
        <p>
          Downloading catalogue · {stored.toLocaleString('en')} / {total.toLocaleString('en')}
        </p>
        <progress max={total} value={stored} />
      </div>
    );
  }
  if (cars === 0 && download.phase === 'error') {
    return (
      <p className="card" role="alert">
        The catalogue could not be downloaded ({download.error}). Connect once to get it.
      </p>
    );
  }
  return null;
}

export function App() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;

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
      <header className="app-header">
        <h1>Diecast Garage</h1>
        {auth.ready && userId && <SyncPill userId={userId} />}
      </header>
      <main className="app-main">
        <CatalogProgress />
        {!auth.ready ? (
          <p className="muted" role="status">
            Authenticating...
          </p>
        ) : auth.user ? (
          <AccountBar userId={auth.user.uid} email={auth.user.email} />
        ) : (
          <SignInForm />
        )}
        <CatalogBrowser userId={userId} />
      </main>
      <Toaster
        position="top-center"
        toastOptions={{ duration: 4000, success: { duration: 2000 } }}
      />
    </>
  );
}
