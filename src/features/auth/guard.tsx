// The guard: who may see a guarded route, and what they see while that is being found out. (docs/product.md)
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { useProfile } from '../../data/use-collection';
import { loginRedirect } from '../../sync/login-redirect';
import { refreshProfile } from '../../sync/profile-refresh';

// Asked once per account, on a guarded screen: its code (and the username rules' schema) is not
// part of the first screen. Always under the same Suspense, so a re-render of the guard never
// remounts the form (what the collector typed and the suggestion stay).
const CreateUsernameScreen = lazy(() =>
  import('./create-username-screen').then((m) => ({
    default: m.CreateUsernameScreen,
  })),
);

function Status({ text }: { text: string }) {
  return (
    <p className="screen-loading" role="status">
      {text}
    </p>
  );
}

/** How long 'Authenticating...' or 'Loading Profile...' may show before a way out is offered. */
export const GUARD_PATIENCE_MS = 6000;

/** True once `waiting` has lasted `ms` without a break. */
function useWaitedTooLong(waiting: boolean, ms: number): boolean {
  // A new token for each stretch of waiting: a timer of an earlier stretch never counts.
  const stretch = useMemo(() => (waiting ? {} : null), [waiting]);
  const [expired, setExpired] = useState<object | null>(null);
  useEffect(() => {
    if (!stretch) return;
    const timer = setTimeout(() => setExpired(stretch), ms);
    return () => clearTimeout(timer);
  }, [stretch, ms]);
  return stretch !== null && expired === stretch;
}

/** A wait that has gone on too long, said plainly, with what the collector can do about it. */
function TakingLong({ text, retry, action }: { text: string; retry: () => void; action: string }) {
  return (
    <div className="screen-loading screen-loading--stuck" role="alert">
      <p>{text}</p>
      <button type="button" className="primary" onClick={retry}>
        {action}
      </button>
    </div>
  );
}

/**
 * Every guarded route mounts its own Guard, so the profile is pulled once per signed-in user
 * and page load, not on every screen change (at 10,000 cars a pull costs a second of work).
 * Later changes arrive through replays, 'online' and periodic sync.
 */
const profilePulls = new Map<string, Promise<boolean>>();
function refreshProfileOncePerSignIn(userId: string): Promise<boolean> {
  let pull = profilePulls.get(userId);
  if (!pull) {
    pull = refreshProfile().then((ok) => {
      if (!ok) profilePulls.delete(userId); // try again on the next screen
      return ok;
    });
    profilePulls.set(userId, pull);
  }
  return pull;
}

/** Where /signup and /login send the collector back to after signing in. */
export function signupPathFor(location: string, search: string): string {
  const origin = `${location}${search ? `?${search}` : ''}`;
  return `/signup?next=${encodeURIComponent(origin)}`;
}

function FinalizingSubscription() {
  const [, navigate] = useLocation();
  useEffect(() => {
    void refreshProfile().then(() => navigate('/', { replace: true }));
  }, [navigate]);
  return <Status text="Finalizing your subscription..." />;
}

export function Guard({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  const userId = auth.user?.uid ?? null;
  const profile = useProfile(userId);
  // The user whose profile the server could not give (offline on a first sign-in).
  const [unreachableFor, setUnreachableFor] = useState<string | null>(null);
  const profileUnreachable = unreachableFor !== null && unreachableFor === userId;

  useEffect(() => {
    if (!userId) return;
    void refreshProfileOncePerSignIn(userId).then((ok) => setUnreachableFor(ok ? null : userId));
  }, [userId]);
  const retryProfile = () => {
    if (!userId) return;
    setUnreachableFor(null);
    profilePulls.delete(userId);
    void refreshProfileOncePerSignIn(userId).then((ok) => setUnreachableFor(ok ? null : userId));
  };
  const authSlow = useWaitedTooLong(!auth.ready, GUARD_PATIENCE_MS);
  const profileSlow = useWaitedTooLong(
    auth.ready && !!auth.user && profile === undefined && !profileUnreachable,
    GUARD_PATIENCE_MS,
  );

  if (!auth.ready) {
    return authSlow ? (
      <TakingLong
        text="Signing in is taking longer than it should. Your collection is safe on this device."
        action="Try again"
        retry={() => window.location.reload()}
      />
    ) : (
      <Status text="Authenticating..." />
    );
  }
  if (!auth.user) return <Redirect to={signupPathFor(location, search)} replace />;
  if (new URLSearchParams(search).has('session_id')) return <FinalizingSubscription />;
  if (profile === undefined) {
    if (profileUnreachable) {
      return (
        <TakingLong
          text="Connect to the internet once to load your profile."
          action="Try again"
          retry={retryProfile}
        />
      );
    }
    return profileSlow ? (
      <TakingLong
        text="Your profile is taking longer than usual to load."
        action="Try again"
        retry={retryProfile}
      />
    ) : (
      <Status text="Loading Profile..." />
    );
  }
  if (!profile.username) {
    return (
      <Suspense fallback={<Status text="Loading Profile..." />}>
        <CreateUsernameScreen />
      </Suspense>
    );
  }
  return <>{children}</>;
}

/** docs/product.md: a signed-out change attempt raises the flag; this sends the collector to /signup. */
export function LoginRedirectWatcher() {
  const raised = useSyncExternalStore(loginRedirect.subscribe, loginRedirect.isRaised);
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (!raised) return;
    loginRedirect.clear();
    navigate(signupPathFor(location, search));
  }, [raised, location, search, navigate]);
  return null;
}
