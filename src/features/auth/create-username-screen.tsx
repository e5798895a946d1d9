// The only screen a signed-in collector without a username sees (SPEC §2): choose one.
import { useState, type FormEvent } from 'react';
import { authStore } from '../../auth/auth-state';
import { firebaseUserToken } from '../../auth/user-token';
import { usernameSchema } from '../../shared/profile/username';
import { refreshProfile } from '../../sync/profile-refresh';

export function CreateUsernameScreen() {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid username');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const token = await firebaseUserToken();
      const response = await fetch('/api/users/initialize', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: parsed.data }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        setError(body.error ?? 'API call failed for endpoint /api/users/initialize');
        return;
      }
      await refreshProfile();
    } catch {
      setError('No connection: choosing a username needs the internet once.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-screen">
      <form className="card auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <h1>Choose your username</h1>
        <p className="muted">Other collectors see it on the feed, the leaderboard and trades.</p>
        <label>
          Username
          <input
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'username-error' : undefined}
          />
        </label>
        {error && (
          <p id="username-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
        <p className="muted">Signed in as {authStore.get().user?.email}</p>
      </form>
    </main>
  );
}
