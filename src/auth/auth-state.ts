// The page's signed-in user: Firebase Auth (IndexedDB persistence) started from the stored
// config, so a signed-in collector stays signed in with no network. Firebase's code is loaded
// when Auth starts, beside the config, not with the first screen.
import type { Auth, User } from 'firebase/auth';
import { withDeadline } from '../db/deadline';
import { deviceDb } from '../db/device-db';
import { loadClientConfig } from './client-config';
import type * as FirebaseSession from './firebase-session';

export interface AuthSnapshot {
  /** False until Firebase has read the persisted user ('Authenticating...'). */
  ready: boolean;
  user: { uid: string; email: string | null } | null;
  /** Set when sign-in cannot start at all (no config and no network on a first visit). */
  error: string | null;
}

let snapshot: AuthSnapshot = { ready: false, user: null, error: null };
const listeners = new Set<() => void>();
let auth: Auth | null = null;
let started: Promise<Auth | null> | null = null;
let session: Promise<typeof FirebaseSession> | null = null;

/** Firebase's code, loaded once; a failed load (offline before the worker cached it) is retried. */
const firebase = () =>
  (session ??= import('./firebase-session').catch((error: unknown) => {
    session = null;
    throw error;
  }));

/** Who Auth last said was signed in on this device ('null' when nobody): read before it is up. */
const LAST_USER_KEY = 'diecast.lastUser';

/** The page's localStorage (this module is also compiled for the worker, which has none). */
const storage = () =>
  (
    globalThis as {
      localStorage?: {
        getItem(key: string): string | null;
        setItem(key: string, value: string): void;
      };
    }
  ).localStorage;

function set(next: AuthSnapshot) {
  snapshot = next;
  if (next.ready) {
    try {
      storage()?.setItem(LAST_USER_KEY, JSON.stringify(next.user));
    } catch {
      // Storage refused (private mode): screens only wait for Firebase's answer.
    }
  }
  for (const listener of listeners) listener();
}

/**
 * Who Auth last said was signed in on this device (null: nobody, or a device that never signed
 * in; undefined: unknown), so a screen can draw its signed-in or signed-out part before
 * Firebase's answer instead of a line that the part then pushes down. Firebase's answer decides:
 * screens switch to it the moment it comes.
 */
export function lastKnownUser(): AuthSnapshot['user'] | undefined {
  try {
    const stored = storage()?.getItem(LAST_USER_KEY);
    if (stored === undefined) return undefined;
    if (stored === null) return null;
    const user = JSON.parse(stored) as AuthSnapshot['user'];
    return user === null || typeof user?.uid === 'string' ? user : undefined;
  } catch {
    return undefined;
  }
}

function toUser(user: User | null): AuthSnapshot['user'] {
  return user ? { uid: user.uid, email: user.email } : null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Starts Auth once; resolves with it, or null when no config could be had. */
export function startAuth(): Promise<Auth | null> {
  started ??= (async () => {
    const [config, fb] = await Promise.all([loadClientConfig(deviceDb), firebase()]);
    if (!config) {
      set({ ready: true, user: null, error: 'Connect once to the internet to sign in.' });
      return null;
    }
    auth = fb.firebaseAuth(config);
    // Firebase's start and its first listener are two tasks, not one long one (on a phone
    // together they are a long task right after the first screen is drawn).
    await nextTask();
    fb.onAuthStateChanged(auth, (user) => set({ ready: true, user: toUser(user), error: null }));
    return auth;
  })();
  return started;
}

export const authStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => snapshot,
};

async function requireAuth(): Promise<Auth> {
  const current = await startAuth();
  if (!current) throw new Error('Sign-in is not available: connect to the internet once.');
  return current;
}

/**
 * How long Log in and Sign up wait for Firebase before the screen says so. Firebase keeps the
 * user in its own IndexedDB, and WebKit has been seen to stop answering it after a navigation:
 * without a deadline the button stayed busy for good. The work is abandoned, not cancelled: if
 * it finishes later, the collector is signed in all the same.
 */
export const AUTH_ANSWER_MS = 20_000;

/** A Firebase call on the started Auth, given up on after AUTH_ANSWER_MS. */
async function withAnswerDeadline<T>(
  what: string,
  call: (fb: typeof FirebaseSession, current: Auth) => Promise<T>,
): Promise<T> {
  const work = (async () => {
    const current = await requireAuth();
    return call(await firebase(), current);
  })();
  return withDeadline(work, AUTH_ANSWER_MS, what);
}

export async function signIn(email: string, password: string): Promise<void> {
  await withAnswerDeadline('Logging in', (fb, current) =>
    fb.signInWithEmailAndPassword(current, email, password),
  );
}

/** Creates the account and signs in to it; resolves with the new collector's id. */
export async function signUp(email: string, password: string): Promise<string> {
  const credential = await withAnswerDeadline('Signing up', (fb, current) =>
    fb.createUserWithEmailAndPassword(current, email, password),
  );
  return credential.user.uid;
}

/** Signs out; the caller has warned about unsynced changes, which stay for the next sign-in. */
export async function signOut(): Promise<void> {
  const current = await requireAuth();
  await (await firebase()).signOut(current);
}

export function currentUserId(): string | null {
  return snapshot.user?.uid ?? null;
}
