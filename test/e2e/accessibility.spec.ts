// axe-core on every main screen, light and dark, signed in where the route is guarded,
// and on the celebration dialog, the car toast and the install prompt: no serious or critical
// violations. And on every main screen, scrolled to its end, no content left under the bottom
// bar or a floating button.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCars,
  catalogueCarIds,
  createCollector,
  PASSWORD,
  pushMutations,
  signIn,
  waitForCatalogue,
  waitUntil,
  waitUntilSeenWithNoCars,
  WAIT,
  type Collector,
} from '../../bench/ui/app-session';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { contentCoveredAtTheEnd } from '../fixtures/covered-content';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';

const PHONE = { width: 390, height: 844 };

/** The main screens; guarded ones are visited signed in, the sign-in screens signed out. */
const SIGNED_IN_SCREENS = [
  '/home',
  '/mainlines',
  '/mainlines/2025',
  '/collection',
  '/collection/recentadded',
  '/collection/completedsets',
  '/collection/tradensell',
  '/favorites',
  '/wishlist',
  '/stats',
  '/settings',
  '/search',
  '/filter',
  '/check',
  '/about',
];
const SIGNED_OUT_SCREENS = ['/home', '/login', '/signup', '/check', '/about'];
/** Screens axe does not visit, whose end is checked for content under the floating buttons. */
const MORE_SCREENS_WITH_AN_END = ['/social', '/trade', '/leaderboard', '/learn', '/premium'];
const LOADING = /^(Loading\.\.\.|Loading Screen\.\.\.|Authenticating\.\.\.|Loading Profile\.\.\.)$/;

let app: AppUnderTest;
let browser: Browser;
let base: string;
let collector: Collector;
let ownedCarId: string;

beforeAll(async () => {
  app = await startAppUnderTest('accessibility');
  ({ browser, base } = app);
  // A collector with something to show on every collection screen.
  collector = await createCollector(base);
  const carIds = await catalogueCarIds(base);
  ownedCarId = carIds[0] as string;
  await pushMutations(base, collector, [
    ...addCars(carIds.slice(0, 24)),
    // The flags say whether the car is in the list now: false adds it.
    { name: 'collection/toggle-favorite', args: { carId: carIds[0], isFavorited: false } },
    { name: 'collection/toggle-wishlist', args: { carId: carIds[30], isWishlisted: false } },
    { name: 'collection/update-car-details', args: { carId: carIds[1], forTrade: 1, forSale: 0 } },
  ]);
});

afterAll(async () => {
  await app?.stop();
});

/** Waits until the screen has content: no loading status left, and a heading on screen. */
async function settle(page: Page): Promise<void> {
  await waitUntil(
    'the screen to finish loading',
    () =>
      page.evaluate((pattern) => {
        const loading = new RegExp(pattern);
        const statuses = [...document.querySelectorAll('[role="status"]')].map(
          (node) => node.textContent?.trim() ?? '',
        );
        const headings = document.querySelectorAll('h1, h2').length;
        return headings > 0 && !statuses.some((text) => loading.test(text));
      }, LOADING.source),
    Boolean,
  );
  // The images on screen have loaded (a lazy one below the fold has not started, and is left
  // out), and the screen has painted what it has.
  await waitUntil(
    'the images on screen to load',
    () =>
      page.evaluate(async () => {
        // Two frames, or half a second where frames do not come (a page in the background).
        await new Promise((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(resolve));
          setTimeout(resolve, 500);
        });
        const onScreen = (image: HTMLImageElement) => {
          const rect = image.getBoundingClientRect();
          return rect.bottom > 0 && rect.top < innerHeight && rect.width > 0;
        };
        return [...document.images]
          .filter((image) => image.loading !== 'lazy' || onScreen(image))
          .every((image) => image.complete);
      }),
    Boolean,
  );
}

describe.each(['light', 'dark'] as const)('axe in %s mode', (colorScheme) => {
  let signedIn: BrowserContext;
  let signedOut: BrowserContext;
  let page: Page;
  let visitor: Page;

  beforeAll(async () => {
    signedIn = await browser.newContext({ viewport: PHONE, colorScheme });
    // Tested on their own below: the install prompt must not cover the screens here.
    await signedIn.addInitScript(() =>
      localStorage.setItem('diecast.installPromptOffered', 'earlier'),
    );
    page = await signedIn.newPage();
    await signIn(page, base, collector);
    await waitForCatalogue(page);
    signedOut = await browser.newContext({ viewport: PHONE, colorScheme });
    visitor = await signedOut.newPage();
  });

  afterAll(async () => {
    await signedIn?.close();
    await signedOut?.close();
  });

  it.each(SIGNED_IN_SCREENS)('%s (signed in)', async (path) => {
    await page.goto(`${base}${path}`);
    await settle(page);
    expect(new URL(page.url()).pathname).toBe(path);
    await expectNoSeriousViolations(page, `${path} signed in, ${colorScheme}`);
    // The layout is the same in both schemes: looked at once.
    if (colorScheme === 'light') {
      expect(await contentCoveredAtTheEnd(page), `${path}: under a fixed layer`).toEqual([]);
    }
  });

  it.runIf(colorScheme === 'light')(
    'the end of the community, trade and learn screens is clear of the floating buttons',
    async () => {
      const covered: Record<string, string[]> = {};
      for (const path of [...MORE_SCREENS_WITH_AN_END, `/profile/${collector.uid}`]) {
        await page.goto(`${base}${path}`);
        await settle(page);
        const under = await contentCoveredAtTheEnd(page);
        if (under.length > 0) covered[path] = under;
      }
      expect(covered).toEqual({});
    },
  );

  it.runIf(colorScheme === 'light')(
    "the bottom bar's labels show whole, the active one too, on 390, 360 and 320 px phones",
    async () => {
      const cut: string[] = [];
      for (const width of [390, 360, 320]) {
        await page.setViewportSize({ width, height: 844 });
        // The two longest labels, each where it is the active one.
        for (const path of ['/social', '/collection']) {
          await page.goto(`${base}${path}`);
          await settle(page);
          const labels = await page.$$eval('.bottom-bar__tab span', (spans) =>
            spans.map((span) => ({
              text: span.textContent ?? '',
              whole: span.scrollWidth <= span.clientWidth,
            })),
          );
          expect(labels.map((label) => label.text)).toEqual([
            'Home',
            'Community',
            'Trade',
            'My Collection',
          ]);
          for (const label of labels) {
            if (!label.whole) cut.push(`${width} px, ${path}: ${label.text}`);
          }
        }
      }
      await page.setViewportSize(PHONE);
      expect(cut).toEqual([]);
    },
  );

  it.runIf(colorScheme === 'light')(
    "a car's page shows its whole name in the header, the longest in the catalogue too",
    async () => {
      const { cars } = (await (await fetch(`${base}/api/catalog`)).json()) as {
        cars: { id: string; name: string }[];
      };
      const longest = cars.reduce((a, b) => (b.name.length > a.name.length ? b : a));
      expect(longest.name.length).toBeGreaterThan(35);
      await page.goto(`${base}/car/${longest.id}`);
      await settle(page);
      const title = page.locator('.app-header h1');
      expect(await title.textContent()).toBe(longest.name);
      // Once the pill has faded to its dot (2 s), as the car page is read.
      await page.locator('.sync-pill--faded').waitFor({ timeout: WAIT.timeout });
      const cut = await title.evaluate(
        (h1) => h1.scrollHeight > h1.clientHeight + 1 || h1.scrollWidth > h1.clientWidth + 1,
      );
      expect(cut, longest.name).toBe(false);
    },
  );

  it('a car page (signed in)', async () => {
    const path = `/car/${ownedCarId}`;
    await page.goto(`${base}${path}`);
    await settle(page);
    await expectNoSeriousViolations(page, `${path} signed in, ${colorScheme}`);
  });

  it.each(SIGNED_OUT_SCREENS)('%s (signed out)', async (path) => {
    await visitor.goto(`${base}${path}`);
    await settle(visitor);
    await expectNoSeriousViolations(visitor, `${path} signed out, ${colorScheme}`);
  });

  it('the milestone celebration dialog', async () => {
    await page.goto(`${base}/home?test_badge=car-1000`);
    await page
      .getByRole('dialog', { name: 'Milestone Unlocked!' })
      .waitFor({ state: 'visible', timeout: WAIT.timeout });
    // Confetti finished falling: what stays on screen is what is checked.
    await page.waitForTimeout(3500);
    await expectNoSeriousViolations(page, `celebration car-1000, ${colorScheme}`);
    await page.keyboard.press('Escape');
  });

  it('the car toast', async () => {
    await page.goto(`${base}/home?test_badge=car`);
    await page
      .getByRole('region', { name: 'Celebration' })
      .waitFor({ state: 'visible', timeout: WAIT.timeout });
    await page.waitForTimeout(300);
    // The toast only: the screen under it is checked on its own above.
    await expectNoSeriousViolations(page, `car toast, ${colorScheme}`, '.celebration-dock');
  });

  it('the install prompt', async () => {
    const context = await browser.newContext({ viewport: PHONE, colorScheme });
    try {
      const fresh = await createCollector(base);
      const tab = await context.newPage();
      await signIn(tab, base, fresh);
      // The first car comes from the server: it is the first here only once this page saw none.
      await waitUntilSeenWithNoCars(tab, fresh.uid);
      await pushMutations(base, fresh, addCars((await catalogueCarIds(base)).slice(0, 1)));
      await tab.reload();
      await tab
        .getByRole('dialog', { name: 'Put Diecast Garage on your home screen' })
        .waitFor({ state: 'visible', timeout: WAIT.timeout });
      await tab.waitForTimeout(300);
      await expectNoSeriousViolations(tab, `install prompt, ${colorScheme}`);
    } finally {
      await context.close();
    }
  });

  it('a collection still on its way to a new device (Home, the quick check)', async () => {
    const context = await browser.newContext({ viewport: PHONE, colorScheme });
    const held: Route[] = [];
    try {
      await context.addInitScript(() =>
        localStorage.setItem('diecast.installPromptOffered', 'earlier'),
      );
      // The first pull held: the collection stays on its way while axe looks.
      await context.route('**/api/collection/get', (route) => void held.push(route));
      const tab = await context.newPage();
      await tab.goto(`${base}/home`);
      await waitForCatalogue(tab);
      await tab.getByLabel('Email', { exact: true }).fill(collector.email);
      await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await tab.getByRole('button', { name: 'Log in', exact: true }).click();
      await tab
        .getByRole('status')
        .filter({ hasText: 'Bringing your collection onto this device' })
        .waitFor({ state: 'visible', timeout: WAIT.timeout });
      await expectNoSeriousViolations(tab, `collection on its way, /home, ${colorScheme}`);
      // The bar is named by its line, for screen readers (axe does not ask for it).
      expect(
        await tab.getByRole('progressbar', { name: /^Bringing your collection onto/ }).count(),
      ).toBe(1);
      await tab.getByRole('link', { name: 'Quick check: do I have it?' }).click();
      await tab.getByLabel('Toy #, collector # or casting name').fill('a');
      await tab
        .getByText('Not on this device yet: your collection is still arriving')
        .first()
        .waitFor({ state: 'visible', timeout: WAIT.timeout });
      await expectNoSeriousViolations(tab, `collection on its way, /check, ${colorScheme}`);
    } finally {
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
      await context.close();
    }
  });
});
