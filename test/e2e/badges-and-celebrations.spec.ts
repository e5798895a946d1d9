// The badges, celebrations and install prompt in Chromium against the real server: the
// test_badge URL, Escape and focus, the 4 s car toast, "Don't show this again" across a reload
// (signed in and signed out), the car-100 badge when the 100th car is added in the app (once),
// the unlock notice and clearing it, the install prompt after the very first car, and a
// manifest Chromium accepts for installation.
// Chromium only: the installability check asks Chromium's DevTools protocol (CDP); the
// engine-neutral scenarios are in offline-first-on-every-engine.spec.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCarInApp,
  addCars,
  catalogueCarIds,
  createCollector,
  pushMutations,
  signIn,
  waitForCatalogue,
  waitForDeviceProfile,
  waitForDeviceTotals,
  waitForServiceWorker,
  waitUntilSeenWithNoCars,
  WAIT,
  type Collector,
} from '../../bench/ui/app-session';
import { CHROMIUM_PATH } from '../fixtures/chromium';
import { periodicSyncOf } from '../fixtures/periodic-sync';

const PHONE = { width: 390, height: 844 };
const INSTALL_TITLE = 'Put Diecast Garage on your home screen';

let app: AppUnderTest;
let browser: Browser;
let base: string;
let carIds: string[];

beforeAll(async () => {
  app = await startAppUnderTest('badges-and-celebrations');
  ({ browser, base } = app);
  carIds = await catalogueCarIds(base);
});

afterAll(async () => {
  await app?.stop();
});

/** A fresh phone-sized browser; page errors are added to a failure's message. */
async function onPhone(
  test: (context: BrowserContext) => Promise<void>,
  options: { installOffered?: boolean } = {},
): Promise<void> {
  const context = await browser.newContext({ viewport: PHONE });
  if (options.installOffered) {
    // This device already had its install prompt: tests of other things are not interrupted.
    await context.addInitScript(() =>
      localStorage.setItem('diecast.installPromptOffered', 'earlier'),
    );
  }
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

async function signedInPage(context: BrowserContext, collector: Collector): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, base, collector);
  return page;
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Until the app on `page` has seen the collector with no cars, and kept that for later pages. */
const milestone = (page: Page) => dialog(page, 'Milestone Unlocked!');
const search = (page: Page) => new URL(page.url()).search;

describe('celebrations', () => {
  it('test_badge=car-100 shows the car-100 celebration, cleans the URL, traps focus and closes on Escape', async () => {
    await onPhone(
      async (context) => {
        const collector = await createCollector(base);
        const page = await signedInPage(context, collector);
        await page.goto(`${base}/home?test_badge=car-100&from=mail`);

        const shown = milestone(page);
        await shown.waitFor({ state: 'visible', timeout: WAIT.timeout });
        expect(await shown.getAttribute('aria-modal')).toBe('true');
        expect(await shown.getByText('Car Collector', { exact: true }).count()).toBe(1);
        expect(await shown.getByRole('img', { name: /100 cars/ }).count()).toBe(1);
        const awesome = shown.getByRole('button', { name: 'Awesome!' });
        expect(await awesome.count()).toBe(1);
        await expect.poll(() => search(page)).toBe('?from=mail');
        expect(new URL(page.url()).pathname).toBe('/home');

        // Focus starts on 'Awesome!' and Tab stays inside the dialog.
        expect(await awesome.evaluate((button) => button === document.activeElement)).toBe(true);
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press('Tab');
          expect(await shown.evaluate((box) => box.contains(document.activeElement))).toBe(true);
        }
        await page.keyboard.press('Shift+Tab');
        expect(await shown.evaluate((box) => box.contains(document.activeElement))).toBe(true);
        // The app behind it is out of reach while it is open.
        expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(true);

        await page.keyboard.press('Escape');
        await shown.waitFor({ state: 'detached', timeout: 5000 });
        expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(false);

        // 'Awesome!' closes a full-screen one too.
        await page.goto(`${base}/home?test_badge=set-50`);
        const sets = milestone(page);
        await sets.waitFor({ state: 'visible', timeout: WAIT.timeout });
        expect(await sets.getByText('Set Collector', { exact: true }).count()).toBe(1);
        await sets.getByRole('button', { name: 'Awesome!' }).click();
        await sets.waitFor({ state: 'detached', timeout: 5000 });
        await expect.poll(() => search(page)).toBe('');
      },
      { installOffered: true },
    );
  });

  it('returns focus to where it was when a celebration closes', async () => {
    await onPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${base}/home`);
      const home = page.getByRole('link', { name: 'Home' }).first();
      await home.waitFor({ state: 'visible', timeout: WAIT.timeout });
      await home.focus();
      // A client-side navigation (no reload) to the same screen with the parameter.
      await page.evaluate(() => {
        history.pushState(null, '', '/home?test_badge=default');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      const shown = milestone(page);
      await shown.waitFor({ state: 'visible', timeout: WAIT.timeout });
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'detached', timeout: 5000 });
      expect(await home.evaluate((link) => link === document.activeElement)).toBe(true);
    });
  });

  it('shows the car toast and closes it by itself after about 4 s', async () => {
    await onPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${base}/home?test_badge=car`);
      const toast = page.getByRole('region', { name: 'Celebration' });
      await toast.waitFor({ state: 'visible', timeout: WAIT.timeout });
      const shownAt = Date.now();
      expect(await toast.getByRole('status').textContent()).toBe('Added to Collection!');
      expect(await toast.getByRole('button', { name: 'Awesome!' }).count()).toBe(1);
      // A toast is not a dialog: nothing else becomes inert.
      expect(await page.getByRole('dialog').count()).toBe(0);
      await toast.waitFor({ state: 'detached', timeout: 8000 });
      const closedAfter = Date.now() - shownAt;
      expect(closedAfter).toBeGreaterThan(3500);
      expect(closedAfter).toBeLessThan(5500);

      // The set toast: its own text; Escape closes it early.
      await page.goto(`${base}/home?test_badge=set`);
      await toast.waitFor({ state: 'visible', timeout: WAIT.timeout });
      expect(await toast.getByRole('status').textContent()).toBe('Set Added!');
      await page.keyboard.press('Escape');
      await toast.waitFor({ state: 'detached', timeout: 2000 });
    });
  });

  it("remembers 'Don't show this again' after a reload: in the profile when signed in", async () => {
    await onPhone(
      async (context) => {
        const collector = await createCollector(base);
        const page = await signedInPage(context, collector);
        await page.goto(`${base}/home?test_badge=car-300`);
        const shown = milestone(page);
        await shown.waitFor({ state: 'visible', timeout: WAIT.timeout });
        await shown.getByRole('checkbox', { name: "Don't show this again" }).check();
        await shown.getByRole('button', { name: 'Awesome!' }).click();
        await shown.waitFor({ state: 'detached', timeout: 5000 });
        await waitForDeviceProfile(
          page,
          collector.uid,
          (profile) => profile.settings['hideCelebration.car-300'] === true,
        );

        await page.goto(`${base}/home?test_badge=car-300`);
        // The parameter is handled (removed) once the choices are known; nothing shows.
        await expect.poll(() => search(page), WAIT).toBe('');
        await page.waitForTimeout(500);
        expect(await page.getByRole('dialog').count()).toBe(0);
        // Other types still show.
        await page.goto(`${base}/home?test_badge=car-500`);
        await milestone(page).waitFor({ state: 'visible', timeout: WAIT.timeout });

        // The choice reached the server (it follows the collector to other devices).
        await expect
          .poll(async () => {
            const response = await fetch(`${base}/api/profile/me`, { headers: collector.headers });
            const body = (await response.json()) as { settings: Record<string, unknown> };
            return body.settings['hideCelebration.car-300'];
          }, WAIT)
          .toBe(true);
      },
      { installOffered: true },
    );
  });

  it("remembers 'Don't show this again' after a reload: in this browser when signed out", async () => {
    await onPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${base}/home?test_badge=car`);
      const toast = page.getByRole('region', { name: 'Celebration' });
      await toast.waitFor({ state: 'visible', timeout: WAIT.timeout });
      await toast.getByRole('checkbox', { name: "Don't show this again" }).check();
      await toast.getByRole('button', { name: 'Awesome!' }).click();
      await toast.waitFor({ state: 'detached', timeout: 2000 });

      await page.reload();
      await page.goto(`${base}/home?test_badge=car`);
      await expect.poll(() => search(page), WAIT).toBe('');
      await page.waitForTimeout(500);
      expect(await toast.count()).toBe(0);
    });
  });
});

describe('badges', () => {
  it('shows the car-100 badge once when the 100th car is added in the app', async () => {
    await onPhone(
      async (context) => {
        const collector = await createCollector(base);
        const page = await signedInPage(context, collector);
        await waitForCatalogue(page);
        await pushMutations(base, collector, addCars(carIds.slice(1, 100)));
        await page.reload();
        await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 99);
        expect(await page.getByRole('dialog').count()).toBe(0);

        await addCarInApp(page, base, carIds[0] as string);
        const shown = milestone(page);
        await shown.waitFor({ state: 'visible', timeout: WAIT.timeout });
        expect(await shown.getByText('Car Collector', { exact: true }).count()).toBe(1);
        expect(await shown.getByText('You reached 100 cars in your collection.').count()).toBe(1);
        await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 100);
        await shown.getByRole('button', { name: 'Awesome!' }).click();
        await shown.waitFor({ state: 'detached', timeout: 5000 });

        // Once: not again after a reload and the server's refresh, nor for the 101st car.
        await page.reload();
        await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 100);
        await addCarInApp(page, base, carIds[0] as string);
        await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 101);
        await page.waitForTimeout(800);
        expect(await milestone(page).count()).toBe(0);
      },
      { installOffered: true },
    );
  });

  it('shows the unlock notice for a badge whose celebration is hidden, until cleared', async () => {
    await onPhone(
      async (context) => {
        const collector = await createCollector(base);
        await pushMutations(base, collector, [
          ...addCars(carIds.slice(1, 100)),
          { name: 'users/update-settings', args: { key: 'hideCelebration.car-100', value: true } },
        ]);
        const page = await signedInPage(context, collector);
        await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 99);
        await addCarInApp(page, base, carIds[0] as string);

        const notice = page.getByRole('region', { name: 'Badge unlocked' });
        await notice.waitFor({ state: 'visible', timeout: WAIT.timeout });
        expect(await notice.textContent()).toContain('Badge unlocked: Car Collector');
        expect(await notice.textContent()).toContain('100 cars');
        expect(await milestone(page).count()).toBe(0);
        await notice.getByRole('button', { name: 'Clear' }).click();
        await notice.waitFor({ state: 'detached', timeout: 2000 });
      },
      { installOffered: true },
    );
  });
});

describe('the install prompt', () => {
  it('opens after the very first car, with iOS and other instructions, and closes', async () => {
    await onPhone(async (context) => {
      const collector = await createCollector(base);
      const page = await signedInPage(context, collector);
      await waitForCatalogue(page);
      await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 0);
      expect(await dialog(page, INSTALL_TITLE).count()).toBe(0);

      await addCarInApp(page, base, carIds[0] as string);
      const prompt = dialog(page, INSTALL_TITLE);
      await prompt.waitFor({ state: 'visible', timeout: WAIT.timeout });
      const text = (await prompt.textContent()) ?? '';
      expect(text).toContain('On iPhone or iPad');
      expect(text).toContain('Share');
      expect(text).toContain('Add to Home Screen');
      expect(text).toContain('On Android and computers');
      expect(text).toContain('Install app');
      expect(text).toContain('you may need to log in again');
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await prompt.waitFor({ state: 'detached', timeout: 5000 });

      // Once per device: not for the second car, nor after a reload.
      await addCarInApp(page, base, carIds[1] as string);
      await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 2);
      await page.reload();
      await page.waitForTimeout(800);
      expect(await dialog(page, INSTALL_TITLE).count()).toBe(0);
    });
  });

  it('closes on Escape', async () => {
    await onPhone(async (context) => {
      const collector = await createCollector(base);
      const page = await signedInPage(context, collector);
      await waitUntilSeenWithNoCars(page, collector.uid);
      // The first car may come from another device: the pull makes it the first car here too.
      await pushMutations(base, collector, addCars(carIds.slice(0, 1)));
      await page.reload();
      const prompt = dialog(page, INSTALL_TITLE);
      await prompt.waitFor({ state: 'visible', timeout: WAIT.timeout });
      await page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'detached', timeout: 5000 });
    });
  });

  it('opens on the next page when the first car arrived with no page open', async () => {
    await onPhone(async (context) => {
      const collector = await createCollector(base);
      const page = await signedInPage(context, collector);
      await waitForServiceWorker(page);
      await waitUntilSeenWithNoCars(page, collector.uid);
      const firePeriodicSync = await periodicSyncOf(context, page, base);

      // The app is closed (a page of the same site that is not the app), another device adds
      // the first car, and the worker's periodic sync pulls it onto this device.
      await page.goto(`${base}/manifest.webmanifest`);
      await pushMutations(base, collector, addCars(carIds.slice(0, 1)));
      await firePeriodicSync();
      await waitForDeviceTotals(page, collector.uid, (totals) => totals.cars === 1);

      // The next page's first look already finds 1 car: an earlier page saw none.
      await page.goto(`${base}/home`);
      await dialog(page, INSTALL_TITLE).waitFor({ state: 'visible', timeout: WAIT.timeout });
    });
  });

  it('has a manifest, icons and a worker that make Chromium offer installation', async () => {
    // Installability is not reported in an incognito-like context: a real profile directory.
    const profileDir = mkdtempSync(join(tmpdir(), 'diecast-install-profile-'));
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      viewport: PHONE,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${base}/home`);
      await waitForServiceWorker(page);
      const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
        name: string;
        start_url: string;
        display: string;
        theme_color: string;
        icons: { src: string; sizes: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Diecast Garage',
        start_url: '/home',
        display: 'standalone',
      });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
      expect(sizes).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      );
      for (const icon of manifest.icons) {
        const response = await fetch(`${base}${icon.src}`);
        expect(response.status, icon.src).toBe(200);
      }
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      // The worker precaches the manifest and icons: the installed app starts offline.
      const cached = await page.evaluate(async () => {
        const keys: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) {
            keys.push(new URL(request.url).pathname);
          }
        }
        return keys;
      });
      expect(cached).toEqual(
        expect.arrayContaining([
          '/manifest.webmanifest',
          '/icons/icon-192.png',
          '/icons/icon-512.png',
          '/badges/car-100.svg',
        ]),
      );
    } finally {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  });
});
