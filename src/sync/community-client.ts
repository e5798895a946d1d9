// The community's reads (feed, profiles, listings, tutorials, live) and its online-only calls.
// Every read that succeeds is kept on the device, so the last pages open with no signal; a read
// that cannot reach the server answers the kept copy, marked as such.
import { currentUserId } from '../auth/auth-state';
import { firebaseUserToken } from '../auth/user-token';
import { deviceDb } from '../db/device-db';
import { AppError, isAppError } from '../errors/app-error';
import { failure } from './api-client';
import { apiFetch, readApiJson } from './api-fetch';

export interface CommunityRead<T> {
  body: T;
  /** ISO time the server answered it. */
  fetchedAt: string;
  /** True when the server could not be reached and this is the copy kept on the device. */
  fromDevice: boolean;
}

export const cacheKey = (userId: string | null, path: string) => `${userId ?? ''}|${path}`;

async function authHeaders(): Promise<Record<string, string>> {
  if (!currentUserId()) return {};
  try {
    return { Authorization: `Bearer ${await firebaseUserToken()}` };
  } catch {
    return {}; // No token offline: the read fails over to the device copy below.
  }
}

/**
 * GET `path` (under /api), keeping the answer for offline reading. With `query`, a read that
 * names more than a URL holds (a collection's car ids): POSTed as JSON, kept under both.
 */
export async function readCommunity<T>(path: string, query?: unknown): Promise<CommunityRead<T>> {
  const userId = currentUserId();
  const key = cacheKey(userId, query === undefined ? path : `${path} ${JSON.stringify(query)}`);
  let response: Response;
  let body: T;
  try {
    const headers = await authHeaders();
    response = await apiFetch(
      path,
      query === undefined
        ? { headers }
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(query),
          },
    );
    if (!response.ok) throw await failure(response, path);
    body = (await readApiJson(response)) as T;
  } catch (error) {
    if (isAppError(error, 'api')) throw error;
    const kept = await deviceDb.communityCache.get(key);
    if (kept) return { body: kept.body as T, fetchedAt: kept.fetchedAt, fromDevice: true };
    throw new AppError(
      'offline',
      "You're offline, and this page hasn't been opened on this device yet.",
    );
  }
  const fetchedAt = new Date().toISOString();
  await deviceDb.communityCache.put({ key, userId: userId ?? '', body, fetchedAt });
  return { body, fetchedAt, fromDevice: false };
}

/**
 * A call that needs the server now (accepting an offer, checkout, push registration): offline it
 * fails with a clear message instead of being queued. JSON in, JSON out.
 */
export async function callCommunity<T>(
  path: string,
  init: { method?: 'POST' | 'PUT' | 'DELETE'; body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...(await authHeaders()) };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  let response: Response;
  try {
    response = await apiFetch(path, {
      method: init.method ?? 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw await failure(response, path);
    return (await readApiJson(response)) as T;
  } catch (error) {
    if (isAppError(error, 'api')) throw error;
    throw new AppError(
      'offline',
      "You're offline. This needs a connection; try again when you have signal.",
    );
  }
}
