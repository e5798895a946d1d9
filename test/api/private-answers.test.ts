// Signed-in /api answers are never kept by a cache (private, no-store), whatever the route and
// status; anonymous public reads keep their own caching (the catalogue's ETag flow).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
let user: TestUser;

beforeAll(async () => {
  api = await createApiHarness();
  user = await api.collector('cache');
});
afterAll(() => api.close());

const request = (path: string, init: RequestInit = {}) => api.app.request(path, init);

describe('Cache-Control on /api answers', () => {
  it.each([
    ['a signed-in read', 'GET', '/api/profile/me', undefined],
    ['a signed-in read of a public route', 'GET', '/api/posts/feed', undefined],
    ['a signed-in read of the collection', 'GET', '/api/collection/get', undefined],
    ['a change', 'POST', '/api/sync/push', { mutations: [] }],
    ['a refused change', 'POST', '/api/sync/push', { mutations: 'no' }],
    ['an unknown route', 'GET', '/api/nowhere', undefined],
    ['the catalogue, asked with a token', 'GET', '/api/catalog', undefined],
  ])('%s with a token: private, no-store', async (_label, method, path, body) => {
    const response = await request(path, {
      method,
      headers: user.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('cache-control'), `${method} ${path}`).toBe('private, no-store');
  });

  it('a refused or missing token on a signed-in route: private, no-store', async () => {
    const missing = await request('/api/profile/me');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
    const bad = await request('/api/profile/me', { headers: { Authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('cache-control')).toBe('private, no-store');
  });

  it('anonymous catalogue reads keep their ETag flow', async () => {
    const first = await request('/api/catalog');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await request('/api/catalog', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect((await request('/api/all-sets')).headers.get('cache-control')).toBe('no-cache');
  });
});
