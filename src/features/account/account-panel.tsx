// Sign-in for the offline core: email and password (the full screens come with the routes).
import { useState, type FormEvent } from 'react';
import { signIn, signUp } from '../../auth/auth-state';
import { signOutOfThisDevice } from './sign-out';
import { noteNewCollectorHere } from '../../sync/profile-refresh';
import { showError } from '../../errors/show-error';
import { useOwnedTotals } from '../../data/use-owned-totals';
import { mayStillArrive, ON_ITS_WAY } from '../../db/collection-arrival';
import { useCollectionArrival } from '../../data/use-collection-arrival';
import { useSyncStatus } from '../../data/use-sync-status';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (action: 'in' | 'up') => async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (action === 'in') await signIn(email, password);
      else await noteNewCollectorHere(await signUp(email, password));
    } catch (reason) {
      setError(
        reason instanceof Error ? reason.message.replace(/^Firebase: /, '') : String(reason),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card sign-in" onSubmit={(event) => void submit('in')(event)}>
      <h2>Sign in to track your cars</h2>
      <label>
        Email
        <input
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          required
          minLength={6}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          Log in
        </button>
        <button type="button" disabled={busy} onClick={() => void submit('up')()}>
          Sign up
        </button>
      </div>
    </form>
  );
}

export function AccountBar({ userId, email }: { userId: string; email: string | null }) {
  const totals = useOwnedTotals(userId);
  const arriving = mayStillArrive(useCollectionArrival(userId));
  const { pending } = useSyncStatus(userId);
  const cars = totals?.cars ?? 0;
  const sets = totals?.sets ?? 0;

  const onSignOut = () => {
    // Pending changes stay on the device and replay when this collector signs in again.
    if (
      pending > 0 &&
      !window.confirm(
        `${pending} ${pending === 1 ? 'change has' : 'changes have'} not reached the server yet. They stay on this device and sync when you sign in again. Sign out?`,
      )
    ) {
      return;
    }
    signOutOfThisDevice().catch(showError);
  };

  return (
    <section className="card account" aria-label="Your collection">
      <p className="totals" data-testid="collection-totals">
        {/* Not '0 cars' for a collection that has not reached this device yet. */}
        {arriving ? (
          ON_ITS_WAY
        ) : (
          <>
            <strong>{cars}</strong> {cars === 1 ? 'car' : 'cars'} · <strong>{sets}</strong>{' '}
            {sets === 1 ? 'set' : 'sets'}
          </>
        )}
      </p>
      <p className="muted">{email}</p>
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
    </section>
  );
}
