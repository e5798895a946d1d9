// The header every screen shares: its title (h1), an optional back link, and the sync pill.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../auth/use-auth';
import { SyncPill } from './sync-pill';

export function ScreenHeader({
  title,
  back,
  wrapTitle = false,
  children,
}: {
  title: string;
  /** Where the back arrow goes; none on top-level screens. */
  back?: string;
  /**
   * The title may take two lines instead of ending in '…': where it is a name the screen shows
   * nowhere else (a car's, over its photo).
   */
  wrapTitle?: boolean;
  children?: ReactNode;
}) {
  const auth = useAuth();
  return (
    <header className={wrapTitle ? 'app-header app-header--wrap-title' : 'app-header'}>
      {back && (
        <Link href={back} className="back-link" aria-label="Back">
          ‹
        </Link>
      )}
      <h1>{title}</h1>
      {children}
      {auth.user && <SyncPill userId={auth.user.uid} />}
    </header>
  );
}
