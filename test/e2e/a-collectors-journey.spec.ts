// The journey on a phone, end to end: sign up → username → 2024 mainlines → add a car →
// celebration and install prompt → edit the copy → add a five-pack → completed sets → trade →
// stats. Then the whole journey again with the network off after the first load.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';
import { CUT_OFF } from '../fixtures/sync-pill';

const WAIT = { timeout: 20_000, interval: 100 };
const PASSWORD = 'garage-secret-1';

let app: AppUnderTest;
let browser: Browser;
let base: string;

beforeAll(async () => {
  app = await startAppUnderTest('a-collectors-journey');
  ({ browser, base } = app);
});

afterAll(async () => {
  await app?.stop();
});

const testIdText = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);

async function signUpWithUsername(page: Page, email: string, username: string): Promise<void> {
  // Signing up from a guarded screen: the guard asks for the username there.
  await page.goto(`${base}/signup?next=${encodeURIComponent('/collection')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  // A new collector sees only the create-username screen until they have one.
  await expect.poll(() => page.getByLabel('Username').count(), WAIT).toBe(1);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.url(), WAIT).toBe(`${base}/collection`);
  await expect
    .poll(() => page.getByText('Search a car or browse 2025 mainlines').count(), WAIT)
    .toBeGreaterThan(0);
}

/** The journey from the 2024 mainlines on; works the same online and offline. */
async function collectorsJourney(page: Page): Promise<{ carId: string; setId: string }> {
  await page.goto(`${base}/mainlines/2024`);
  await expect
    .poll(() => page.getByRole('heading', { name: '2024 Mainlines' }).count(), WAIT)
    .toBe(1);
  const tile = page.locator('li[data-car-id]').first();
  await expect.poll(() => tile.count(), WAIT).toBe(1);
  const carId = (await tile.getAttribute('data-car-id')) as string;
  await tile.locator('a').first().click();
  await expect.poll(() => page.url(), WAIT).toBe(`${base}/car/${carId}`);

  // The very first car: the car toast and the install prompt.
  await page.getByRole('button', { name: 'Add to collection', exact: true }).click();
  await expect.poll(() => testIdText(page, 'ownership-answer'), WAIT).toBe('You own 1 · 1 carded');
  await expect.poll(() => page.getByText('Added to Collection!').count(), WAIT).toBeGreaterThan(0);
  const install = page.getByRole('dialog', { name: 'Put Diecast Garage on your home screen' });
  await expect.poll(() => install.count(), WAIT).toBe(1);
  await page.getByRole('button', { name: 'Not now', exact: true }).click();
  await expect.poll(() => install.count(), WAIT).toBe(0);

  // Edit the copy, and offer one for trade.
  const copy = page.locator('li[data-instance-id]');
  await copy.getByLabel('Condition').selectOption('loose');
  await copy.getByRole('button', { name: 'Save copy 1' }).click();
  await expect.poll(() => testIdText(page, 'ownership-answer'), WAIT).toBe('You own 1 · 1 loose');
  await page.getByRole('button', { name: 'More: For trade' }).click();
  // Wait for the change to land before leaving: a full page load cuts a transaction short.
  await expect
    .poll(
      () => page.getByRole('group', { name: 'For trade' }).locator('output').textContent(),
      WAIT,
    )
    .toBe('1');

  // A five-pack of 2024, added as a set: complete.
  await page.goto(`${base}/mainlines/2024`);
  const pack = page.locator('.set-strip li[data-set-id]').first();
  await expect.poll(() => pack.count(), WAIT).toBe(1);
  const setId = (await pack.getAttribute('data-set-id')) as string;
  await pack.locator('a').first().click();
  await expect.poll(() => page.url(), WAIT).toContain(`/mainlines/five-pack/2024/${setId}`);
  await page.getByRole('button', { name: 'Add set to collection' }).click();
  await expect.poll(() => testIdText(page, 'set-progress'), WAIT).toMatch(/^Complete · /);
  const packSize = Number(
    /of (\d+) cars/.exec((await testIdText(page, 'set-progress')) ?? '')?.[1],
  );
  expect(packSize).toBeGreaterThan(1);

  // The collection's own screens show it all.
  await page.goto(`${base}/collection/completedsets`);
  await expect
    .poll(() => page.locator(`a[href*="${encodeURIComponent(setId)}"]`).count(), WAIT)
    .toBeGreaterThan(0);
  await page.goto(`${base}/collection/tradensell`);
  await expect
    .poll(() => page.locator(`a[href="/car/${encodeURIComponent(carId)}"]`).count(), WAIT)
    .toBeGreaterThan(0);
  await page.goto(`${base}/stats`);
  // The car, plus one of each of the pack's cars; one set.
  const bigNumber = (testId: string) =>
    page
      .getByTestId(testId)
      .locator('.cl-bignum__value')
      .textContent({ timeout: 1000 })
      .catch(() => null);
  await expect.poll(() => bigNumber('stat-sets'), WAIT).toBe('1');
  await expect.poll(() => bigNumber('stat-cars'), WAIT).toBe(String(1 + packSize));
  return { carId, setId };
}

async function onPhone(run: (context: BrowserContext, page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await run(context, await context.newPage());
  } finally {
    await context.close();
  }
}

describe("a collector's journey", () => {
  it('signs up, picks a username, adds a car, edits it, adds a set and sees it everywhere', async () => {
    await onPhone(async (_context, page) => {
      const id = Date.now().toString(36);
      await signUpWithUsername(page, `journey-${id}@example.com`, `journey${id}`);
      await collectorsJourney(page);
      await expect
        .poll(() => page.locator('.sync-pill').textContent(), WAIT)
        .toBe('All changes synced');
    });
  });

  it('does the whole journey again with the network off after the first load', async () => {
    await onPhone(async (context, page) => {
      const id = `${Date.now().toString(36)}x`;
      await signUpWithUsername(page, `offline-${id}@example.com`, `offline${id}`);
      // The worker controls the page and the catalogue is on the device before going offline.
      await expect
        .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), WAIT)
        .toBe(true);
      await context.setOffline(true);
      const { carId, setId } = await collectorsJourney(page);
      await expect.poll(() => page.locator('.sync-pill').textContent(), WAIT).toMatch(CUT_OFF);

      await context.setOffline(false);
      await expect
        .poll(() => page.locator('.sync-pill').textContent(), WAIT)
        .toBe('All changes synced');
      // The server now holds what was done offline, once.
      const token = await page.evaluate(async () => {
        const request = indexedDB.open('firebaseLocalStorageDb');
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const rows = await new Promise<{ value: { stsTokenManager: { accessToken: string } } }[]>(
          (resolve, reject) => {
            const all = db
              .transaction('firebaseLocalStorage')
              .objectStore('firebaseLocalStorage')
              .getAll();
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => reject(all.error);
          },
        );
        return rows[0]?.value.stsTokenManager.accessToken ?? '';
      });
      const response = await fetch(`${base}/api/collection/get`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const collection = (await response.json()) as {
        ownedCars: { carId: string; instances: { condition: string }[] }[];
        ownedSets: { setId: string; instances: unknown[] }[];
        tradeSellCars: { carId: string; forTrade: number }[];
      };
      expect(collection.ownedSets).toEqual([{ setId, instances: [expect.any(Object)] }]);
      const car = collection.ownedCars.find((owned) => owned.carId === carId);
      expect(car?.instances[0]?.condition).toBe('loose');
      expect(collection.tradeSellCars).toEqual([{ carId, forTrade: 1, forSale: 0 }]);
    });
  });
});
