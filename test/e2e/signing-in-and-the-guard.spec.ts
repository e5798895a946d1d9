// "Routes, layouts and the guard" and "Sign-in and email actions": the redirects of docs/product.md,
// the guard's states, /signup and /login with `next`, the create-username screen, the email
// action handler of docs/product.md through real emulator codes, password reset, Google's popup or
// redirect choice and generated usernames, and the guard passing offline from the local profile.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  inMemoryPersistence,
  signInWithCredential,
} from 'firebase/auth';
import {
  ensureGoogleUsername,
  isNewAccount,
  initializeGeneratedUsername,
  needsUsername,
  usesRedirect,
} from '../../src/auth/google';
import {
  API_KEY_MISMATCH,
  DONE_TITLE,
  EMAIL_UPDATED_TEXT,
  EMAIL_VERIFIED_TEXT,
  MISSING_PARAMETERS,
  readEmailActionParams,
  validateEmailAction,
  WORKING_TEXT,
} from '../../src/features/auth/email-action';
import { nextFromContinueUrl, safeNext } from '../../src/features/auth/next-path';
import { checkUsername, suggestUsername } from '../../src/features/auth/username-form';
import { generateUsername } from '../../src/shared/profile/username';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';
import {
  createAccount,
  latestOobCode,
  lookupAccount,
  sendOobCode,
  signInAccount,
  uniqueEmail,
} from '../fixtures/emulator-accounts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(projectRoot, 'test-results');
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'garage-secret-1';
const WAIT = { timeout: 20_000, interval: 100 };
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let app: AppUnderTest;
let browser: Browser;
let base: string;
let apiKey: string;

beforeAll(async () => {
  app = await startAppUnderTest('signing-in-and-the-guard');
  ({ browser, base } = app);
  const config = (await (await fetch(`${base}/api/config`)).json()) as {
    firebase: { apiKey: string };
  };
  apiKey = config.firebase.apiKey;
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await app?.stop();
});

// ---- Helpers ------------------------------------------------------------------------------------

/**
 * Runs `test` in a fresh phone-sized context (no service worker unless asked: routes set up with
 * context.route must see the page's requests); page errors are reported with a failure.
 */
async function onPhone(
  test: (context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await browser.newContext({
    viewport: PHONE,
    serviceWorkers: 'block',
    ...options,
  });
  const errors: string[] = [];
  context.on('page', (page) => page.on('pageerror', (error) => errors.push(error.message)));
  try {
    await test(context);
  } catch (error) {
    if (errors.length > 0 && error instanceof Error) {
      error.message += `\nPage errors:\n${errors.join('\n')}`;
    }
    throw error;
  } finally {
    await context.close();
  }
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

const visible = (page: Page, text: string | RegExp) =>
  page
    .getByText(text)
    .first()
    .isVisible()
    .catch(() => false);

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

async function fillCredentials(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** A collector with a username, made through the API (the create-username screen's call). */
async function collectorWithUsername(username: string, email = uniqueEmail()) {
  const account = await createAccount(email, PASSWORD);
  const response = await fetch(`${base}/api/users/initialize`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  expect(response.status).toBe(200);
  return account;
}

/** Signs in through /login and waits for `next`. */
async function logIn(page: Page, email: string, next: string, password = PASSWORD) {
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => path(page), WAIT).toBe(next);
}

/**
 * Records when each watched text first shows and when the page first reaches /login: the email
 * action's states last only ~0.4 s, so they are noted by the page itself, not polled for.
 */
async function watchTexts(context: BrowserContext, texts: string[]): Promise<void> {
  await context.addInitScript((watched: string[]) => {
    const seen: { text: string; at: number }[] = [];
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const note = (text: string) => {
      if (!seen.some((entry) => entry.text === text)) seen.push({ text, at: performance.now() });
    };
    new MutationObserver(() => {
      const body = document.body?.innerText ?? '';
      for (const text of watched) if (body.includes(text)) note(text);
      if (location.pathname === '/login') note('@login');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, texts);
}

async function seenTexts(page: Page): Promise<Record<string, number>> {
  const seen = await page.evaluate(
    () => (window as unknown as { __seen: { text: string; at: number }[] }).__seen,
  );
  return Object.fromEntries(seen.map((entry) => [entry.text, entry.at]));
}

const uniqueName = (stem: string) => `${stem}${randomUUID().replace(/-/g, '').slice(0, 8)}`;

// ---- Rules, without a browser ---------------------------------------------------------------------

describe('the rules behind the screens', () => {
  it('uses a redirect on iPhone, iPad, iPod and Android and a popup elsewhere (docs/api.md)', () => {
    expect(usesRedirect(IPHONE_UA)).toBe(true);
    expect(usesRedirect('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15')).toBe(
      true,
    );
    expect(usesRedirect('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X)')).toBe(true);
    expect(
      usesRedirect('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile'),
    ).toBe(true);
    expect(
      usesRedirect('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126'),
    ).toBe(false);
    expect(
      usesRedirect('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605'),
    ).toBe(false);
  });

  it('generates docs/product.md usernames: first word, else the e-mail, else collector; 15 + 4 digits', () => {
    const low = () => 0;
    const high = () => 0.99999;
    expect(generateUsername('Mike Scout', 'x@example.com', low)).toBe('Mike1000');
    expect(generateUsername("  D'Arcy-Lee  Smith", null, high)).toBe('DArcyLee9999');
    expect(generateUsername('', 'hot.wheels_fan+1@example.com', low)).toBe('hotwheelsfan11000');
    expect(generateUsername('Bartholomewthegreatest', null, low)).toBe('Bartholomewtheg1000');
    expect(generateUsername(null, null, low)).toBe('collector1000');
    expect(generateUsername('!!!', '@example.com', low)).toBe('collector1000');
  });

  it('accepts only same-origin paths as `next`', () => {
    expect(safeNext('/stats?sort=year')).toBe('/stats?sort=year');
    expect(safeNext(null)).toBe('/home');
    expect(safeNext('https://evil.example/')).toBe('/home');
    expect(safeNext('//evil.example/x')).toBe('/home');
    expect(safeNext('/\\evil.example')).toBe('/home');
    expect(safeNext('/\t/evil.example')).toBe('/home');
    expect(safeNext('/login')).toBe('/home');
    expect(nextFromContinueUrl('https://app.example/collection', 'https://app.example')).toBe(
      '/collection',
    );
    expect(nextFromContinueUrl('/', 'https://app.example')).toBe('/home');
    expect(nextFromContinueUrl('https://evil.example/x', 'https://app.example')).toBe('/home');
  });

  it('reads email action parameters from the query or the hash, and checks them (docs/product.md)', () => {
    expect(readEmailActionParams('?mode=verifyEmail&oobCode=abc', '')).toEqual({
      mode: 'verifyEmail',
      oobCode: 'abc',
      continueUrl: null,
      apiKey: null,
    });
    expect(
      readEmailActionParams('', '#mode=resetPassword&oobCode=x&apiKey=k&continueUrl=%2Fa'),
    ).toEqual({ mode: 'resetPassword', oobCode: 'x', continueUrl: '/a', apiKey: 'k' });
    expect(readEmailActionParams('', '#/?mode=recoverEmail&oobCode=y').mode).toBe('recoverEmail');
    const params = { mode: 'verifyEmail', oobCode: 'c', continueUrl: null, apiKey: 'k' };
    expect(() => validateEmailAction({ ...params, oobCode: null }, 'k')).toThrow(
      MISSING_PARAMETERS,
    );
    expect(() => validateEmailAction({ ...params, apiKey: 'other' }, 'k')).toThrow(
      API_KEY_MISMATCH,
    );
    expect(() => validateEmailAction({ ...params, mode: 'signIn' }, 'k')).toThrow(
      'Unsupported action mode: signIn',
    );
    expect(validateEmailAction(params, 'k').mode).toBe('verifyEmail');
  });

  it('says what to fix in a username, and suggests a free-looking one', () => {
    expect(checkUsername('  ')).toEqual({ ok: false, message: 'Choose a username.' });
    expect(checkUsername('ab')).toEqual({ ok: false, message: 'Use at least 3 characters.' });
    expect(checkUsername('a'.repeat(21))).toEqual({
      ok: false,
      message: 'Use at most 20 characters.',
    });
    expect(checkUsername('mike scout')).toEqual({
      ok: false,
      message: 'Use only letters, numbers and _ (no spaces or symbols).',
    });
    expect(checkUsername(' scout_mike ')).toEqual({ ok: true, username: 'scout_mike' });
    expect(suggestUsername('scoutmike', () => 0.065)).toBe('scoutmike7');
    expect(suggestUsername('a'.repeat(20), () => 0.99).length).toBeLessThanOrEqual(20);
  });
});

describe('a new Google collector gets a generated username (docs/rules.md and docs/product.md)', () => {
  const fetcher: typeof fetch = (input, init) => fetch(`${base}${String(input)}`, init);

  it('takes the next random suffix when the generated name is taken', async () => {
    const stem = uniqueName('Scout').slice(0, 13);
    await collectorWithUsername(`${stem}1234`);
    const account = await createAccount(uniqueEmail('google'), PASSWORD);
    expect(await needsUsername(account.idToken, fetcher)).toBe(true);

    // 1234 (taken), then 5678.
    const draws = [234.5 / 9000, 4678.5 / 9000];
    const result = await initializeGeneratedUsername({
      displayName: `${stem} Mike`,
      email: account.email,
      token: account.idToken,
      fetcher,
      random: () => draws.shift() ?? 0,
    });
    expect(result).toEqual({ status: 'created', username: `${stem}5678` });
    expect(await needsUsername(account.idToken, fetcher)).toBe(false);

    // Signing in again with Google later: the name stays.
    const again = await initializeGeneratedUsername({
      displayName: `${stem} Mike`,
      email: account.email,
      token: account.idToken,
      fetcher,
    });
    expect(again).toEqual({ status: 'existing' });
  });

  it('signs a Google account in through the emulator and names it once (isNewUser)', async () => {
    const app = initializeApp(
      { apiKey, authDomain: 'demo-diecast.firebaseapp.com', projectId: 'demo-diecast' },
      `google-${randomUUID()}`,
    );
    try {
      const auth = initializeAuth(app, { persistence: inMemoryPersistence });
      connectAuthEmulator(auth, `http://${EMULATOR_HOST}`, { disableWarnings: true });
      const stem = uniqueName('Ayrton').slice(0, 12);
      // The emulator takes an unsigned Google ID token: what the account chooser would give.
      const googleIdToken = JSON.stringify({
        sub: randomUUID(),
        email: uniqueEmail('google'),
        email_verified: true,
        name: `${stem} Senna`,
      });
      const first = await signInWithCredential(auth, GoogleAuthProvider.credential(googleIdToken));
      // A new account: its collection begins on this device (google-sign-in notes it).
      expect(isNewAccount(first)).toBe(true);
      const created = await ensureGoogleUsername(first, fetcher);
      expect(created?.status).toBe('created');
      expect(created?.status === 'created' && created.username).toMatch(
        new RegExp(`^${stem}\\d{4}$`),
      );
      const profile = (await (
        await fetcher('/api/profile/me', {
          headers: { Authorization: `Bearer ${await first.user.getIdToken()}` },
        })
      ).json()) as { username: string };
      expect(profile.username).toBe(created?.status === 'created' ? created.username : null);

      // The same Google account again: not new, has a name, nothing to do.
      const again = await signInWithCredential(auth, GoogleAuthProvider.credential(googleIdToken));
      expect(isNewAccount(again)).toBe(false);
      expect(await ensureGoogleUsername(again, fetcher)).toBeNull();
    } finally {
      await deleteApp(app);
    }
  });

  it('gives up after a few taken names and leaves the choice to the create-username screen', async () => {
    const stem = uniqueName('Taken').slice(0, 13);
    await collectorWithUsername(`${stem}1000`);
    const account = await createAccount(uniqueEmail('google'), PASSWORD);
    const result = await initializeGeneratedUsername({
      displayName: stem,
      email: account.email,
      token: account.idToken,
      fetcher,
      random: () => 0,
    });
    expect(result).toEqual({ status: 'exhausted', tried: [`${stem}1000`] });
    expect(await needsUsername(account.idToken, fetcher)).toBe(true);
  });
});

// ---- Routes and the guard ---------------------------------------------------------------------------

describe('routes and the guard (docs/product.md)', () => {
  it("sends '/' and unknown paths to '/home'", async () => {
    await onPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await expect.poll(() => path(page), WAIT).toBe('/home');
      await page.goto(`${base}/no/such/screen`);
      await expect.poll(() => path(page), WAIT).toBe('/home');
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible(), WAIT)
        .toBe(true);
    });
  });

  it('sends a signed-out collector to /signup, through the username screen, and back', async () => {
    await onPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${base}/stats?by=year`);
      await expect
        .poll(() => path(page), WAIT)
        .toBe(`/signup?next=${encodeURIComponent('/stats?by=year')}`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Create your account' }).isVisible(), WAIT)
        .toBe(true);
      await shot(page, 'auth-signup-phone');

      // Errors under the field that caused them, cleared on typing.
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect.poll(() => visible(page, 'Enter your email address.'), WAIT).toBe(true);
      expect(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(
        true,
      );
      await fillCredentials(page, 'not-an-email', PASSWORD);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect
        .poll(
          () => visible(page, "That doesn't look like an email address — check for typos."),
          WAIT,
        )
        .toBe(true);
      const email = uniqueEmail('signup');
      await fillCredentials(page, email, '123');
      expect(await visible(page, "That doesn't look like an email address")).toBe(false);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect
        .poll(() => visible(page, 'Choose a longer password: at least 6 characters.'), WAIT)
        .toBe(true);
      await shot(page, 'auth-signup-errors-phone');

      await fillCredentials(page, email, PASSWORD);
      await page.getByRole('button', { name: 'Sign up' }).click();

      // The new account has no username: only the create-username screen, on the guarded path.
      await expect
        .poll(() => page.getByRole('heading', { name: 'Choose your username' }).isVisible(), WAIT)
        .toBe(true);
      expect(path(page)).toBe('/stats?by=year');
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

      const username = page.getByLabel('Username');
      const save = page.getByRole('button', { name: 'Save' });
      await username.fill('mike scout');
      await save.click();
      await expect
        .poll(() => visible(page, 'Use only letters, numbers and _ (no spaces or symbols).'), WAIT)
        .toBe(true);
      await username.fill('ab');
      await save.click();
      await expect.poll(() => visible(page, 'Use at least 3 characters.'), WAIT).toBe(true);

      // A name another collector has.
      const taken = uniqueName('scout');
      await collectorWithUsername(taken);
      await username.fill(taken);
      await save.click();
      await expect
        .poll(() => visible(page, new RegExp(`^That name is taken — try ${taken}\\d{1,2}$`)), WAIT)
        .toBe(true);
      expect(await username.getAttribute('aria-invalid')).toBe('true');
      await shot(page, 'auth-username-taken-phone');

      // The suggestion fills the field; a free name takes the collector to where they were going.
      await page.getByRole('button', { name: /^Use scout/ }).click();
      expect(await username.inputValue()).toMatch(new RegExp(`^${taken}\\d{1,2}$`));
      await username.fill(uniqueName('mike'));
      await save.click();
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible(), WAIT)
        .toBe(true);
      expect(path(page)).toBe('/stats?by=year');
      expect(await page.getByRole('heading', { name: 'Choose your username' }).count()).toBe(0);

      // Sign out on /login, then a guarded path → /signup → 'Log in' → back on that path.
      await page.goto(`${base}/login`);
      await expect
        .poll(() => page.getByRole('heading', { name: "You're signed in" }).isVisible(), WAIT)
        .toBe(true);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Log in to your garage' }).isVisible(), WAIT)
        .toBe(true);
      await page.goto(`${base}/favorites`);
      await expect.poll(() => path(page), WAIT).toBe('/signup?next=%2Ffavorites');
      await page.getByRole('link', { name: 'Log in' }).click();
      await expect.poll(() => path(page), WAIT).toBe('/login?next=%2Ffavorites');
      await page.getByRole('heading', { name: 'Log in to your garage' }).waitFor();

      await fillCredentials(page, email, 'not-my-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect
        .poll(
          () =>
            visible(
              page,
              "That email and password don't match. Check them, or reset your password.",
            ),
          WAIT,
        )
        .toBe(true);
      await fillCredentials(page, email, PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => path(page), WAIT).toBe('/favorites');
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible(), WAIT)
        .toBe(true);
    });
  });

  it('says when an email already has an account', async () => {
    await onPhone(async (context) => {
      const { email } = await createAccount(uniqueEmail('twice'), PASSWORD);
      const page = await context.newPage();
      await page.goto(`${base}/signup`);
      await fillCredentials(page, email);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect
        .poll(
          () => visible(page, 'There is already an account with this email. Log in instead.'),
          WAIT,
        )
        .toBe(true);
    });
  });

  it("shows 'Finalizing your subscription...' for session_id, refreshes the profile, then goes to '/'", async () => {
    await onPhone(async (context) => {
      const { email } = await collectorWithUsername(uniqueName('sub'));
      const page = await context.newPage();
      await logIn(page, email, '/collection');
      // Slow the profile refresh down so the state can be seen.
      let profileCalls = 0;
      await context.route('**/api/profile/me', async (route) => {
        profileCalls += 1;
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await page.goto(`${base}/collection?session_id=cs_test_123`);
      await page.getByText('Finalizing your subscription...').waitFor({ timeout: 10_000 });
      await expect.poll(() => path(page), WAIT).toBe('/home');
      expect(profileCalls).toBeGreaterThan(0);
    });
  });

  it("sends a signed-out collector who tries to add a car to '/signup'", async () => {
    await onPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${base}/home`);
      const add = page.getByRole('button', { name: /^Add .+ \(\d{4}\) to collection$/ }).first();
      await add.waitFor({ timeout: 20_000 });
      await add.click();
      await expect.poll(() => path(page), WAIT).toBe('/signup?next=%2Fhome');
    });
  });

  it('lets a signed-in collector through the guard offline, from the profile on the device', async () => {
    await onPhone(
      async (context) => {
        const { email } = await collectorWithUsername(uniqueName('offline'));
        const page = await context.newPage();
        await page.goto(`${base}/home`);
        await expect
          .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), WAIT)
          .toBe('activated');
        await logIn(page, email, '/collection');
        await expect
          .poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible(), WAIT)
          .toBe(true);

        await context.setOffline(true);
        await page.reload();
        await expect
          .poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible(), WAIT)
          .toBe(true);
        expect(path(page)).toBe('/collection');
        // The screen itself arrives from the worker's precache too.
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
        expect(await visible(page, 'Loading Screen...')).toBe(false);
        expect(await visible(page, 'Choose your username')).toBe(false);
        expect(await visible(page, 'Loading Profile...')).toBe(false);
        await shot(page, 'auth-guard-offline-phone');
        await context.setOffline(false);
      },
      { serviceWorkers: 'allow' },
    );
  });
});

// ---- Email actions (docs/rules.md and docs/product.md) --------------------------------------------------------------

describe('the email action handler', () => {
  it('verifies an email from the query string, then goes to /login?emailUpdated=1', async () => {
    await onPhone(async (context) => {
      const account = await createAccount(uniqueEmail('verify'), PASSWORD);
      await sendOobCode('VERIFY_EMAIL', { idToken: account.idToken });
      const oobCode = await latestOobCode(account.email, 'VERIFY_EMAIL');
      expect((await lookupAccount(account.idToken)).emailVerified).toBe(false);

      // Slow the identity provider a little so the working state can be photographed.
      await context.route(
        `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/**`,
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await route.continue();
        },
      );
      await watchTexts(context, [WORKING_TEXT, DONE_TITLE, EMAIL_VERIFIED_TEXT]);
      const page = await context.newPage();
      await page.goto(`${base}/auth/action?mode=verifyEmail&oobCode=${oobCode}&apiKey=${apiKey}`);
      await page.getByText(WORKING_TEXT).waitFor({ timeout: 10_000 });
      await shot(page, 'auth-action-working-phone');
      await page
        .getByText(EMAIL_VERIFIED_TEXT)
        .waitFor({ timeout: 10_000 })
        .then(() => shot(page, 'auth-action-done-phone'))
        .catch(() => undefined);
      await expect.poll(() => path(page), WAIT).toBe('/login?emailUpdated=1');
      const seen = await seenTexts(page);
      expect(Object.keys(seen)).toEqual([WORKING_TEXT, DONE_TITLE, EMAIL_VERIFIED_TEXT, '@login']);
      // 'After about 0.4 s it goes to /login?emailUpdated=1' (docs/rules.md).
      const shown = (seen['@login'] ?? 0) - (seen[EMAIL_VERIFIED_TEXT] ?? 0);
      expect(shown).toBeGreaterThanOrEqual(350);
      expect(shown).toBeLessThan(2000);
      await expect
        .poll(() => visible(page, 'Your email is confirmed. Log in to carry on collecting.'), WAIT)
        .toBe(true);
      await shot(page, 'auth-login-email-updated-phone');
      expect((await lookupAccount(account.idToken)).emailVerified).toBe(true);

      // The same code again: already used → /login?emailActionError=1.
      await page.goto(`${base}/auth/action?mode=verifyEmail&oobCode=${oobCode}&apiKey=${apiKey}`);
      await expect.poll(() => path(page), WAIT).toBe('/login?emailActionError=1');
      await expect.poll(() => visible(page, /That email link didn.t work/), WAIT).toBe(true);
      await shot(page, 'auth-login-email-error-phone');
    });
  });

  it('reads the parameters from the hash on /__/auth/action', async () => {
    await onPhone(async (context) => {
      const account = await createAccount(uniqueEmail('hash'), PASSWORD);
      await sendOobCode('VERIFY_EMAIL', { idToken: account.idToken });
      const oobCode = await latestOobCode(account.email, 'VERIFY_EMAIL');
      await watchTexts(context, [EMAIL_VERIFIED_TEXT]);
      const page = await context.newPage();
      await page.goto(
        `${base}/__/auth/action#mode=verifyEmail&oobCode=${oobCode}&apiKey=${apiKey}`,
      );
      await expect.poll(() => path(page), WAIT).toBe('/login?emailUpdated=1');
      expect(Object.keys(await seenTexts(page))).toEqual([EMAIL_VERIFIED_TEXT, '@login']);
      expect((await lookupAccount(account.idToken)).emailVerified).toBe(true);
    });
  });

  it("says 'Email updated! Redirecting…' for a changed email", async () => {
    await onPhone(async (context) => {
      const account = await createAccount(uniqueEmail('change'), PASSWORD);
      const newEmail = uniqueEmail('changed');
      await sendOobCode('VERIFY_AND_CHANGE_EMAIL', { idToken: account.idToken, newEmail });
      const oobCode = await latestOobCode(account.email, 'VERIFY_AND_CHANGE_EMAIL');
      await watchTexts(context, [EMAIL_UPDATED_TEXT]);
      const page = await context.newPage();
      await page.goto(
        `${base}/auth/action?mode=verifyAndChangeEmail&oobCode=${oobCode}&apiKey=${apiKey}`,
      );
      await expect.poll(() => path(page), WAIT).toBe('/login?emailUpdated=1');
      expect(Object.keys(await seenTexts(page))).toEqual([EMAIL_UPDATED_TEXT, '@login']);
      const again = await signInAccount(newEmail, PASSWORD);
      expect((await lookupAccount(again.idToken)).email).toBe(newEmail);
    });
  });

  it('refuses links with missing parameters, another apiKey or an unknown mode', async () => {
    await onPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${base}/auth/action?mode=verifyEmail`);
      await expect.poll(() => visible(page, MISSING_PARAMETERS), WAIT).toBe(true);
      await shot(page, 'auth-action-missing-phone');
      expect(path(page)).toBe('/auth/action?mode=verifyEmail');

      await page.goto(`${base}/auth/action?mode=verifyEmail&oobCode=abc&apiKey=someone-elses-key`);
      await expect.poll(() => visible(page, API_KEY_MISMATCH), WAIT).toBe(true);

      await page.goto(`${base}/__/auth/action#mode=foo&oobCode=abc&apiKey=${apiKey}`);
      await expect.poll(() => visible(page, 'Unsupported action mode: foo'), WAIT).toBe(true);

      // A made-up code: the identity provider refuses it.
      await page.goto(`${base}/auth/action?mode=verifyEmail&oobCode=made-up&apiKey=${apiKey}`);
      await expect.poll(() => path(page), WAIT).toBe('/login?emailActionError=1');
    });
  });

  it('resets a password: Forgot password? → email code → /set-new-password → log in', async () => {
    await onPhone(async (context) => {
      const { email } = await collectorWithUsername(uniqueName('reset'));
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Reset your password' }).isVisible(), WAIT)
        .toBe(true);
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible(), WAIT)
        .toBe(true);
      await shot(page, 'auth-reset-sent-phone');
      const oobCode = await latestOobCode(email, 'PASSWORD_RESET');

      await page.goto(`${base}/auth/action?mode=resetPassword&oobCode=${oobCode}&apiKey=${apiKey}`);
      await expect
        .poll(() => path(page), WAIT)
        .toBe(`/set-new-password?oobCode=${oobCode}&continueUrl=%2F`);
      const field = page.getByLabel('New password');
      const save = page.getByRole('button', { name: 'Save' });
      await save.click();
      await expect.poll(() => visible(page, 'Enter a new password.'), WAIT).toBe(true);
      await field.fill('abc');
      expect(await visible(page, 'Enter a new password.')).toBe(false);
      await save.click();
      await expect
        .poll(() => visible(page, 'Choose a longer password: at least 6 characters.'), WAIT)
        .toBe(true);
      await shot(page, 'auth-set-new-password-phone');
      await field.fill('new-garage-secret');
      expect(await visible(page, 'Choose a longer password')).toBe(false);
      await save.click();
      await expect.poll(() => path(page), WAIT).toBe('/login?passwordReset=1');
      await expect
        .poll(() => visible(page, 'Password saved. Log in with your new password.'), WAIT)
        .toBe(true);

      await fillCredentials(page, email, 'new-garage-secret');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => path(page), WAIT).toBe('/home');
    });
  });
});

// ---- Google --------------------------------------------------------------------------------------

describe('Continue with Google', () => {
  it('leaves for the sign-in page on an iPhone (redirect, docs/api.md)', async () => {
    await onPhone(
      async (context) => {
        const page = await context.newPage();
        await page.goto(`${base}/signup?next=%2Fwishlist`);
        await page.getByRole('button', { name: 'Continue with Google' }).click();
        await page.waitForURL(/\/emulator\/auth\/handler\?/, { timeout: 15_000 });
        const url = new URL(page.url());
        expect(url.host).toBe(EMULATOR_HOST);
        expect(url.searchParams.get('providerId')).toBe('google.com');
        expect(url.searchParams.get('authType')).toBe('signInViaRedirect');
      },
      { userAgent: IPHONE_UA, isMobile: true, hasTouch: true },
    );
  });

  it('opens a popup on desktop, and says so plainly when Google cannot be reached', async () => {
    await onPhone(async (context) => {
      // The popup needs Google's iframe script; with it unreachable the sign-in must not hang.
      const requested: string[] = [];
      await context.route('https://apis.google.com/**', async (route) => {
        requested.push(route.request().url());
        await route.abort('internetdisconnected');
      });
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await expect
        .poll(
          async () =>
            (await visible(page, 'No connection. Signing in needs the internet')) ||
            (await visible(page, 'Something went wrong. Please try again.')),
          WAIT,
        )
        .toBe(true);
      expect(requested.some((url) => url.includes('/js/api.js'))).toBe(true);
      expect(path(page)).toBe('/login');
      expect(await page.getByRole('button', { name: 'Continue with Google' }).isEnabled()).toBe(
        true,
      );
    });
  });
});

// ---- How the screens look, and axe ------------------------------------------------------------------

/** axe-core's serious and critical violations on the page, as 'rule: target' lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP refuses inline <script> tags.
  await page.evaluate(axe.source);
  const { passes, violations } = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return {
      passes: result.passes.length,
      violations: result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => String(node.target)),
      })),
    };
  });
  // axe really looked (colour contrast, labels, landmarks…).
  expect(passes).toBeGreaterThan(5);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.targets.join(', ')}`);
}

describe('the sign-in screens look finished and pass axe', () => {
  const screens: { name: string; open: (page: Page) => Promise<void> }[] = [
    {
      name: 'signup',
      open: async (page) => {
        await page.goto(`${base}/signup?next=%2Fstats`);
        await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      },
    },
    {
      name: 'login-notice',
      open: async (page) => {
        await page.goto(`${base}/login?emailUpdated=1`);
        await page.getByRole('heading', { name: 'Log in to your garage' }).waitFor();
      },
    },
    {
      name: 'login-errors',
      open: async (page) => {
        await page.goto(`${base}/login`);
        await page.getByRole('heading', { name: 'Log in to your garage' }).waitFor();
        await page.getByLabel('Email').fill('nobody@example.com');
        await page.getByLabel('Password', { exact: true }).fill('wrong-password');
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByText("That email and password don't match.").waitFor();
      },
    },
    {
      name: 'reset-request',
      open: async (page) => {
        await page.goto(`${base}/login`);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      },
    },
    {
      name: 'set-new-password',
      open: async (page) => {
        await page.goto(`${base}/set-new-password?oobCode=sample&continueUrl=%2F`);
        await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      },
    },
    {
      name: 'action-unsupported',
      open: async (page) => {
        await page.goto(`${base}/auth/action?mode=foo&oobCode=abc`);
        await page.getByText('Unsupported action mode: foo').waitFor();
      },
    },
  ];

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`on a phone, ${colorScheme}`, async () => {
      await onPhone(
        async (context) => {
          const page = await context.newPage();
          const problems: string[] = [];
          for (const screen of screens) {
            await screen.open(page);
            await shot(page, `auth-${screen.name}-phone-${colorScheme}`);
            for (const line of await seriousViolations(page))
              problems.push(`${screen.name} ${line}`);
          }
          // The create-username screen, for a new account with no username yet.
          const { email } = await createAccount(uniqueEmail('looks'), PASSWORD);
          await logIn(page, email, '/collection');
          await page.getByRole('heading', { name: 'Choose your username' }).waitFor();
          await page.getByRole('button', { name: 'Save' }).click();
          await page.getByText('Choose a username.').waitFor();
          await shot(page, `auth-username-phone-${colorScheme}`);
          for (const line of await seriousViolations(page)) problems.push(`username ${line}`);
          expect(problems).toEqual([]);
        },
        { colorScheme },
      );
    });
  }

  it('on a laptop', async () => {
    await onPhone(
      async (context) => {
        const page = await context.newPage();
        for (const screen of screens.slice(0, 2)) {
          await screen.open(page);
          await shot(page, `auth-${screen.name}-laptop`);
        }
      },
      { viewport: { width: 1280, height: 800 } },
    );
  });

  it('works with the keyboard alone: tab to the fields and submit with Enter', async () => {
    await onPhone(async (context) => {
      const { email } = await collectorWithUsername(uniqueName('keys'));
      const page = await context.newPage();
      await page.goto(`${base}/login?next=%2Fwishlist`);
      await page.getByRole('heading', { name: 'Log in to your garage' }).waitFor();
      const focusedLabel = () =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLInputElement | null;
          return active?.labels?.[0]?.textContent ?? active?.textContent ?? null;
        });
      // Brand text, then the form: Tab reaches Email first, then Password.
      for (let i = 0; i < 10 && (await focusedLabel()) !== 'Email'; i++) {
        await page.keyboard.press('Tab');
      }
      expect(await focusedLabel()).toBe('Email');
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      expect(await focusedLabel()).toBe('Password');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await expect.poll(() => path(page), WAIT).toBe('/wishlist');
    });
  });
});
