// A server that holds its answers (a fault-injecting proxy in front of the real one): the guard
// never shows 'Loading Profile...' for long without a way out, the device's deadline turns the
// held answers into "not reached", and 'Try again' brings the profile once the server answers,
// with no reload. Chromium here; the same promise on Firefox and WebKit is in the engines spec.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser } from '../fixtures/auth';
import { startAppBehindProxy, type AppBehindProxy } from '../fixtures/app-behind-proxy';

const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 45_000, interval: 200 };

let app: AppBehindProxy;

beforeAll(async () => {
  app = await startAppBehindProxy('nothing-waits');
});

afterAll(async () => {
  await app?.stop();
});

const shown = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .count()
    .catch(() => 0);

const isSnapshotRead = (path: string) =>
  path === '/api/profile/me' || path === '/api/collection/get';

describe('nothing waits forever (Chromium)', () => {
  it('offers a way out of Loading Profile while the server holds its answers, and recovers without a reload', async () => {
    const user = await signUpTestUser();
    await fetch(`${app.direct}/api/users/initialize`, {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({ username: `held${Date.now().toString(36)}` }),
    });
    const context = await app.browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${app.proxy.base}/login?next=%2Fcollection`);
      await app.proxy.setFault('hold-response', isSnapshotRead);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill('garage-secret-1');
      await page.getByRole('button', { name: 'Log in' }).click();

      await expect.poll(() => shown(page, 'Loading Profile...'), WAIT).toBe(1);
      // A few seconds later, the wait is said plainly, with a way out.
      await expect
        .poll(() => shown(page, 'Your profile is taking longer than usual to load.'), WAIT)
        .toBe(1);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
      // Past the device's deadline the held answers count as not reached.
      await expect
        .poll(() => shown(page, 'Connect to the internet once to load your profile.'), WAIT)
        .toBe(1);
      expect(app.proxy.delivered.filter(isSnapshotRead).length).toBeGreaterThan(0);

      // The server answers again: 'Try again' brings the profile, in the same page. The app's
      // own retry may get there first (the button is then gone as it is clicked): either way
      // the profile arrives with no reload.
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await app.proxy.setFault('none');
      await page
        .getByRole('button', { name: 'Try again' })
        .click({ timeout: 5000 })
        .catch(() => undefined);
      await expect
        .poll(() => page.getByRole('heading', { name: 'My Collection', level: 1 }).count(), WAIT)
        .toBe(1);
      expect(await shown(page, 'Loading Profile...')).toBe(0);
      expect(loads).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
