// /signup and /login: one email-and-password screen in two modes (the login one with the
// password reset request), Google's button, and the notices a redirect back here brings.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendPasswordResetEmail } from 'firebase/auth';
import { Link, useLocation, useSearch } from 'wouter';
import { signIn, signUp, startAuth } from '../../auth/auth-state';
import { signOutOfThisDevice } from '../account';
import { useAuth } from '../../auth/use-auth';
import {
  MESSAGES,
  authErrorCode,
  describeAuthError,
  isCancelled,
  looksLikeEmail,
} from './auth-errors';
import { AuthField, AuthShell, FormError, GoogleButton, Notice, OrDivider } from './auth-fields';
import {
  completeGoogleRedirect,
  hasPendingGoogleRedirect,
  startGoogleSignIn,
} from './google-sign-in';
import { noteNewCollectorHere } from '../../sync/profile-refresh';
import { nextFromSearch, safeNext, withNext } from './next-path';
import { focusFirstError, type Errors } from './form-errors';

type Mode = 'signup' | 'login';

const COPY: Record<Mode, { title: string; lead: string; submit: 'Sign up' | 'Log in' }> = {
  signup: {
    title: 'Create your account',
    lead: 'Track every car you own, on every device — even with no signal.',
    submit: 'Sign up',
  },
  login: {
    title: 'Log in to your garage',
    lead: 'Your collection is waiting where you left it.',
    submit: 'Log in',
  },
};

function LoginNotices({ search }: { search: string }) {
  const params = new URLSearchParams(search);
  return (
    <>
      {params.get('emailUpdated') === '1' && (
        <Notice tone="success">Your email is confirmed. Log in to carry on collecting.</Notice>
      )}
      {params.get('emailActionError') === '1' && (
        <Notice tone="warning">
          That email link didn&apos;t work: it may have expired or been used already. Log in, or ask
          for a new link.
        </Notice>
      )}
      {params.get('passwordReset') === '1' && (
        <Notice tone="success">Password saved. Log in with your new password.</Notice>
      )}
    </>
  );
}

function SignedInCard({ email, next }: { email: string | null; next: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <section className="card auth-form" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">You&apos;re signed in</h1>
      <p className="muted">
        as <strong>{email ?? 'your Google account'}</strong>
      </p>
      <Link href={next} className="auth-button-link primary">
        Continue
      </Link>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOutOfThisDevice().finally(() => setBusy(false));
        }}
      >
        Sign out
      </button>
    </section>
  );
}

function PasswordResetRequest({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => heading.current?.focus(), [sentTo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = !trimmed
      ? MESSAGES.emailRequired
      : looksLikeEmail(trimmed)
        ? null
        : MESSAGES.emailInvalid;
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const auth = await startAuth();
      if (!auth) throw new Error('Sign-in is not available');
      await sendPasswordResetEmail(auth, trimmed);
      setSentTo(trimmed);
    } catch (reason) {
      // Whether an account exists is not told (the provider may not tell either).
      if (authErrorCode(reason) === 'auth/user-not-found') setSentTo(trimmed);
      else setError(describeAuthError(reason).message);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <section className="card auth-form" aria-labelledby="reset-sent-title">
        <h1 id="reset-sent-title" ref={heading} tabIndex={-1}>
          Check your email
        </h1>
        <Notice tone="success">
          If there is an account for <strong>{sentTo}</strong>, a link to choose a new password is
          on its way. It can take a minute — look in spam too.
        </Notice>
        <button type="button" className="primary auth-submit" onClick={() => onBack(sentTo)}>
          Back to log in
        </button>
      </section>
    );
  }

  return (
    <form className="card auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <h1 ref={heading} tabIndex={-1}>
        Reset your password
      </h1>
      <p className="muted">We&apos;ll email you a link to choose a new one.</p>
      <AuthField
        ref={input}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
      />
      <button type="submit" className="primary auth-submit" disabled={busy} aria-busy={busy}>
        Send reset link
      </button>
      <button type="button" className="auth-link-button auth-back" onClick={() => onBack(email)}>
        Back to log in
      </button>
    </form>
  );
}

function EmailPasswordScreen({ mode }: { mode: Mode }) {
  const auth = useAuth();
  const search = useSearch();
  const [, navigate] = useLocation();
  const next = nextFromSearch(search);
  const copy = COPY[mode];
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // 'form' while email/password sign-in runs, 'google' for Google, 'redirect' on its return.
  const [busy, setBusy] = useState<'form' | 'google' | 'redirect' | null>(() =>
    hasPendingGoogleRedirect() ? 'redirect' : null,
  );
  const [view, setView] = useState<'form' | 'reset'>('form');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);

  // The return from a Google redirect (iPhone, iPad, iPod, Android): finish it, then go on.
  useEffect(() => {
    if (!hasPendingGoogleRedirect() || returning.current) return;
    returning.current = true;
    completeGoogleRedirect()
      .then((done) => {
        if (done) navigate(safeNext(done.next), { replace: true });
        else setBusy(null);
      })
      .catch((reason: unknown) => {
        setBusy(null);
        if (!isCancelled(reason)) setErrors({ form: describeAuthError(reason).message });
      });
  }, [navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!email.trim()) found.email = MESSAGES.emailRequired;
    else if (!looksLikeEmail(email)) found.email = MESSAGES.emailInvalid;
    if (!password) found.password = MESSAGES.passwordRequired;
    setErrors(found);
    if (found.email || found.password) {
      focusFirstError(found, { email: emailRef.current, password: passwordRef.current });
      return;
    }
    setBusy('form');
    try {
      if (mode === 'signup') await noteNewCollectorHere(await signUp(email.trim(), password));
      else await signIn(email.trim(), password);
      // A new account has no username yet: the guard's create-username screen asks on `next`.
      navigate(next, { replace: true });
    } catch (reason) {
      const { field, message } = describeAuthError(reason);
      const shown = { [field]: message };
      setErrors(shown);
      focusFirstError(shown, { email: emailRef.current, password: passwordRef.current });
      setBusy(null);
    }
  };

  const google = async () => {
    setErrors({});
    setBusy('google');
    try {
      await startGoogleSignIn(next);
      navigate(next, { replace: true });
    } catch (reason) {
      setBusy(null);
      if (!isCancelled(reason)) setErrors({ form: describeAuthError(reason).message });
    }
  };

  if (busy === 'redirect') {
    return (
      <AuthShell>
        <section className="card auth-form auth-working" aria-live="polite">
          <span className="auth-spinner" aria-hidden="true" />
          <p role="status">Finishing Google sign-in…</p>
        </section>
      </AuthShell>
    );
  }

  if (auth.ready && auth.user && busy === null) {
    return (
      <AuthShell>
        {mode === 'login' && <LoginNotices search={search} />}
        <SignedInCard email={auth.user.email} next={next} />
      </AuthShell>
    );
  }

  if (view === 'reset') {
    return (
      <AuthShell>
        <PasswordResetRequest
          initialEmail={email}
          onBack={(typed) => {
            setEmail(typed);
            setView('form');
            requestAnimationFrame(() => headingRef.current?.focus());
          }}
        />
      </AuthShell>
    );
  }

  const other: Mode = mode === 'signup' ? 'login' : 'signup';
  return (
    <AuthShell>
      {mode === 'login' && <LoginNotices search={search} />}
      {auth.error && <Notice tone="warning">{auth.error}</Notice>}
      <form className="card auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <h1 ref={headingRef} tabIndex={-1}>
          {copy.title}
        </h1>
        <p className="muted">{copy.lead}</p>
        <AuthField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          inputMode="email"
          autoComplete={mode === 'signup' ? 'email' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => ({ ...current, email: undefined, form: undefined }));
          }}
        />
        <AuthField
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          value={password}
          error={errors.password}
          hint={mode === 'signup' ? 'At least 6 characters.' : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: undefined, form: undefined }));
          }}
        />
        {mode === 'login' && (
          <button
            type="button"
            className="auth-link-button auth-forgot"
            onClick={() => setView('reset')}
          >
            Forgot password?
          </button>
        )}
        <FormError message={errors.form} />
        {errors.form === MESSAGES.noAnswer && (
          <button
            type="button"
            className="auth-link-button"
            onClick={() => window.location.reload()}
          >
            Reload the page
          </button>
        )}
        <button
          type="submit"
          className="primary auth-submit"
          disabled={busy !== null}
          aria-busy={busy === 'form'}
        >
          {copy.submit}
        </button>
        <OrDivider />
        <GoogleButton onClick={() => void google()} disabled={busy !== null} />
      </form>
      <p className="auth-switch">
        {mode === 'signup' ? 'Already have an account?' : 'New to Diecast Garage?'}{' '}
        <Link href={withNext(`/${other}`, next)}>{mode === 'signup' ? 'Log in' : 'Sign up'}</Link>
      </p>
      <p className="auth-switch">
        <Link href="/home">Browse without an account</Link>
      </p>
    </AuthShell>
  );
}

export function SignupScreen() {
  return <EmailPasswordScreen mode="signup" />;
}

export function LoginScreen() {
  return <EmailPasswordScreen mode="login" />;
}
