// Every authenticated call needs a valid Firebase ID token; the all-sets list needs none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { unsignedToken, type TestUser } from '../fixtures/auth';
import { CHARGER } from '../fixtures/catalog';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

function withToken(token: string): TestUser {
  return {
    uid: 'x',
    email: 'x',
    idToken: token,
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  };
}

const authenticatedCalls: ['GET' | 'POST', string, unknown][] = [
  ['GET', '/api/profile/me', undefined],
  ['GET', '/api/collection/get', undefined],
  ['POST', '/api/collection/details', { carIds: [CHARGER] }],
  ['POST', '/api/collection/add-car-instance', { carId: CHARGER, details: {} }],
  ['POST', '/api/users/initialize', { username: 'nobody' }],
  ['POST', '/api/users/update-settings', { key: 'theme', value: 'dark' }],
  ['POST', '/api/tutorials/complete', { tutorialId: 'first-steps' }],
  ['POST', '/api/sync/push', { mutations: [] }],
];

describe('bearer tokens', () => {
  it.each(authenticatedCalls)(
    '%s %s without a token answers 401 {error}',
    async (method, path, body) => {
      const response = await api.call(null, method, path, body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: expect.stringMatching(/missing bearer token/) });
    },
  );

  it('refuses a malformed token', async () => {
    const response = await api.call(withToken('not-a-jwt'), 'GET', '/api/collection/get');
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/token is invalid/);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = unsignedToken({ iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
    const response = await api.call(withToken(token), 'GET', '/api/collection/get');
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/expired/);
  });

  it('refuses a token from another Firebase project', async () => {
    const token = unsignedToken({
      aud: 'someone-elses-project',
      iss: 'https://securetoken.google.com/someone-elses-project',
    });
    const response = await api.call(withToken(token), 'GET', '/api/collection/get');
    expect(response.status).toBe(401);
  });

  it('refuses a header that is not a Bearer token', async () => {
    const user = await api.user();
    const response = await api.call(null, 'GET', '/api/collection/get', undefined, {
      Authorization: `Basic ${user.idToken}`,
    });
    expect(response.status).toBe(401);
  });

  it('accepts a real emulator token', async () => {
    const user = await api.user();
    const response = await api.call(user, 'GET', '/api/collection/get');
    expect(response.status).toBe(200);
  });

  it('serves the all-sets list without a token', async () => {
    const response = await api.call(null, 'GET', '/api/all-sets');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        id: 'hw-5p-2024-track-day',
        series: 'Mainline 5-Pack',
        year: 2024,
        name: 'HW Track Day 5-Pack',
        carIds: ['hw-2024-pk001', 'hw-2024-pk002', 'hw-2024-pk003'],
      },
    ]);
  });
});
