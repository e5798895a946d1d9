// A body nested 50,000 levels deep (~100 KB) is a clear 400 on every JSON endpoint, before
// anything recursive walks it; it answered 500 (stack overflow in the request hash) before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { CHARGER } from '../fixtures/catalog';
import { TOO_DEEP_ERROR } from '../../api/http/read-json';
import { MAX_JSON_DEPTH } from '../../api/http/json-depth';
import { communityCommandNames } from '../../api/community/command-registry';
import { MUTATION_NAMES } from '../../src/shared/collection/mutation-schemas';
import { API_MARKER_HEADER } from '../../src/shared/http/api-marker';

let api: ApiHarness;
let user: TestUser & { username: string };
beforeAll(async () => {
  api = await createApiHarness();
  user = await api.collector('deep');
});
afterAll(async () => {
  await api.close();
});

const nested = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);
const deep = nested(50_000);

const endpoints = [
  ...MUTATION_NAMES.map((name) => `/api/${name}`),
  ...communityCommandNames().map((name) => `/api/${name}`),
  '/api/sync/push',
  '/api/collection/details',
  '/api/users/initialize',
  '/api/push/subscribe',
  '/api/push/unsubscribe',
];

describe('deeply nested JSON', () => {
  it.each(endpoints)('POST %s with a 50,000-level body is a 400 {error}', async (path) => {
    for (const body of [deep, `{"args":${deep}}`]) {
      const response = await api.app.request(path, { method: 'POST', headers: user.headers, body });
      expect(response.status).toBe(400);
      expect(response.headers.get(API_MARKER_HEADER)).toBe('1');
      expect(await response.json()).toEqual({ error: TOO_DEEP_ERROR });
    }
  });

  it('inside a sync push entry it is the whole body that is refused, and nothing is applied', async () => {
    const body = `{"mutations":[{"key":"k:1","name":"collection/add-car-instance","args":{"carId":"${CHARGER}","details":{}}},{"key":"k:2","name":"users/update-settings","args":{"key":"x","value":${deep}}}]}`;
    const response = await api.app.request('/api/sync/push', {
      method: 'POST',
      headers: user.headers,
      body,
    });
    expect(response.status).toBe(400);
    expect((await api.call(user, 'GET', '/api/collection/get')).body.ownedCars).toEqual([]);
  });

  it(`up to ${MAX_JSON_DEPTH} levels is fine, and brackets inside strings do not count`, async () => {
    // The body itself takes two levels ({key, value}); the value takes the rest.
    const value = JSON.parse(nested(MAX_JSON_DEPTH - 1)) as unknown;
    const ok = await api.call(user, 'POST', '/api/users/update-settings', { key: 'deep', value });
    expect(ok.status).toBe(200);
    const tooDeep = JSON.parse(nested(MAX_JSON_DEPTH)) as unknown;
    const refused = await api.call(user, 'POST', '/api/users/update-settings', {
      key: 'deep',
      value: tooDeep,
    });
    expect(refused).toEqual({ status: 400, body: { error: TOO_DEEP_ERROR } });
    const post = await api.call(user, 'POST', '/api/posts/create', {
      postId: `p-${randomUUID()}`,
      body: `${'['.repeat(100)} "quoted\\" {{{" ${'{'.repeat(100)}`,
    });
    expect(post.status).toBe(200);
  });
});
