// docs/rules.md and docs/product.md: the email action handler's rules, apart from the screen and from Firebase (the
// identity provider's calls come in as ports, so the rules are testable on their own).

export const MISSING_PARAMETERS = 'Missing action parameters.';
export const API_KEY_MISMATCH =
  "This link wasn't made for Diecast Garage. Open the newest email we sent you, or ask for a new link.";
export const unsupportedMode = (mode: string) => `Unsupported action mode: ${mode}`;

export const WORKING_TEXT = 'Finishing sign-in action…';
export const DONE_TITLE = 'All set!';
export const EMAIL_VERIFIED_TEXT = 'Email verified! Redirecting…';
export const EMAIL_UPDATED_TEXT = 'Email updated! Redirecting…';
/** docs/rules.md: 'After about 0.4 s it goes to /login?emailUpdated=1'. */
export const REDIRECT_DELAY_MS = 400;
export const SUCCESS_PATH = '/login?emailUpdated=1';
export const FAILURE_PATH = '/login?emailActionError=1';

export interface EmailActionParams {
  mode: string | null;
  oobCode: string | null;
  continueUrl: string | null;
  apiKey: string | null;
}

const EMAIL_MODES = ['verifyEmail', 'verifyAndChangeEmail', 'recoverEmail'] as const;
type EmailMode = (typeof EMAIL_MODES)[number];
export type ActionMode = EmailMode | 'resetPassword';

export interface EmailAction {
  mode: ActionMode;
  oobCode: string;
  continueUrl: string | null;
}

/** A link the handler refuses before calling the identity provider (its text is shown). */
export class EmailActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmailActionError';
  }
}

/** The hash's parameters: '#mode=…&oobCode=…', '#?mode=…' or '#/path?mode=…'. */
function hashParams(hash: string): URLSearchParams {
  const body = hash.replace(/^#/, '');
  const query = body.includes('?') ? body.slice(body.indexOf('?') + 1) : body;
  return new URLSearchParams(query);
}

/** docs/product.md: the parameters are read from the query string or the hash (the query wins). */
export function readEmailActionParams(search: string, hash: string): EmailActionParams {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const fromHash = hashParams(hash);
  const read = (name: keyof EmailActionParams) => query.get(name) || fromHash.get(name) || null;
  return {
    mode: read('mode'),
    oobCode: read('oobCode'),
    continueUrl: read('continueUrl'),
    apiKey: read('apiKey'),
  };
}

/**
 * docs/product.md: mode and oobCode are required; a link whose apiKey differs from the app's is
 * rejected; unsupported modes raise an error. Throws EmailActionError with the text to show.
 */
export function validateEmailAction(params: EmailActionParams, appApiKey: string): EmailAction {
  const { mode, oobCode, continueUrl, apiKey } = params;
  if (!mode || !oobCode) throw new EmailActionError(MISSING_PARAMETERS);
  if (apiKey !== null && apiKey !== appApiKey) throw new EmailActionError(API_KEY_MISMATCH);
  if (mode !== 'resetPassword' && !(EMAIL_MODES as readonly string[]).includes(mode)) {
    throw new EmailActionError(unsupportedMode(mode));
  }
  return { mode: mode as ActionMode, oobCode, continueUrl };
}

/** The identity provider's calls of docs/api.md the handler makes. */
export interface EmailActionPorts {
  checkActionCode(oobCode: string): Promise<unknown>;
  applyActionCode(oobCode: string): Promise<void>;
  /** Reloads the signed-in user (if any), so emailVerified and the email are current. */
  reloadUser(): Promise<void>;
  verifyPasswordResetCode(oobCode: string): Promise<unknown>;
}

export type EmailActionOutcome =
  /** The code was applied: show `text` under 'All set!', then go to `to` after the delay. */
  | { kind: 'applied'; text: string; to: string }
  /** A valid reset code: go to /set-new-password now. */
  | { kind: 'reset'; to: string }
  /** Anything else: go to /login?emailActionError=1. */
  | { kind: 'failed'; to: string; error: unknown };

export function setNewPasswordPath(oobCode: string, continueUrl: string | null): string {
  const query = new URLSearchParams({ oobCode, continueUrl: continueUrl || '/' });
  return `/set-new-password?${query.toString()}`;
}

/** docs/rules.md: runs a validated action; never rejects. */
export async function runEmailAction(
  action: EmailAction,
  ports: EmailActionPorts,
): Promise<EmailActionOutcome> {
  if (action.mode === 'resetPassword') {
    try {
      await ports.verifyPasswordResetCode(action.oobCode);
      return { kind: 'reset', to: setNewPasswordPath(action.oobCode, action.continueUrl) };
    } catch (error) {
      return { kind: 'failed', to: FAILURE_PATH, error };
    }
  }
  try {
    await ports.checkActionCode(action.oobCode);
    await ports.applyActionCode(action.oobCode);
  } catch (error) {
    return { kind: 'failed', to: FAILURE_PATH, error };
  }
  // The code is applied: a failure from here on is still a success (docs/rules.md).
  try {
    await ports.reloadUser();
  } catch {
    // Offline or signed out elsewhere: the email is verified all the same.
  }
  const text = action.mode === 'verifyEmail' ? EMAIL_VERIFIED_TEXT : EMAIL_UPDATED_TEXT;
  return { kind: 'applied', text, to: SUCCESS_PATH };
}
