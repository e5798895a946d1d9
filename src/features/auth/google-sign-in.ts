// Google sign-in on the page (docs/api.md): a popup on desktop, a redirect on iPhone/iPad/iPod/Android.
// A new Google collector gets a generated username and an initialised profile (docs/rules.md and docs/product.md).
import {
  browserPopupRedirectResolver,
  getRedirectResult,
  GoogleAuthProvider,
  signInWithPopup,
  signInWithRedirect,
  type UserCredential,
} from 'firebase/auth';
import { startAuth } from '../../auth/auth-state';
import { ensureGoogleUsername, isNewAccount, usesRedirect } from '../../auth/google';
import { largeWritesSettled } from '../../db/large-writes';
import { noteNewCollectorHere, refreshProfile } from '../../sync/profile-refresh';

/** Set before leaving for Google's page: where to go when the redirect comes back. */
const PENDING_REDIRECT_KEY = 'diecast:google-redirect-next';

async function requireAuth() {
  const auth = await startAuth();
  if (!auth) throw new Error('Sign-in is not available: connect to the internet once.');
  return auth;
}

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/**
 * Gives a Google user a username when they have none: the generated one of docs/product.md (a new
 * suffix on a clash), then pulls the profile. A failure here is not a sign-in failure: the
 * guard's create-username screen asks for a name instead.
 */
export async function finishGoogleSignIn(credential: UserCredential): Promise<void> {
  // A Google account made just now holds nothing yet, whether or not its username comes next.
  if (isNewAccount(credential)) await noteNewCollectorHere(credential.user.uid);
  try {
    const result = await ensureGoogleUsername(credential);
    if (result?.status === 'exhausted') {
      console.warn('Google sign-in: every generated username was taken', result.tried);
    }
  } catch (error) {
    console.warn('Google sign-in: could not set up the username', error);
  }
  await refreshProfile();
}

/**
 * Starts Google sign-in. With a popup it resolves once signed in and set up ('signed-in'); with
 * a redirect the page leaves for Google and this never resolves.
 */
export async function startGoogleSignIn(next: string): Promise<'signed-in'> {
  const auth = await requireAuth();
  if (usesRedirect(navigator.userAgent)) {
    sessionStorage.setItem(PENDING_REDIRECT_KEY, next);
    // Leaving the page in the middle of a large IndexedDB write can freeze the origin's later
    // transactions on WebKit (iPhone: always a redirect), so a catalogue write finishes first.
    await largeWritesSettled();
    await signInWithRedirect(auth, googleProvider(), browserPopupRedirectResolver);
    return new Promise<never>(() => {});
  }
  const credential = await signInWithPopup(auth, googleProvider(), browserPopupRedirectResolver);
  await finishGoogleSignIn(credential);
  return 'signed-in';
}

/** Whether this page load is the return from a Google redirect this device started. */
export function hasPendingGoogleRedirect(): boolean {
  try {
    return sessionStorage.getItem(PENDING_REDIRECT_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * On the return from Google's page: finishes the sign-in and answers where to go next, or null
 * when there was no redirect result. Rejects with the identity provider's error.
 */
export async function completeGoogleRedirect(): Promise<{ next: string } | null> {
  const next = sessionStorage.getItem(PENDING_REDIRECT_KEY);
  if (next === null) return null;
  sessionStorage.removeItem(PENDING_REDIRECT_KEY);
  const auth = await requireAuth();
  const credential = await getRedirectResult(auth, browserPopupRedirectResolver);
  if (!credential) return null;
  await finishGoogleSignIn(credential);
  return { next };
}
