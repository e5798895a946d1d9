// Browsing the catalogue on a phone with the network off after the first load: mainlines → a
// year → a car → add it, edit the copy, favourite it; a five-pack added as a set; search by name
// and toy number; filter by hunt type. Everything comes from the device's copy of the catalogue.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCarInput } from '../../src/shared/catalog/types';
import { signUpTestUser, type TestUser } from '../fixtures/auth';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(projectRoot, 'test-results');
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'garage-secret-1';
const WAIT = { timeout: 20_000, interval: 100 };
const demo = JSON.parse(
  readFileSync(join(projectRoot, 'api/catalog/demo-catalog.json'), 'utf8'),
) as CatalogCarInput[];

let app: AppUnderTest;
let browser: Browser;
let base: string;

beforeAll(async () => {
  app = await startAppUnderTest('browsing-the-catalogue');
  ({ browser, base } = app);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await app?.stop();
});

// ---- Helpers ---------------------------------------------------------------------------------

/** A collector with a username, made through the emulator's REST API and POST /api/users/initialize. */
async function collectorWithUsername(): Promise<TestUser> {
  const user = await signUpTestUser();
  const response = await fetch(`${base}/api/users/initialize`, {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ username: `browser${user.uid.slice(0, 8).replace(/\W/g, '')}` }),
  });
  expect(response.status).toBe(200);
  return user;
}

async function onPhone(test: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: PHONE });
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

/**
 * First load online: the worker takes control, the catalogue is downloaded, the collector signs
 * in through the home form and the guard has their profile. Then the network goes off.
 */
async function signedInThenOffline(context: BrowserContext, user: TestUser): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), WAIT)
    .toBe('activated');
  await expect.poll(() => page.locator('li[data-car-id]').count(), WAIT).toBeGreaterThan(0);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).count(), WAIT).toBe(1);
  // A guarded screen once online, so the profile is on the device.
  await page.goto(`${base}/search`);
  await expect.poll(() => page.getByLabel('Search the catalogue').count(), WAIT).toBe(1);
  await context.setOffline(true);
  return page;
}

/** Closes the install prompt and the celebration toast if they came up over the screen. */
async function dismissOverlays(page: Page): Promise<void> {
  for (const name of ['Not now', 'Awesome!']) {
    const button = page.getByRole('button', { name, exact: true });
    await button
      .first()
      .waitFor({ state: 'visible', timeout: 1500 })
      .then(() => button.first().click())
      .catch(() => {});
  }
}

const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .textContent({ timeout: 1000 })
    .catch(() => null);

const pressed = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');

// ---- The journeys ------------------------------------------------------------------------------

describe('browsing the catalogue offline', () => {
  it('goes from the mainlines to a car, adds, edits and favourites it, and adds a five-pack', async () => {
    const user = await collectorWithUsername();
    await onPhone(async (context) => {
      const page = await signedInThenOffline(context, user);

      // /mainlines → the newest year with its count → that year's cars.
      await page.goto(`${base}/mainlines`);
      await expect.poll(() => page.getByRole('heading', { name: 'Mainlines' }).count()).toBe(1);
      const mainlines2024 = demo.filter(
        (c) => c.brand === 'Hot Wheels' && c.year === 2024 && c.type === 'Mainline',
      ).length;
      const yearLink = page.getByRole('link', { name: `2024 ${mainlines2024} cars` });
      await expect.poll(() => yearLink.count(), WAIT).toBe(1);
      await page.screenshot({ path: join(shots, 'catalogue-mainlines-phone.png') });
      await yearLink.click();
      await expect.poll(() => page.url()).toBe(`${base}/mainlines/2024`);
      await expect
        .poll(() => page.getByRole('heading', { name: '2024 Mainlines' }).count(), WAIT)
        .toBe(1);
      await expect.poll(() => page.locator('li[data-car-id]').count(), WAIT).toBeGreaterThan(3);
      await page.screenshot({ path: join(shots, 'catalogue-year-phone.png') });

      // A car: the answer first, then 'Add to collection' → 'You own 1'.
      const tile = page.locator('li[data-car-id]').first();
      const carId = (await tile.getAttribute('data-car-id')) as string;
      await tile.locator('a').click();
      await expect.poll(() => page.url()).toBe(`${base}/car/${carId}`);
      await expect
        .poll(() => text(page, 'ownership-answer'), WAIT)
        .toBe("You don't own this one yet");
      await page.getByRole('button', { name: 'Add to collection', exact: true }).click();
      await expect.poll(() => text(page, 'ownership-answer'), WAIT).toBe('You own 1 · 1 carded');
      await dismissOverlays(page);

      // The copy is an editable row: condition loose, saved, still there after a reload.
      const copy = page.locator('li[data-instance-id]');
      await expect.poll(() => copy.count()).toBe(1);
      await copy.getByLabel('Condition').selectOption('loose');
      await copy.getByRole('button', { name: 'Save copy 1' }).click();
      await expect.poll(() => text(page, 'ownership-answer'), WAIT).toBe('You own 1 · 1 loose');

      // Favourite toggles its pressed state.
      expect(await pressed(page, 'Favourite')).toBe('false');
      await page.getByRole('button', { name: 'Favourite', exact: true }).click();
      await expect.poll(() => pressed(page, 'Favourite'), WAIT).toBe('true');
      expect(await pressed(page, 'Wishlist')).toBe('false');
      await page.screenshot({ path: join(shots, 'catalogue-car-phone.png') });

      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expect.poll(() => text(page, 'ownership-answer'), WAIT).toBe('You own 1 · 1 loose');
      await expect
        .poll(() => page.locator('li[data-instance-id]').getByLabel('Condition').inputValue(), WAIT)
        .toBe('loose');
      await expect.poll(() => pressed(page, 'Favourite'), WAIT).toBe('true');
      await page.getByRole('button', { name: 'Favourite', exact: true }).click();
      await expect.poll(() => pressed(page, 'Favourite'), WAIT).toBe('false');

      // Back on the year, the tile shows the owned chip; its five-pack opens from its link.
      await page.goto(`${base}/mainlines/2024`);
      const chip = page.locator(`li[data-car-id="${carId}"] .owned-chip`);
      await expect
        .poll(() => chip.getAttribute('aria-label', { timeout: 1000 }), WAIT)
        .toBe('You own 1');
      const fivePack = demo.filter((c) => c.year === 2024 && c.fivePackId);
      const fivePackId = fivePack[0]?.fivePackId as string;
      const packLink = page.locator(`.set-strip li[data-set-id="${fivePackId}"] a`);
      await expect.poll(() => packLink.count(), WAIT).toBe(1);
      await packLink.click();
      await expect.poll(() => page.url()).toBe(`${base}/mainlines/five-pack/2024/${fivePackId}`);
      await expect
        .poll(() => text(page, 'set-progress'), WAIT)
        .toBe(`You own 0 of ${fivePack.length} cars`);

      // Add it once, then two more in one go: owned / total is complete, three set copies.
      await page.getByRole('button', { name: 'Add set to collection' }).click();
      await expect
        .poll(() => text(page, 'set-progress'), WAIT)
        .toBe(`Complete · You own ${fivePack.length} of ${fivePack.length} cars`);
      await expect.poll(() => text(page, 'set-instances'), WAIT).toBe('You own this set ×1');
      expect(await page.getByText(`${fivePack.length} / ${fivePack.length}`).count()).toBe(1);
      await dismissOverlays(page);
      await page.getByRole('button', { name: 'More: How many sets' }).click();
      await page.getByRole('button', { name: 'Add set to collection' }).click();
      await expect.poll(() => text(page, 'set-instances'), WAIT).toBe('You own this set ×3');
      await dismissOverlays(page);

      // A set copy is removed with a confirmation.
      await page.getByRole('button', { name: 'Remove set 1' }).click();
      await page.getByRole('button', { name: 'Remove set 1 and its cars' }).click();
      await expect.poll(() => text(page, 'set-instances'), WAIT).toBe('You own this set ×2');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(shots, 'catalogue-five-pack-phone.png') });
    });
  });

  it('searches by name and by toy number, and filters by hunt type, with no network', async () => {
    const user = await collectorWithUsername();
    await onPhone(async (context) => {
      const page = await signedInThenOffline(context, user);
      const car = demo.find((c) => c.year === 2023 && c.type === 'Mainline' && c.toyNumber);
      expect(car).toBeDefined();
      const { name, toyNumber } = car as CatalogCarInput;

      // /search: the box is focused and results come as you type.
      await page.goto(`${base}/search`);
      const box = page.getByLabel('Search the catalogue');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')), WAIT)
        .toBe('search');
      await box.fill(name);
      const names = () => page.locator('li[data-car-id] .car-name').allTextContents();
      await expect.poll(names, WAIT).toContain(name);
      await page.screenshot({ path: join(shots, 'catalogue-search-phone.png') });
      await box.fill((toyNumber as string).toLowerCase());
      await expect.poll(names, WAIT).toEqual([name]);

      // /filter: hunt type STH lists only Super Treasure Hunts, all of them.
      await page.goto(`${base}/filter`);
      await expect.poll(() => page.getByLabel('Hunt type').count(), WAIT).toBe(1);
      await page.getByLabel('Hunt type').selectOption('STH');
      const sth = demo.filter((c) => c.huntType === 'STH');
      await expect
        .poll(() => text(page, 'filter-count'), WAIT)
        .toBe(`${sth.length} ${sth.length === 1 ? 'car' : 'cars'}`);
      await expect.poll(() => page.url()).toBe(`${base}/filter?hunt=STH`);
      const tiles = page.locator('li[data-car-id]');
      await expect.poll(() => tiles.count(), WAIT).toBeGreaterThan(0);
      expect(await tiles.count()).toBe(
        await tiles.filter({ has: page.locator('.hunt--sth') }).count(),
      );
      const shown = await tiles.locator('.car-name').allTextContents();
      for (const title of shown) expect(sth.map((c) => c.name)).toContain(title);
      await page.screenshot({ path: join(shots, 'catalogue-filter-phone.png') });
      // The badges shine, then rest: a screen left open (a phone on the table at a fair) runs no
      // endless animation, which would repaint every frame for as long as it stays open.
      const endless = () =>
        page.evaluate(() =>
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations === Infinity)
            .map((animation) => (animation as CSSAnimation).animationName ?? 'script'),
        );
      expect(await page.locator('.hunt--sth').count()).toBeGreaterThan(0);
      expect(await endless()).toEqual([]);

      // Combined with a year, fewer; cleared, the whole catalogue again.
      const sth2024 = sth.filter((c) => c.year === 2024).length;
      await page.getByLabel('Year').selectOption('2024');
      await expect
        .poll(() => text(page, 'filter-count'), WAIT)
        .toBe(`${sth2024} ${sth2024 === 1 ? 'car' : 'cars'}`);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect
        .poll(() => text(page, 'filter-count'), WAIT)
        .toBe(`${demo.length.toLocaleString('en')} cars`);
    });
  });
});
