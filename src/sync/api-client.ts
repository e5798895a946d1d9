// The device's HTTP calls to /api: the error texts of docs/product.md, tokens passed in, never stored. Every
// call goes through apiFetch: a deadline, no redirects, and only our API's answers count.
import { AppError } from '../errors/app-error';
import { apiFetch, BULK_DEADLINE_MS, readApiJson } from './api-fetch';
import type { Catalog } from '../shared/catalog/types';
import type { Collection } from '../shared/collection/types';
import type { PushMutation, PushResponse } from './replay-types';

export interface ApiClient {
  /** GET /api/collection/get. */
  getCollection(token: string): Promise<Collection>;
  /** GET /api/profile/me; null when the user has no username yet (404). */
  getProfile(token: string): Promise<unknown>;
  /**
   * POST /api/sync/push: our API's answer, whatever its status; rejects with ApiNotReachedError
   * when the answer is not our API's (a portal, a proxy, a reset, a timeout).
   */
  push(token: string, mutations: PushMutation[]): Promise<PushResponse>;
  /** GET /api/catalog with If-None-Match; null when unchanged (304). */
  getCatalog(etag: string | null): Promise<{ catalog: Catalog; etag: string | null } | null>;
}

/** docs/product.md: the response's `error` field, else 'API call failed for endpoint <path>'. */
export async function failure(
  response: Response,
  path: string,
  fallback?: string,
): Promise<AppError> {
  const body = (await readApiJson(response)) as { error?: unknown } | null;
  const error = body?.error;
  const message =
    typeof error === 'string' && error
      ? error
      : (fallback ?? `API call failed for endpoint ${path}`);
  return new AppError('api', message, response.status);
}

export function createApiClient(baseUrl = '', fetcher?: typeof fetch): ApiClient {
  const get = (path: string, token: string) =>
    apiFetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } }, { fetcher });

  return {
    async getCollection(token) {
      const path = '/api/collection/get';
      const response = await get(path, token);
      if (!response.ok) throw await failure(response, path, 'Failed to fetch user collection');
      return (await readApiJson(response)) as Collection;
    },
    async getProfile(token) {
      const path = '/api/profile/me';
      const response = await get(path, token);
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response, path);
      return readApiJson(response);
    },
    async push(token, mutations) {
      const response = await apiFetch(
        `${baseUrl}/api/sync/push`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ mutations }),
        },
        { fetcher },
      );
      const body = await readApiJson(response);
      const retryAfter = Number(response.headers.get('Retry-After'));
      return {
        status: response.status,
        body,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    },
    async getCatalog(etag) {
      const path = '/api/catalog';
      const response = await apiFetch(
        `${baseUrl}${path}`,
        { headers: etag ? { 'If-None-Match': etag } : {}, cache: 'no-cache' },
        { fetcher, deadlineMs: BULK_DEADLINE_MS },
      );
      if (response.status === 304) return null;
      if (!response.ok) throw await failure(response, path);
      const catalog = (await readApiJson(response)) as Catalog;
      return { catalog, etag: response.headers.get('ETag') };
    },
  };
}
