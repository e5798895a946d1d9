// Every answer of our own /api carries the marker header, whatever its status: the device
// counts an answer as the API's only when it has it (a portal or proxy does not send it).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app';
import { API_MARKER_HEADER, API_MARKER_VALUE } from '../../src/shared/http/api-marker';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';

let api: ApiHarness;

beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

it.each([
  ['a public read', 'GET', '/api/all-sets', undefined, 200],
  ['an unknown route', 'GET', '/api/no-such-thing', undefined, 404],
  ['a missing token', 'POST', '/api/sync/push', '{"mutations":[]}', 401],
  ['a body that is not JSON', 'POST', '/api/sync/push', 'not json', 401],
  ['an oversized body', 'POST', '/api/sync/push', 'x'.repeat(1024 * 1024 + 10), 413],
] as const)('marks %s', async (_what, method, path, body, status) => {
  const response = await api.app.request(path, {
    method,
    body,
    headers: body ? { 'content-type': 'application/json' } : {},
  });
  expect(response.status).toBe(status);
  expect(response.headers.get(API_MARKER_HEADER)).toBe(API_MARKER_VALUE);
});

it('marks a signed-in push answer', async () => {
  const user = await api.user();
  const response = await api.app.request('/api/sync/push', {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ mutations: [] }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get(API_MARKER_HEADER)).toBe(API_MARKER_VALUE);
});

it('marks the 500 of an unexpected failure', async () => {
  const databaseDown = new Proxy({} as typeof api.database.db, {
    get() {
      throw new Error('database down');
    },
  });
  const broken = createApp({ db: databaseDown, verifier: { verify: () => Promise.reject() } });
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const response = await broken.request('/api/all-sets');
  quiet.mockRestore();
  expect(response.status).toBe(500);
  expect(response.headers.get(API_MARKER_HEADER)).toBe(API_MARKER_VALUE);
});
