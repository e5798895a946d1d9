// The identity provider's error codes in a collector's words, and which field they belong under.
import { DeadlinePassed } from '../../db/deadline';

export type AuthField = 'email' | 'password' | 'form';

export interface FieldError {
  field: AuthField;
  message: string;
}

export const MESSAGES = {
  emailRequired: 'Enter your email address.',
  emailInvalid: "That doesn't look like an email address — check for typos.",
  emailInUse: 'There is already an account with this email. Log in instead.',
  passwordRequired: 'Enter your password.',
  newPasswordRequired: 'Enter a new password.',
  passwordWeak: 'Choose a longer password: at least 6 characters.',
  wrongCredentials: "That email and password don't match. Check them, or reset your password.",
  offline: 'No connection. Signing in needs the internet — try again when you are online.',
  tooManyRequests: 'Too many tries in a row. Wait a minute, then try again.',
  userDisabled: 'This account has been switched off. Contact support to get it back.',
  popupBlocked:
    'Your browser blocked the Google window. Allow pop-ups for this site and try again.',
  resetLinkBad:
    'This reset link has expired or was already used. Ask for a new one from Log in → Forgot password?',
  unavailable: 'Sign-in is not available yet: connect to the internet once, then try again.',
  noAnswer: 'This is taking too long. Reload the page, then try again.',
  unknown: 'Something went wrong. Please try again.',
} as const;

/** The Firebase error code of an error ('auth/…'), if it has one. */
export function authErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** Errors that mean the collector closed the Google window: nothing to say. */
export function isCancelled(error: unknown): boolean {
  const code = authErrorCode(error);
  return (
    code === 'auth/popup-closed-by-user' ||
    code === 'auth/cancelled-popup-request' ||
    code === 'auth/user-cancelled'
  );
}

/** Maps a sign-in, sign-up, reset or Google error to the words and the field to show them under. */
export function describeAuthError(error: unknown): FieldError {
  switch (authErrorCode(error)) {
    case 'auth/invalid-email':
    case 'auth/missing-email':
      return { field: 'email', message: MESSAGES.emailInvalid };
    case 'auth/email-already-in-use':
    case 'auth/account-exists-with-different-credential':
      return { field: 'email', message: MESSAGES.emailInUse };
    case 'auth/user-not-found':
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return { field: 'password', message: MESSAGES.wrongCredentials };
    case 'auth/missing-password':
      return { field: 'password', message: MESSAGES.passwordRequired };
    case 'auth/weak-password':
    case 'auth/password-does-not-meet-requirements':
      return { field: 'password', message: MESSAGES.passwordWeak };
    case 'auth/network-request-failed':
    case 'auth/timeout':
      return { field: 'form', message: MESSAGES.offline };
    case 'auth/too-many-requests':
      return { field: 'form', message: MESSAGES.tooManyRequests };
    case 'auth/user-disabled':
      return { field: 'form', message: MESSAGES.userDisabled };
    case 'auth/popup-blocked':
      return { field: 'form', message: MESSAGES.popupBlocked };
    case 'auth/expired-action-code':
    case 'auth/invalid-action-code':
      return { field: 'form', message: MESSAGES.resetLinkBad };
    default:
      if (error instanceof DeadlinePassed) return { field: 'form', message: MESSAGES.noAnswer };
      if (error instanceof Error && error.message.startsWith('Sign-in is not available')) {
        return { field: 'form', message: MESSAGES.unavailable };
      }
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        return { field: 'form', message: MESSAGES.offline };
      }
      return { field: 'form', message: MESSAGES.unknown };
  }
}

/** A quick check before asking the identity provider (which has the last word). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
