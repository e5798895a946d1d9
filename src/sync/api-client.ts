// The device's HTTP calls to /api: SPEC §8's error texts, tokens passed in, never stored.
import { AppError } from '../errors/app-error';
import type { Catalog } from '../shared/catalog/types';
import type { Collection } from '../shared/collection/types';

export interface ApiClient {
  /** GET /api/collection/get. */
  getCollection(token: string): Promise<Collection>;
  /** GET /api/profile/me; null when the user has no username yet (404). */
  getProfile(token: string): Promise<unknown>;
  /** POST /api/sync/push; answers whatever came back, rejects only on a network error. */
  push(
    token: string,
    mutations: { key: string; name: string; args: unknown }[],
  ): Promise<{ status: number; body: unknown; retryAfterSeconds: number | null }>;
  /** GET /api/catalog with If-None-Match; null when unchanged (304). */
  getCatalog(etag: string | null): Promise<{ catalog: Catalog; etag: string | null } | null>;
}

/** SPEC §8: the response's `error` field, else 'API call failed for endpoint <path>'. */
async function failure(response: Response, path: string, fallback?: string): Promise<AppError> {
  let message = fallback ?? `API call failed for endpoint ${path}`;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) message = body.error;
  } catch {
    // Not JSON: keep the SPEC's generic text.
  }
  return new AppError('api', message, response.status);
}

export function createApiClient(baseUrl = '', fetcher: typeof fetch = fetch): ApiClient {
  const get = (path: string, token: string) =>
    fetcher(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });

  return {
    async getCollection(token) {
      const path = '/api/collection/get';
      const response = await get(path, token);
      if (!response.ok) throw await failure(response, path, 'Failed to fetch user collection');
      return (await response.json()) as Collection;
    },
    async getProfile(token) {
      const path = '/api/profile/me';
      const response = await get(path, token);
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response, path);
      return response.json();
    },
    async push(token, mutations) {
      const response = await fetcher(`${baseUrl}/api/sync/push`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mutations }),
      });
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        // A proxy's HTML error page: the status alone decides.
      }
      const retryAfter = Number(response.headers.get('Retry-After'));
      return {
        status: response.status,
        body,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    },
    async getCatalog(etag) {
      const path = '/api/catalog';
      const response = await fetcher(`${baseUrl}${path}`, {
        headers: etag ? { 'If-None-Match': etag } : {},
        cache: 'no-cache',
      });
      if (response.status === 304) return null;
      if (!response.ok) throw await failure(response, path);
      return { catalog: (await response.json()) as Catalog, etag: response.headers.get('ETag') };
    },
  };
}
