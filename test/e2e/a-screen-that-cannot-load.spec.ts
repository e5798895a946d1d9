// A screen whose code cannot arrive (offline before the worker kept it, a deploy that removed
// it) says so and offers Try again and Go home, never a blank page.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
let app: AppUnderTest;

beforeAll(async () => {
  app = await startAppUnderTest('a-screen-that-cannot-load');
});

afterAll(async () => {
  await app?.stop();
});

/** A phone with no service worker, so every chunk comes from the network this test controls. */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

/** Client-side navigation, as a tap on a link does (wouter follows history.pushState). */
async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), path);
}

const failure = (page: Page) => page.getByRole('alert').filter({ hasText: "didn't open" });

describe('a screen whose code cannot load', () => {
  it('says so with Try again, and opens once the code can arrive', async () => {
    const { context, page } = await phone();
    // The About screen's chunk (its own, named after its file) never arrives.
    const aboutChunk = '**/assets/about-screen*.js';
    await context.route(aboutChunk, (route) => route.abort('connectionrefused'));
    await page.goto(`${app.base}/about`);
    await expect.poll(() => failure(page).count()).toBe(1);
    await expect
      .poll(() => failure(page).textContent())
      .toContain("This screen couldn't be loaded. Check your connection and try again.");
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Go home' }).count()).toBe(1);
    mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(projectRoot, 'test-results', 'screen-failed-phone.png') });

    await context.unroute(aboutChunk);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'About' }).count()).toBe(1);
    expect(await failure(page).count()).toBe(0);
    await context.close();
  });

  it('offline, says the screen is not on this device yet, and Go home leads out', async () => {
    const { context, page } = await phone();
    const premiumChunk = '**/assets/premium-chunk*.js';
    await context.route(premiumChunk, (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.base}/home`);
    await expect.poll(() => page.getByRole('heading', { name: 'Diecast Garage' }).count()).toBe(1);
    await context.setOffline(true);
    await goTo(page, '/premium');
    await expect
      .poll(() => failure(page).textContent())
      .toContain("You're offline, and this screen isn't on this device yet.");
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Diecast Garage' }).count()).toBe(1);
    expect(await failure(page).count()).toBe(0);
    await context.close();
  });
});
