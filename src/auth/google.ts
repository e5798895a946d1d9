// Google sign-in rules apart from the page (src/features/auth/google-sign-in.ts runs the flow):
// popup or redirect (docs/api.md), and the generated username a new Google collector gets
// (docs/rules.md and docs/product.md), claimed through POST /api/users/initialize.
import { getAdditionalUserInfo, type UserCredential } from 'firebase/auth';
import { generateUsername } from '../shared/profile/username';
import { apiFetch, readApiJson } from '../sync/api-fetch';

/** docs/api.md: a redirect on iPhone, iPad, iPod and Android; a popup everywhere else. */
export function usesRedirect(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Android/i.test(userAgent);
}

/** How many generated names are tried before the create-username screen takes over. */
export const GENERATED_NAME_ATTEMPTS = 5;

export interface GeneratedNameInput {
  displayName: string | null | undefined;
  email: string | null | undefined;
  /** The new user's ID token for the bearer header. */
  token: string;
  fetcher?: typeof fetch;
  random?: () => number;
  attempts?: number;
}

export type GeneratedNameResult =
  | { status: 'created'; username: string }
  /** The user already had a username (another device got there first). */
  | { status: 'existing' }
  /** Every generated name was taken: the guard's create-username screen asks instead. */
  | { status: 'exhausted'; tried: string[] };

/**
 * POSTs a generated username; on 409 'already taken' tries again with a new random suffix.
 * Rejects on a network failure or any other non-OK answer (the error text of docs/product.md).
 */
export async function initializeGeneratedUsername({
  displayName,
  email,
  token,
  fetcher,
  random = Math.random,
  attempts = GENERATED_NAME_ATTEMPTS,
}: GeneratedNameInput): Promise<GeneratedNameResult> {
  const tried: string[] = [];
  const path = '/api/users/initialize';
  for (let attempt = 0; attempt < attempts; attempt++) {
    const username = generateUsername(displayName, email, random);
    if (tried.includes(username)) continue;
    tried.push(username);
    const response = await apiFetch(
      path,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username }),
      },
      { fetcher },
    );
    if (response.ok) return { status: 'created', username };
    const body = (await readApiJson(response)) as { error?: unknown } | null;
    const error = typeof body?.error === 'string' ? body.error : '';
    if (response.status === 409 && error.startsWith('You already have')) {
      return { status: 'existing' };
    }
    if (response.status !== 409) throw new Error(error || `API call failed for endpoint ${path}`);
  }
  return { status: 'exhausted', tried };
}

/** Whether the signed-in user still needs a username: GET /api/profile/me answers 404. */
export async function needsUsername(token: string, fetcher?: typeof fetch): Promise<boolean> {
  const response = await apiFetch(
    '/api/profile/me',
    { headers: { Authorization: `Bearer ${token}` } },
    { fetcher },
  );
  if (response.status === 404) return true;
  if (!response.ok) throw new Error('API call failed for endpoint /api/profile/me');
  return false;
}

/** The credential created the Firebase account just now (a first sign-in with Google). */
export function isNewAccount(credential: UserCredential): boolean {
  return getAdditionalUserInfo(credential)?.isNewUser ?? false;
}

/**
 * After a Google sign-in: a new user (or one with no username yet) gets the generated username
 * of docs/product.md. Answers null when the user already had one.
 */
export async function ensureGoogleUsername(
  credential: UserCredential,
  fetcher?: typeof fetch,
): Promise<GeneratedNameResult | null> {
  const token = await credential.user.getIdToken();
  if (!isNewAccount(credential) && !(await needsUsername(token, fetcher))) return null;
  return initializeGeneratedUsername({
    displayName: credential.user.displayName,
    email: credential.user.email,
    token,
    fetcher,
  });
}
