// The account check of a hosted project: Firebase's answers about the account refuse the token;
// anything else (Firebase unreachable, a 5xx) lets it through with one warning line.
import { describe, expect, it } from 'vitest';
import { AccountRefusedError, firebaseAccountCheck } from '../../../api/auth/account-status';

function checkAnswering(answer: () => Response | Promise<Response>) {
  const warnings: string[] = [];
  const requests: { url: string; body: unknown }[] = [];
  const check = firebaseAccountCheck({
    identityUrl: 'https://identity.example/v1',
    apiKey: 'key 1',
    fetch: async (url, init) => {
      requests.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return answer();
    },
    warn: (line) => warnings.push(line),
  });
  return { check, warnings, requests };
}

const json = (status: number, body: unknown) => Response.json(body, { status });
const refusal = (message: string) => json(400, { error: { code: 400, message } });

describe('firebaseAccountCheck', () => {
  it('asks accounts:lookup with the token itself and lets an account in good standing act', async () => {
    const { check, requests, warnings } = checkAnswering(() =>
      json(200, { users: [{ localId: 'u', validSince: '100' }] }),
    );
    await check('the-token', 100);
    expect(requests).toEqual([
      {
        url: 'https://identity.example/v1/accounts:lookup?key=key%201',
        body: { idToken: 'the-token' },
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['disabled', () => refusal('USER_DISABLED')],
    ['deleted', () => refusal('USER_NOT_FOUND')],
    ['revoked (Firebase says so)', () => refusal('TOKEN_EXPIRED')],
    ['disabled (in the record)', () => json(200, { users: [{ disabled: true }] })],
    ['revoked after this sign-in', () => json(200, { users: [{ validSince: '101' }] })],
  ])('refuses an account %s', async (_label, answer) => {
    const { check } = checkAnswering(answer);
    await expect(check('t', 100)).rejects.toBeInstanceOf(AccountRefusedError);
  });

  it.each([
    ['unreachable', () => Promise.reject(new TypeError('fetch failed'))],
    ['failing', () => json(503, { error: { message: 'UNAVAILABLE' } })],
    ['refusing the API key', () => refusal('API key not valid. Please pass a valid API key.')],
  ])('lets the token through, with one warning, when Firebase is %s', async (_label, answer) => {
    const { check, warnings } = checkAnswering(answer);
    await check('t', 100);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[auth\] account status unknown/);
  });
});
