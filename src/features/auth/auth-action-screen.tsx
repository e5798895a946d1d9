// /auth/action and /__/auth/action: the email-link handler (docs/product.md, *Sign-in, usernames
// and email links*), once per link.
import { useEffect, useState } from 'react';
import { applyActionCode, checkActionCode, verifyPasswordResetCode } from 'firebase/auth';
import { Link, useLocation } from 'wouter';
import { startAuth } from '../../auth/auth-state';
import { clientConfigOnDevice } from '../../data/device-reads';
import { AuthShell } from './auth-fields';
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
