// Learn, live and premium on a phone: complete a tutorial (it reaches the profile's
// completedTutorials and survives a reload; tutorials read offline), watch /live, and
// subscribe through the development payment provider end to end ('Finalizing your
// subscription...', then premium). axe on every screen; screenshots in test-results/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCollector,
  deviceProfile,
  signIn,
  waitForServiceWorker,
  WAIT,
  type Collector,
} from '../../bench/ui/app-session';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';

const PHONE = { width: 390, height: 844 };
const shots = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results');
const TUTORIAL = 'spotting-treasure-hunts';

/** The device's profile row (src/db/garage-db.ts ProfileRow): the fields read here. */
interface LocalProfile {
  completedTutorials: string[];
  subscription: { status: string | null };
}

let app: AppUnderTest;
let base: string;
let collector: Collector;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  app = await startAppUnderTest('learn-live-premium');
  base = app.base;
  collector = await createCollector(base);
  context = await app.browser.newContext({ viewport: PHONE });
  // The install prompt is tested elsewhere: it must not cover these screens.
  await context.addInitScript(() => {
    localStorage.setItem('diecast.installPromptOffered', 'earlier');
    // The guard's 'Finalizing…' lasts as long as one profile pull: note that it was shown.
    const watch = () => {
      if (document.body?.textContent?.includes('Finalizing your subscription...')) {
        sessionStorage.setItem('saw-finalizing', 'yes');
      }
    };
    new MutationObserver(watch).observe(document, { childList: true, subtree: true });
  });
  page = await context.newPage();
  await signIn(page, base, collector);
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
});

async function serverProfile(): Promise<{ completedTutorials: string[]; subscription: unknown }> {
  const response = await fetch(`${base}/api/profile/me`, { headers: collector.headers });
  return (await response.json()) as { completedTutorials: string[]; subscription: unknown };
}

const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`) });
const count = (text: string | RegExp) => page.getByText(text).count();

describe('learning', () => {
  it('lists the tutorials with their reading time', async () => {
    await page.goto(`${base}/learn`);
    await expect.poll(() => page.locator('li[data-tutorial-id]').count(), WAIT).toBeGreaterThan(4);
    expect(await page.getByRole('heading', { level: 1, name: 'Learn' }).count()).toBe(1);
    expect(await count('0 of 6 completed')).toBe(1);
    expect(await page.locator(`li[data-tutorial-id="${TUTORIAL}"]`).textContent()).toMatch(
      /Spotting a Treasure Hunt.*5 min read/,
    );
    await shot('learn-list-phone');
    await expectNoSeriousViolations(page, '/learn');
  });

  it('completes a tutorial: ticked at once, in the server profile, still after a reload', async () => {
    await page.locator(`li[data-tutorial-id="${TUTORIAL}"] a`).click();
    await expect.poll(() => page.url(), WAIT).toBe(`${base}/learn/${TUTORIAL}`);
    const title = page.getByRole('heading', {
      level: 2,
      name: 'Spotting a Treasure Hunt and a Super Treasure Hunt',
    });
    await expect.poll(() => title.count(), WAIT).toBe(1);
    expect(await count(/Real Riders/)).toBeGreaterThan(0);
    await shot('learn-article-phone');
    await expectNoSeriousViolations(page, `/learn/${TUTORIAL}`);

    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect.poll(() => count('You completed this tutorial.'), WAIT).toBe(1);
    // The local profile at once, then the server through the outbox.
    const local = (await deviceProfile(page, collector.uid)) as unknown as LocalProfile | null;
    expect(local?.completedTutorials).toEqual([TUTORIAL]);
    await expect
      .poll(async () => (await serverProfile()).completedTutorials, WAIT)
      .toEqual([TUTORIAL]);
    await shot('learn-article-completed-phone');

    await page.reload();
    await expect.poll(() => count('You completed this tutorial.'), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Mark as complete' }).count()).toBe(0);
    await page.goto(`${base}/learn`);
    await expect.poll(() => count('1 of 6 completed'), WAIT).toBe(1);
    expect(
      await page.locator(`li[data-tutorial-id="${TUTORIAL}"]`).getByText('Completed').count(),
    ).toBe(1);
  });

  it('reads the list and an article never opened before with no network', async () => {
    await waitForServiceWorker(page);
    // The list read online above keeps every article on the device; give it a moment.
    await page.waitForTimeout(1500);
    await context.setOffline(true);
    try {
      await page.goto(`${base}/learn`);
      await expect.poll(() => count('Offline · showing what this device saved'), WAIT).toBe(1);
      await expect.poll(() => page.locator('li[data-tutorial-id]').count(), WAIT).toBe(6);
      await page.locator('li[data-tutorial-id="hunting-at-retail"] a').click();
      await expect
        .poll(
          () => page.getByRole('heading', { level: 2, name: 'Hunting at retail' }).count(),
          WAIT,
        )
        .toBe(1);
    } finally {
      await context.setOffline(false);
    }
  });

  it('an unknown tutorial says so', async () => {
    await page.goto(`${base}/learn/how-to-fly`);
    await expect.poll(() => count('Tutorial not found'), WAIT).toBe(1);
  });
});

describe('live', () => {
  it('embeds the stream on air and lists what is coming up and what ended', async () => {
    await page.goto(`${base}/live`);
    await expect.poll(() => count('Live now'), WAIT).toBe(1);
    // Outside the nav layout: a back link, no bottom bar.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back' }).count()).toBe(1);
    const player = page.locator('iframe[title^="Live stream: "]');
    expect(await player.count()).toBe(1);
    expect(await player.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    expect(await player.getAttribute('allow')).toContain('encrypted-media');
    const section = (name: string) => page.getByRole('region', { name }).locator('li').count();
    expect(await section('Coming up')).toBe(2);
    expect(await section('Recently ended')).toBe(1);
    await shot('live-phone');
    await expectNoSeriousViolations(page, '/live');
  });
});

describe('dark mode and a laptop', () => {
  // Before the subscription below, so /subscribe still shows the wall.
  it('every screen passes axe in dark mode too', async () => {
    const dark = await app.browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
    try {
      await dark.addInitScript(() =>
        localStorage.setItem('diecast.installPromptOffered', 'earlier'),
      );
      const darkPage = await dark.newPage();
      await signIn(darkPage, base, collector);
      const screens: [string, string | RegExp][] = [
        ['/learn', '1 of 6 completed'],
        [`/learn/${TUTORIAL}`, 'You completed this tutorial.'],
        ['/live', 'Live now'],
        ['/premium', 'Unlimited trade listings'],
        ['/subscribe', /Development payment provider/],
      ];
      for (const [path, text] of screens) {
        await darkPage.goto(`${base}${path}`);
        await expect.poll(() => darkPage.getByText(text).count(), WAIT).toBeGreaterThan(0);
        await darkPage.waitForTimeout(300);
        const name = path.replace(/^\//, '').replace(/\//g, '-');
        await darkPage.screenshot({ path: join(shots, `dark-${name}-phone.png`) });
        await expectNoSeriousViolations(darkPage, `${path} dark`);
      }
      await darkPage.setViewportSize({ width: 1280, height: 800 });
      for (const path of ['/live', `/learn/${TUTORIAL}`]) {
        await darkPage.goto(`${base}${path}`);
        await darkPage.waitForTimeout(800);
        const name = path.replace(/^\//, '').replace(/\//g, '-');
        await darkPage.screenshot({ path: join(shots, `dark-${name}-laptop.png`) });
      }
    } finally {
      await dark.close();
    }
  });
});

describe('premium', () => {
  it('/premium says what premium gives and leads to the wall', async () => {
    await page.goto(`${base}/premium`);
    await expect.poll(() => count('Unlimited trade listings'), WAIT).toBe(1);
    await expect
      .poll(() => page.getByTestId('premium-price').textContent(), WAIT)
      .toMatch(/3[.,]99/);
    await shot('premium-phone');
    await expectNoSeriousViolations(page, '/premium');
    await page.getByRole('link', { name: 'Go premium' }).click();
    await expect.poll(() => page.url(), WAIT).toBe(`${base}/subscribe`);
  });

  it('subscribes through the development provider: Pay, Finalizing…, then premium', async () => {
    await expect
      .poll(() => count(/Development payment provider — no real money/), WAIT)
      .toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await shot('subscribe-phone');
    await expectNoSeriousViolations(page, '/subscribe');

    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.url(), WAIT).toContain('/api/premium/dev-checkout/');
    expect(await count('Development payment provider — no real money')).toBe(1);
    await shot('dev-checkout-phone');
    await expectNoSeriousViolations(page, 'the development checkout page');

    await page.getByRole('button', { name: 'Pay' }).click();
    // Back in the app with ?session_id=: the guard refreshes the profile, then goes to '/'.
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/home');
    expect(await page.evaluate(() => sessionStorage.getItem('saw-finalizing'))).toBe('yes');
    expect((await serverProfile()).subscription).toEqual({ status: 'active' });
    const local = (await deviceProfile(page, collector.uid)) as unknown as LocalProfile | null;
    expect(local?.subscription).toEqual({ status: 'active' });

    await page.goto(`${base}/premium`);
    await expect.poll(() => count("You're premium"), WAIT).toBe(1);
    await shot('premium-active-phone');
    await page.goto(`${base}/subscribe`);
    await expect.poll(() => count("You're premium"), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
  });
});
