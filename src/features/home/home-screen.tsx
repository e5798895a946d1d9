// /home: what is new, the catalogue search, sets, and the collector's totals and sync status.
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { ScreenHeader } from '../../ui/screen-header';
import { AccountBar, SignInForm } from '../account';
import { CatalogBrowser } from '../catalog';
import { CatalogProgress } from '../catalog';

export function HomeScreen() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  return (
    <>
      <ScreenHeader title="Diecast Garage" />
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
        <p className="muted home-about">
          Catalogue from the Hot Wheels Fandom wiki, CC BY-SA 3.0 · <Link href="/about">About</Link>
        </p>
      </main>
    </>
  );
}
