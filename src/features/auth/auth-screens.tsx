// The sign-in screens of docs/product.md (one lazily loaded chunk): /signup, /login (with the password
// reset request), /set-new-password, and the email action handler of docs/rules.md at /auth/action and
// /__/auth/action.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  sendPasswordResetEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { Link, useLocation, useSearch } from 'wouter';
import { signIn, signUp, startAuth } from '../../auth/auth-state';
import { signOutOfThisDevice } from '../account';
import { useAuth } from '../../auth/use-auth';
import { clientConfigOnDevice } from '../../db/device-reads';
import {
  MESSAGES,
  authErrorCode,
  describeAuthError,
  isCancelled,
  looksLikeEmail,
  type AuthField as Field,
} from './auth-errors';
import { AuthField, AuthShell, FormError, GoogleButton, Notice, OrDivider } from './auth-fields';
import {
  DONE_TITLE,
  EmailActionError,
  FAILURE_PATH,
  REDIRECT_DELAY_MS,
  WORKING_TEXT,
  readEmailActionParams,
  runEmailAction,
  validateEmailAction,
  type EmailActionOutcome,
} from './email-action';
import {
  completeGoogleRedirect,
  hasPendingGoogleRedirect,
  startGoogleSignIn,
} from './google-sign-in';
import { nextFromContinueUrl, nextFromSearch, safeNext, withNext } from './next-path';
import './auth-screens.css';

type Errors = Partial<Record<Field, string>>;

/** Focuses the first field that has an error, so keyboard and screen-reader users land on it. */
function focusFirstError(errors: Errors, refs: Partial<Record<Field, HTMLElement | null>>) {
  const field = (['email', 'password'] as const).find((name) => errors[name]);
  if (field) refs[field]?.focus();
}

// ---- /signup and /login ---------------------------------------------------------------------

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
      await (mode === 'signup' ? signUp : signIn)(email.trim(), password);
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

// ---- /set-new-password ----------------------------------------------------------------------

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

// ---- /auth/action and /__/auth/action (docs/rules.md) ------------------------------------------------

type ActionRun = { kind: 'invalid'; message: string } | EmailActionOutcome;

/** One run per link, so a re-mounted screen (React's StrictMode) never applies a code twice. */
const actionRuns = new Map<string, Promise<ActionRun>>();

async function runLink(search: string, hash: string): Promise<ActionRun> {
  const params = readEmailActionParams(search, hash);
  const auth = await startAuth();
  const config = await clientConfigOnDevice();
  if (!auth || !config) {
    return { kind: 'failed', to: FAILURE_PATH, error: new Error('No sign-in config') };
  }
  let action;
  try {
    action = validateEmailAction(params, config.firebase.apiKey);
  } catch (error) {
    if (error instanceof EmailActionError) return { kind: 'invalid', message: error.message };
    throw error;
  }
  return runEmailAction(action, {
    checkActionCode: (code) => checkActionCode(auth, code),
    applyActionCode: (code) => applyActionCode(auth, code),
    reloadUser: async () => {
      await auth.currentUser?.reload();
    },
    verifyPasswordResetCode: (code) => verifyPasswordResetCode(auth, code),
  });
}

function runOnce(search: string, hash: string): Promise<ActionRun> {
  const key = `${search}#${hash}`;
  let run = actionRuns.get(key);
  if (!run) {
    run = runLink(search, hash).catch((error: unknown): ActionRun => ({
      kind: 'failed',
      to: FAILURE_PATH,
      error,
    }));
    actionRuns.set(key, run);
  }
  return run;
}

export function AuthActionScreen() {
  const [, navigate] = useLocation();
  const [state, setState] = useState<
    { kind: 'working' } | { kind: 'done'; text: string } | { kind: 'invalid'; message: string }
  >({ kind: 'working' });

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void runOnce(window.location.search, window.location.hash).then((run) => {
      if (!active) return;
      switch (run.kind) {
        case 'invalid':
          setState({ kind: 'invalid', message: run.message });
          return;
        case 'applied':
          setState({ kind: 'done', text: run.text });
          timer = setTimeout(() => navigate(run.to, { replace: true }), REDIRECT_DELAY_MS);
          return;
        case 'reset':
          setState({ kind: 'done', text: 'Choose your new password…' });
          navigate(run.to, { replace: true });
          return;
        case 'failed':
          console.warn('Email action failed', run.error);
          navigate(run.to, { replace: true });
      }
    });
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [navigate]);

  return (
    <AuthShell>
      {state.kind === 'working' && (
        <section className="card auth-form auth-working">
          <span className="auth-spinner" aria-hidden="true" />
          <h1 role="status">{WORKING_TEXT}</h1>
        </section>
      )}
      {state.kind === 'done' && (
        <section className="card auth-form auth-working" role="status">
          <span className="auth-check" aria-hidden="true">
            ✓
          </span>
          <h1>{DONE_TITLE}</h1>
          <p className="auth-done-text">{state.text}</p>
        </section>
      )}
      {state.kind === 'invalid' && (
        <section className="card auth-form" aria-labelledby="action-error-title">
          <h1 id="action-error-title">This link can&apos;t be used</h1>
          <p className="field-error" role="alert">
            {state.message}
          </p>
          <p className="muted">
            Open the link from the newest email we sent, or ask for a new one after logging in.
          </p>
          <Link href="/login" className="auth-button-link primary">
            Go to log in
          </Link>
        </section>
      )}
    </AuthShell>
  );
}
