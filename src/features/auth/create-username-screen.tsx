// The only screen a signed-in collector without a username sees (docs/product.md): choose one.
import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/use-auth';
import { firebaseUserToken } from '../../auth/user-token';
import { apiFetch, readApiJson } from '../../sync/api-fetch';
import { refreshProfile } from '../../sync/profile-refresh';
import { signOutOfThisDevice } from '../account';
import { BrandMark } from './brand-mark';
import {
  USERNAME_MESSAGES,
  checkUsername,
  isTakenError,
  suggestUsername,
  takenMessage,
} from './username-form';
import './auth-screens.css';

export function CreateUsernameScreen() {
  const auth = useAuth();
  const id = useId();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkUsername(username);
    setSuggestion(null);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const token = await firebaseUserToken();
      const response = await apiFetch('/api/users/initialize', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: checked.username }),
      });
      if (!response.ok) {
        const body = ((await readApiJson(response)) ?? {}) as { error?: string };
        if (isTakenError(response.status, body.error)) {
          const next = suggestUsername(checked.username);
          setSuggestion(next);
          setError(takenMessage(next));
        } else {
          setError(body.error ?? 'API call failed for endpoint /api/users/initialize');
        }
        // 'You already have the username …': the profile below moves the guard on.
        if (response.status === 409) await refreshProfile();
        return;
      }
      await refreshProfile();
    } catch {
      setError(USERNAME_MESSAGES.offline);
    } finally {
      setBusy(false);
    }
  };

  const applySuggestion = () => {
    if (!suggestion) return;
    setUsername(suggestion);
    setSuggestion(null);
    setError(null);
    document.getElementById(`${id}-input`)?.focus();
  };

  return (
    <main className="auth-screen">
      <div className="auth-panel">
        <BrandMark />
        <form className="card auth-form" onSubmit={(event) => void submit(event)} noValidate>
          <h1>Choose your username</h1>
          <p className="muted">Other collectors see it on the feed, the leaderboard and trades.</p>
          <div className="auth-field">
            <label htmlFor={`${id}-input`}>Username</label>
            <input
              id={`${id}-input`}
              name="username"
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                if (error) setError(null);
                setSuggestion(null);
              }}
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : hintId}
            />
            {!error && (
              <p id={hintId} className="auth-hint">
                3–20 letters, numbers or _
              </p>
            )}
            {error && (
              <p id={errorId} className="field-error" role="alert">
                {error}
              </p>
            )}
            {suggestion && (
              <button type="button" className="auth-suggestion" onClick={applySuggestion}>
                Use {suggestion}
              </button>
            )}
          </div>
          <button type="submit" className="primary auth-submit" disabled={busy} aria-busy={busy}>
            Save
          </button>
          <p className="auth-signed-in">
            Signed in as <strong>{auth.user?.email ?? 'Google account'}</strong>
            <button
              type="button"
              className="auth-link-button"
              onClick={() => void signOutOfThisDevice()}
            >
              Not you? Sign out
            </button>
          </p>
        </form>
      </div>
    </main>
  );
}
