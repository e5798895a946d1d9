// A disabled or signed-out-everywhere account stops working within the verified-token window
// (RECHECK_AFTER_MS), not when its token expires an hour later: the Auth emulator disables one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseAccountCheck } from '../../api/auth/account-status';
import { createTokenVerifier } from '../../api/auth/token-verifier';
import { RECHECK_AFTER_MS } from '../../api/auth/verified-token-cache';
import { createApp, type App } from '../../api/app';
import type { OpenDatabase } from '../../api/db/database';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { signUpTestUser, TEST_PROJECT_ID, type TestUser } from '../fixtures/auth';
import { emulatorFetch } from '../fixtures/emulator-fetch';
import { openTestDatabase } from '../fixtures/test-database';

const identityUrl = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
let clock = Date.now();
let database: OpenDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  const verifier = createTokenVerifier({
    projectId: TEST_PROJECT_ID,
    emulatorHost: EMULATOR_HOST,
    // As a hosted project runs it; the emulator answers accounts:lookup the same way.
    accountCheck: firebaseAccountCheck({ identityUrl, apiKey: 'any' }),
    now: () => clock,
  });
  app = createApp({ db: database.db, verifier });
});
afterAll(() => database.close());

/** The emulator's admin update (as the Admin SDK's updateUser / revokeRefreshTokens). */
async function updateAccount(fields: Record<string, unknown>) {
  const response = await emulatorFetch(`${identityUrl}/accounts:update?key=any`, () => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(fields),
  }));
  expect(response.status).toBe(200);
}

const read = (user: TestUser) => app.request('/api/collection/get', { headers: user.headers });

describe('an account Firebase no longer lets act', () => {
  it('disabled: refused once the verified-token window has passed', async () => {
    const user = await signUpTestUser();
    expect((await read(user)).status).toBe(200);
    await updateAccount({ localId: user.uid, disableUser: true });
    // Within the window the remembered verification still answers.
    clock += RECHECK_AFTER_MS - 1000;
    expect((await read(user)).status).toBe(200);
    clock += 1000;
    const refused = await read(user);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Sign-in required: the token is invalid' });
  });

  it('signed out everywhere (tokens revoked): refused once the window has passed', async () => {
    const user = await signUpTestUser();
    expect((await read(user)).status).toBe(200);
    await updateAccount({
      localId: user.uid,
      validSince: String(Math.ceil(Date.now() / 1000) + 1),
    });
    clock += RECHECK_AFTER_MS;
    expect((await read(user)).status).toBe(401);
  });

  it('an account in good standing keeps working across windows', async () => {
    const user = await signUpTestUser();
    for (let window = 0; window < 3; window++) {
      expect((await read(user)).status).toBe(200);
      clock += RECHECK_AFTER_MS;
    }
  });
});
