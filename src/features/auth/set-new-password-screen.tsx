// /set-new-password: the new password for a reset link's code.
import { useRef, useState, type FormEvent } from 'react';
import { confirmPasswordReset } from 'firebase/auth';
import { Link, useLocation, useSearch } from 'wouter';
import { startAuth } from '../../auth/auth-state';
import { MESSAGES, describeAuthError } from './auth-errors';
import { AuthField, AuthShell, FormError } from './auth-fields';
import { nextFromContinueUrl } from './next-path';

export function SetNewPasswordScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const oobCode = params.get('oobCode');
  const next = nextFromContinueUrl(params.get('continueUrl'), window.location.origin);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  if (!oobCode) {
    return (
      <AuthShell>
        <section className="card auth-form" aria-labelledby="reset-missing-title">
          <h1 id="reset-missing-title">This reset link is incomplete</h1>
          <p className="muted">
            Open the link from the newest reset email, or ask for a new one from Log in → Forgot
            password?
          </p>
          <Link href="/login" className="auth-button-link primary">
            Go to log in
          </Link>
        </section>
      </AuthShell>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!password) {
      setError(MESSAGES.newPasswordRequired);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const auth = await startAuth();
      if (!auth) throw new Error('Sign-in is not available: connect to the internet once.');
      await confirmPasswordReset(auth, oobCode, password);
      const query = new URLSearchParams({ passwordReset: '1' });
      if (next !== '/home') query.set('next', next);
      navigate(`/login?${query.toString()}`, { replace: true });
    } catch (reason) {
      const described = describeAuthError(reason);
      if (described.field === 'password') {
        setError(described.message);
        input.current?.focus();
      } else {
        setFormError(described.message);
      }
      setBusy(false);
    }
  };

  return (
    <AuthShell>
      <form className="card auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <h1>Choose a new password</h1>
        <p className="muted">Then log in with it on every device.</p>
        <AuthField
          ref={input}
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          error={error}
          hint="At least 6 characters."
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
            setFormError(null);
          }}
        />
        <FormError message={formError} />
        <button type="submit" className="primary auth-submit" disabled={busy} aria-busy={busy}>
          Save
        </button>
        <Link href="/login" className="auth-switch-link">
          Back to log in
        </Link>
      </form>
    </AuthShell>
  );
}
