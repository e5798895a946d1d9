// /home: what is new, the catalogue search, sets, and the collector's totals and sync status.
import { Link } from 'wouter';
import { lastKnownUser } from '../../auth/auth-state';
import { useAuth } from '../../auth/use-auth';
import { ScreenHeader } from '../../ui/screen-header';
import { AccountBar, SignInForm } from '../account';
import { CatalogBrowser } from '../catalog';
import { DeviceProgress } from '../catalog';

export function HomeScreen() {
  const auth = useAuth();
  // Until Firebase answers, the device's last known state: the screen is drawn once, as it will be.
  const user = auth.ready ? auth.user : lastKnownUser();
  const userId = user?.uid ?? null;
  return (
    <>
      <ScreenHeader title="Diecast Garage" />
      <main className="app-main">
        <DeviceProgress />
        {user === undefined ? (
          <p className="muted" role="status">
            Authenticating...
          </p>
        ) : user ? (
          <AccountBar userId={user.uid} email={user.email} />
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
