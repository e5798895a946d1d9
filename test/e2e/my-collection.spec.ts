// The collection screens in Chromium against the real server: /collection with counts, recently
// added, completed sets, trade and sale steppers, stats, settings that reach the server, the CSV
// and JSON exports, the unsynced sign-out warning, and a 10,000-car collection.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../api/env';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { startServer, type RunningServer } from '../../api/runtime/start-server';
import { startDataDir } from '../fixtures/migrated-database';
import { importBenchCatalogue } from '../../bench/sync/catalogue';
import type { CatalogCar, CatalogSet } from '../../src/shared/catalog/types';
import type { Collection } from '../../src/shared/collection/types';
import { signUpTestUser, type TestUser } from '../fixtures/auth';
import { describeViolations, isSerious, runAxe } from '../fixtures/axe';
import { launchChromium } from '../fixtures/chromium';
import { cutOffWith } from '../fixtures/sync-pill';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(projectRoot, 'test-results');
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'garage-secret-1';
const WAIT = { timeout: 20_000, interval: 100 };

let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

// ---- Helpers ---------------------------------------------------------------------------------

interface Server {
  running: RunningServer;
  base: string;
  dir: string;
}

async function bootServer(
  prepare?: (dataDir: string) => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'diecast-collection-e2e-'));
  const dataDir = join(dir, 'data');
  await startDataDir(dataDir);
  await prepare?.(dataDir);
  const env = parseEnv({
    DATA_DIR: dataDir,
    CATALOG_SEED: 'demo',
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    ...extraEnv,
  });
  const running = await startServer({ ...env, PORT: 0 }, { projectRoot });
  return { running, base: `http://localhost:${running.port}`, dir };
}

async function stopServer(server: Server | undefined) {
  await server?.running.stop();
  if (server) rmSync(server.dir, { recursive: true, force: true });
}

/** A collector with a username, made through the emulator and the API (not the forms). */
async function newCollector(base: string): Promise<TestUser> {
  const user = await signUpTestUser();
  const username = `cl_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const response = await fetch(`${base}/api/users/initialize`, {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ username }),
  });
  expect(response.status).toBe(200);
  return user;
}

async function api<T>(base: string, user: TestUser, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: user.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const pill = (page: Page) =>
  page
    .locator('.sync-pill')
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);

/** Signs in through the /home form and waits until the header shows the sync pill. */
async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/home`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => pill(page), WAIT).toBe('All changes synced');
}

async function addCarOnHome(page: Page, carId: string) {
  await page
    .locator(`[data-car-id="${carId}"]`)
    .getByRole('button', { name: /^Add .+ to collection$/ })
    .click();
}

async function addSetOnHome(page: Page, setId: string) {
  await page
    .locator(`[data-set-id="${setId}"]`)
    .getByRole('button', { name: /^Add set .+ to collection$/ })
    .click();
}

const attr = (page: Page, selector: string, name: string) =>
  page
    .locator(selector)
    .first()
    .getAttribute(name, { timeout: 1000 })
    .catch(() => null);

const text = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .textContent({ timeout: 1000 })
    .then((value) => value?.replace(/\s+/g, ' ').trim() ?? null)
    .catch(() => null);

/** The data-car-id of every rendered row, top to bottom. */
const rowCarIds = (page: Page, selector = '[role="listitem"][data-car-id]') =>
  page
    .locator(selector)
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-car-id') as string));

/**
 * A phone whose install prompt was offered before and whose celebrations are switched off
 * (tested elsewhere): their overlays would make the page inert under the steps here.
 */
async function phoneContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  await context.addInitScript(() => {
    localStorage.setItem('diecast.installPromptOffered', 'earlier');
    for (const type of [
      'car',
      'set',
      'car-100',
      'car-300',
      'car-500',
      'car-1000',
      'car-10000',
      'set-10',
      'set-50',
      'set-100',
    ]) {
      localStorage.setItem(`diecast.hideCelebration.${type}`, 'true');
    }
  });
  return context;
}

/** axe on the screen's content (the shared header and bar are checked by their owners). */
async function expectAccessible(page: Page) {
  const serious = (await runAxe(page, 'main')).filter(isSerious);
  expect(serious, describeViolations(serious)).toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** Takes the same screen in dark mode too (light and dark), checking both with axe. */
async function shotBoth(page: Page, name: string) {
  await shot(page, name);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function go(page: Page, base: string, path: string) {
  await page.goto(`${base}${path}`);
  await expect.poll(() => page.locator('h1').first().textContent(), WAIT).not.toBe('Loading...');
}

// ---- A collector's collection on the demo catalogue -----------------------------------------

describe('my collection', () => {
  let server: Server;
  let context: BrowserContext;
  let page: Page;
  let user: TestUser;
  const pageErrors: string[] = [];
  // Two cars in no set of the chosen five-pack, and that set.
  let carA: CatalogCar;
  let carB: CatalogCar;
  let carC: CatalogCar;
  let set: CatalogSet;
  let totalCars: number;
  let carById: (id: string) => CatalogCar;
  let catalogCars: CatalogCar[];

  beforeAll(async () => {
    server = await bootServer();
    user = await newCollector(server.base);
    context = await phoneContext();
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await context?.close();
    await stopServer(server);
    expect(pageErrors).toEqual([]);
  });

  it('shows the empty state, then the added cars and sets with their counts', async () => {
    await signIn(page, server.base, user.email);
    await go(page, server.base, '/collection');
    await expect
      .poll(() => page.getByText('Search a car or browse 2025 mainlines').count(), WAIT)
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Search a car' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(
      await page.getByRole('link', { name: 'Browse 2025 mainlines' }).getAttribute('href'),
    ).toBe('/mainlines/2025');
    expect(await text(page, '[data-testid="collection-sync"]')).toBe('All changes synced');
    await shotBoth(page, 'collection-empty-phone');

    // The home screen lists sets and cars to add: one set, and three cars outside it.
    await go(page, server.base, '/home');
    await expect.poll(() => page.locator('[data-set-id]').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-car-id]').count(), WAIT).toBeGreaterThan(5);
    const catalog = (await (await fetch(`${server.base}/api/catalog`)).json()) as {
      cars: CatalogCar[];
      sets: CatalogSet[];
    };
    const setId = (await page.locator('[data-set-id]').first().getAttribute('data-set-id'))!;
    set = catalog.sets.find((s) => s.id === setId)!;
    const listed = await page
      .locator('[data-car-id]')
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-car-id') as string));
    const outside = listed.filter((id) => !set.carIds.includes(id));
    catalogCars = catalog.cars;
    carById = (id) => catalog.cars.find((car) => car.id === id)!;
    expect(outside.length).toBeGreaterThanOrEqual(3);
    carA = carById(outside[0]!);
    carB = carById(outside[1]!);
    carC = carById(outside[2]!);
    expect(set.carIds.length).toBeGreaterThan(1);

    await addCarOnHome(page, carA.id);
    await page.waitForTimeout(30);
    await addCarOnHome(page, carB.id);
    await page.waitForTimeout(30);
    await addCarOnHome(page, carA.id);
    await page.waitForTimeout(30);
    await addSetOnHome(page, set.id);
    totalCars = 3 + set.carIds.length;
    // In-app navigation (a reload now could cut off a change still being written).
    await page.getByRole('link', { name: 'My Collection' }).click();
    await expect
      .poll(() => text(page, '[data-testid="collection-summary"]'), WAIT)
      .toBe(`${totalCars} cars · 1 set`);
    await expect
      .poll(() => attr(page, `[role="listitem"][data-car-id="${carA.id}"]`, 'data-count'), WAIT)
      .toBe('2');
    expect(await attr(page, `[role="listitem"][data-car-id="${carB.id}"]`, 'data-count')).toBe('1');
    expect(
      await page.locator(`[data-car-id="${carA.id}"] .cl-count`).getAttribute('aria-label'),
    ).toBe('You own 2');
    expect(await page.locator(`[data-car-id="${carA.id}"] .cl-count`).textContent()).toBe('×2');
    for (const carId of set.carIds) {
      expect(await attr(page, `[role="listitem"][data-car-id="${carId}"]`, 'data-count')).toBe('1');
    }
    // Recently added first: the set's cars, then A (its newest instance), B.
    const order = await rowCarIds(page);
    expect(order.slice(-2)).toEqual([carA.id, carB.id]);
    await expect.poll(() => pill(page), WAIT).toBe('All changes synced');
    expect(await text(page, '[data-testid="collection-sync"]')).toBe('All changes synced');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotBoth(page, 'collection-phone');

    // Sort by name, grouped by year: headers and rows in that order; the choice is in the URL.
    await page.getByLabel('Sort').selectOption('name');
    await page.getByLabel('Group').selectOption('year');
    await expect.poll(() => page.url(), WAIT).toContain('sort=name&group=year');
    await expect.poll(() => page.locator('[data-group]').count(), WAIT).toBeGreaterThan(0);
    const groups = await page
      .locator('[role="listitem"][data-group]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-group')));
    const ownedYears = [carA.year, carB.year, ...set.carIds.map((id) => carById(id).year)];
    const years = [...new Set(ownedYears)].sort((a, b) => b - a).map(String);
    expect(groups).toEqual(years);
    await shot(page, 'collection-grouped-phone');

    // The sets tab.
    await page.getByRole('tab', { name: /Sets/ }).click();
    await expect
      .poll(() => attr(page, `[role="listitem"][data-set-id="${set.id}"]`, 'data-count'), WAIT)
      .toBe('1');
    expect(await text(page, `[data-set-id="${set.id}"] .cl-row__progress`)).toBe(
      `${set.carIds.length} / ${set.carIds.length}`,
    );
    expect(await page.locator(`[data-set-id="${set.id}"] a`).getAttribute('href')).toBe(
      set.series === 'Mainline 5-Pack'
        ? `/mainlines/five-pack/${set.year}/${set.id}`
        : `/series/${set.series.toLowerCase().replace(/ /g, '-')}/${set.year}/${set.id}`,
    );
    await shot(page, 'collection-sets-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: /Cars/ }).click();
    await shot(page, 'collection-laptop');
    await page.setViewportSize(PHONE);
  });

  it('lists recently added instances newest first', async () => {
    await go(page, server.base, '/collection/recentadded');
    await expect.poll(async () => (await rowCarIds(page)).length, WAIT).toBe(totalCars);
    const order = await rowCarIds(page);
    expect(order.slice(-3)).toEqual([carA.id, carB.id, carA.id]);
    expect(new Set(order.slice(0, set.carIds.length))).toEqual(new Set(set.carIds));
    expect(await page.locator('[data-group]').first().textContent()).toContain('Today');
    await shotBoth(page, 'recent-added-phone');
  });

  it('shows the complete set in completed sets', async () => {
    await go(page, server.base, '/collection/completedsets');
    const row = `[role="listitem"][data-set-id="${set.id}"]`;
    await expect.poll(() => attr(page, row, 'data-complete'), WAIT).toBe('true');
    expect(await attr(page, row, 'data-owned')).toBe(String(set.carIds.length));
    expect(await attr(page, row, 'data-total')).toBe(String(set.carIds.length));
    expect(await page.locator(`${row} .cl-row--complete`).count()).toBe(1);
    expect(await page.locator('[data-group="Complete"]').count()).toBe(1);
    await shotBoth(page, 'completed-sets-phone');
  });

  it('keeps trade and sale quantities set with the steppers across a reload', async () => {
    await go(page, server.base, '/collection/tradensell');
    await page.getByLabel('Find a car in your collection').fill(carA.name);
    const carRow = page.locator(`[data-trade-car-id="${carA.id}"]`);
    await carRow.getByRole('button', { name: 'More for trade' }).click();
    // Offered now: the row moves to the offered list.
    await expect
      .poll(
        () => text(page, `[data-trade-car-id="${carA.id}"] [aria-label="For trade"] output`),
        WAIT,
      )
      .toBe('1');
    await page.getByLabel('Find a car in your collection').fill('');
    await carRow.getByRole('button', { name: 'More for sale' }).click();
    await expect
      .poll(
        () => text(page, `[data-trade-car-id="${carA.id}"] [aria-label="For sale"] output`),
        WAIT,
      )
      .toBe('1');
    await carRow.getByRole('button', { name: 'More for sale' }).click();
    await expect
      .poll(
        () => text(page, `[data-trade-car-id="${carA.id}"] [aria-label="For sale"] output`),
        WAIT,
      )
      .toBe('2');
    // Owning 2, a third for sale is not offered.
    expect(await carRow.getByRole('button', { name: 'More for sale' }).isDisabled()).toBe(true);
    const setRow = page.locator(`[data-trade-set-id="${set.id}"]`);
    await setRow.getByRole('button', { name: 'More for trade' }).click();
    await expect
      .poll(
        () => text(page, `[data-trade-set-id="${set.id}"] [aria-label="For trade"] output`),
        WAIT,
      )
      .toBe('1');
    await expect.poll(() => pill(page), WAIT).toBe('All changes synced');
    await shotBoth(page, 'trade-sell-phone');

    await page.reload();
    const value = (selector: string) => text(page, selector);
    await expect
      .poll(() => value(`[data-trade-car-id="${carA.id}"] [aria-label="For trade"] output`), WAIT)
      .toBe('1');
    expect(await value(`[data-trade-car-id="${carA.id}"] [aria-label="For sale"] output`)).toBe(
      '2',
    );
    expect(await value(`[data-trade-set-id="${set.id}"] [aria-label="For trade"] output`)).toBe(
      '1',
    );
    expect(await text(page, '[data-testid="trade-summary"]')).toBe('2 for trade · 2 for sale');
    const collection = await api<Collection>(server.base, user, '/api/collection/get');
    expect(collection.tradeSellCars).toEqual([{ carId: carA.id, forTrade: 1, forSale: 2 }]);
    expect(collection.tradeSellSets).toEqual([{ setId: set.id, forTrade: 1, forSale: 0 }]);
  });

  it('shows stats that match the collection, and a bar filters /collection', async () => {
    // A priced car added on another device: the app pulls it with the snapshot.
    await api(server.base, user, '/api/collection/add-car-instance', {
      carId: carC.id,
      details: { purchasePrice: 12.5, condition: 'loose' },
    });
    totalCars += 1;
    await go(page, server.base, '/stats');
    await expect
      .poll(() => text(page, '[data-testid="stat-cars"] .cl-bignum__value'), WAIT)
      .toBe(String(totalCars));
    expect(await text(page, '[data-testid="stat-sets"] .cl-bignum__value')).toBe('1');
    expect(await text(page, '[data-testid="stat-spent"] .cl-bignum__value')).toBe('$12.50');
    const distinct = 3 + set.carIds.length;
    expect(await text(page, '[data-testid="stat-cars"] .cl-bignum__sub')).toBe(
      `${distinct} castings`,
    );
    // Condition: every car carded but C.
    const legend = (condition: string) => text(page, `[data-condition="${condition}"]`);
    expect(await legend('carded')).toBe(
      `carded ${totalCars - 1} cars · ${Math.round(((totalCars - 1) / totalCars) * 100)}%`,
    );
    expect(await legend('loose')).toBe(`loose 1 car · ${Math.round(100 / totalCars)}%`);
    await shotBoth(page, 'stats-phone');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'stats-bottom-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'stats-laptop');
    await page.setViewportSize(PHONE);

    // Tapping the bar of B's year shows only that year's cars.
    const yearBar = page.locator(`a.cl-bar[href="/collection?year=${carB.year}"]`);
    const year = carB.year;
    const setCarsThatYear = set.carIds.filter((id) => carById(id).year === year).length;
    const instancesThatYear =
      (carA.year === year ? 2 : 0) + 1 + (carC.year === year ? 1 : 0) + setCarsThatYear;
    const castingsThatYear =
      (carA.year === year ? 1 : 0) + 1 + (carC.year === year ? 1 : 0) + setCarsThatYear;
    const barCount = instancesThatYear;
    const expected = castingsThatYear;
    expect(await yearBar.locator('.cl-bar__count').textContent()).toBe(
      `${barCount} ${barCount === 1 ? 'car' : 'cars'}`,
    );
    await yearBar.click();
    await expect.poll(() => page.url(), WAIT).toBe(`${server.base}/collection?year=${carB.year}`);
    await expect.poll(async () => (await rowCarIds(page)).length, WAIT).toBe(expected);
    expect(await page.getByRole('button', { name: 'Clear filter' }).count()).toBe(1);
    await shot(page, 'collection-filtered-phone');
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect.poll(async () => (await rowCarIds(page)).length, WAIT).toBe(distinct);
  });

  it('lists favourites and the wishlist with when they were added, and removes them', async () => {
    const owned = new Set([carA.id, carB.id, carC.id, ...set.carIds]);
    const wished = catalogCars.find((car) => !owned.has(car.id))!;
    // Marked on another device: the app pulls them with the snapshot.
    await api(server.base, user, '/api/collection/toggle-favorite', {
      carId: carA.id,
      isFavorited: false,
    });
    await api(server.base, user, '/api/collection/toggle-set', {
      setId: set.id,
      action: 'favorite',
      isSetInList: false,
    });
    await api(server.base, user, '/api/collection/toggle-wishlist', {
      carId: wished.id,
      isWishlisted: false,
    });

    await go(page, server.base, '/favorites');
    const favouriteCar = `[role="listitem"][data-car-id="${carA.id}"]`;
    await expect.poll(() => page.locator(favouriteCar).count(), WAIT).toBe(1);
    expect(await page.locator(`[role="listitem"][data-set-id="${set.id}"]`).count()).toBe(1);
    expect(await text(page, `${favouriteCar} .cl-row__sub`)).toMatch(/^Added \S/);
    expect(await text(page, `${favouriteCar} .cl-count`)).toBe('×2');
    await shotBoth(page, 'favorites-phone');
    await page.getByRole('button', { name: `Remove ${carA.name} from favourites` }).click();
    await expect.poll(() => page.locator(favouriteCar).count(), WAIT).toBe(0);
    expect(await page.locator(`[role="listitem"][data-set-id="${set.id}"]`).count()).toBe(1);

    await go(page, server.base, '/wishlist');
    const wishedRow = `[role="listitem"][data-car-id="${wished.id}"]`;
    await expect.poll(() => page.locator(wishedRow).count(), WAIT).toBe(1);
    await shot(page, 'wishlist-phone');
    await page.getByRole('button', { name: `Remove ${wished.name} from wishlist` }).click();
    await expect.poll(() => page.getByText('Your wishlist is empty').count(), WAIT).toBe(1);
    await expect.poll(() => pill(page), WAIT).toBe('All changes synced');
    const collection = await api<Collection>(server.base, user, '/api/collection/get');
    expect(collection.favoriteCarIds).toEqual([]);
    expect(collection.favoriteSetIds.map((item) => item.id)).toEqual([set.id]);
    expect(collection.wishlistCarIds).toEqual([]);
  });

  it('keeps a settings change on the device and the server', async () => {
    await go(page, server.base, '/settings');
    await page.getByLabel('Default condition').selectOption('loose');
    await page.getByLabel('Currency').selectOption('EUR');
    // The selects show the stored profile: they move once the change is on the device.
    await expect.poll(() => page.getByLabel('Currency').inputValue(), WAIT).toBe('EUR');
    await expect
      .poll(
        async () =>
          (await api<{ settings: Record<string, unknown> }>(server.base, user, '/api/profile/me'))
            .settings,
        WAIT,
      )
      .toMatchObject({ defaultCondition: 'loose', currency: 'EUR' });
    await expect.poll(() => pill(page), WAIT).toBe('All changes synced');
    await shotBoth(page, 'settings-phone');

    await page.reload();
    await expect.poll(() => page.getByLabel('Default condition').inputValue(), WAIT).toBe('loose');
    expect(await page.getByLabel('Currency').inputValue()).toBe('EUR');
    await go(page, server.base, '/stats');
    await expect
      .poll(() => text(page, '[data-testid="stat-spent"] .cl-bignum__value'), WAIT)
      .toBe('€12.50');
  });

  it('exports the collection as CSV and JSON', async () => {
    await go(page, server.base, '/settings');
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(
      /^diecast-garage-collection-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync((await csvDownload.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'carId,name,year,series,brand,huntType,instanceId,condition,grade,purchasePrice,purchaseDate,purchasePlace,notes,dateAdded',
    );
    expect(lines).toHaveLength(totalCars + 1);
    const rowsOf = (carId: string) => lines.filter((line) => line.startsWith(`${carId},`));
    expect(rowsOf(carA.id)).toHaveLength(2);
    const [cLine] = rowsOf(carC.id);
    const cells = cLine!.split(',');
    expect(cells[7]).toBe('loose');
    expect(cells[9]).toBe('12.5');
    expect(cells[2]).toBe(String(carC.year));
    expect(rowsOf(set.carIds[0]!)[0]).toContain(`Part of ${set.name}`);

    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const data = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8')) as {
      totals: { cars: number; sets: number };
      collection: Collection;
    };
    expect(data.totals).toEqual({ cars: totalCars, sets: 1 });
    expect(data.collection.ownedSets.map((s) => s.setId)).toEqual([set.id]);
    expect(data.collection.tradeSellCars).toEqual([{ carId: carA.id, forTrade: 1, forSale: 2 }]);
  });

  it('warns about unsynced changes before signing out', async () => {
    await go(page, server.base, '/settings');
    await context.setOffline(true);
    await page.getByLabel('Default grade').selectOption('Mint');
    await expect.poll(() => pill(page), WAIT).toMatch(cutOffWith('1 change waiting to sync'));
    expect(await text(page, '[data-testid="collection-sync"]')).toMatch(
      cutOffWith('1 change waiting to sync'),
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(
        () => page.getByRole('alert').filter({ hasText: 'not reached the server' }).count(),
        WAIT,
      )
      .toBe(1);
    expect(await text(page, '.cl-confirm p')).toBe(
      '1 change has not reached the server yet. They stay on this device and sync when you sign in again. Sign out?',
    );
    await shot(page, 'settings-signout-warning-phone');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await context.setOffline(false);
    await expect.poll(() => pill(page), WAIT).toBe('All changes synced');
    const profile = await api<{ settings: Record<string, unknown> }>(
      server.base,
      user,
      '/api/profile/me',
    );
    expect(profile.settings).toMatchObject({ defaultGrade: 'Mint' });
    // Nothing waiting: signing out goes straight home.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.url(), WAIT).toBe(`${server.base}/home`);
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).count(), WAIT).toBe(1);
  });
});

// ---- 10,000 cars -------------------------------------------------------------------------------

describe('a 10,000-car collection', () => {
  let server: Server;

  beforeAll(async () => {
    // The real 11,948-record catalogue (or a synthetic one as large) so 10,000 cars differ.
    // Seeding 10,000 cars for one collector is set-up, not what is tested: room for it in the
    // write budget (1,200 units by default), as the benches give it.
    server = await bootServer(
      async (dataDir) => {
        await importBenchCatalogue(dataDir);
      },
      { WRITE_BUDGET_CAPACITY: '100000' },
    );
  });

  afterAll(async () => {
    await stopServer(server);
  });

  it('renders /collection from the pulled snapshot and scrolls to the end', async () => {
    const user = await newCollector(server.base);
    const catalog = (await (await fetch(`${server.base}/api/catalog`)).json()) as {
      cars: CatalogCar[];
    };
    expect(catalog.cars.length).toBeGreaterThanOrEqual(10_000);
    const carIds = catalog.cars.slice(0, 10_000).map((car) => car.id);
    for (let start = 0; start < carIds.length; start += 1000) {
      const mutations = carIds.slice(start, start + 1000).map((carId, i) => ({
        key: `seed-${start + i}`,
        name: 'collection/add-car-instance',
        args: { carId, details: {} },
      }));
      const { results } = await api<{ results: { status: string }[] }>(
        server.base,
        user,
        '/api/sync/push',
        { mutations },
      );
      expect(results.every((result) => result.status === 'ok')).toBe(true);
    }

    const context = await phoneContext();
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, server.base, user.email);
      const started = Date.now();
      await go(page, server.base, '/collection');
      await expect
        .poll(() => text(page, '[data-testid="collection-summary"]'), { ...WAIT, timeout: 60_000 })
        .toBe('10,000 cars · 0 sets');
      await expect
        .poll(() => page.locator('[role="listitem"][data-car-id]').count(), WAIT)
        .toBeGreaterThan(5);
      console.log(`[my-collection] 10,000 cars listed ${Date.now() - started} ms after navigation`);
      // The first screenful is read from the 'recently added' index: the newest car on top, and
      // the list busy until the whole of it is read.
      expect(await attr(page, '[role="listitem"][data-car-id]', 'data-car-id')).toBe(carIds.at(-1));
      await expect.poll(() => page.locator('main [aria-busy="true"]').count(), WAIT).toBe(0);
      // Virtualised: only a screenful of rows is in the DOM.
      expect(await page.locator('[role="listitem"]').count()).toBeLessThan(60);
      await shot(page, 'collection-10k-phone');

      // Informational figures (the UI benchmark owns the budgets): an in-app navigation to
      // /collection with everything on the device, and long tasks while scrolling through it.
      await page.getByRole('link', { name: 'Stats' }).click();
      await expect.poll(() => page.locator('[data-testid="stat-cars"]').count(), WAIT).toBe(1);
      // Times from the tap itself (a click listener) to the first row in the DOM.
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[]; shown: Promise<number> };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
        w.shown = new Promise((resolve) => {
          document.addEventListener(
            'click',
            () => {
              const tapped = performance.now();
              const check = () => {
                if (document.querySelector('[role="listitem"][data-car-id]')) {
                  observer.disconnect();
                  resolve(performance.now() - tapped);
                }
              };
              const observer = new MutationObserver(check);
              observer.observe(document.body, { childList: true, subtree: true });
            },
            { capture: true, once: true },
          );
        });
      });
      await page.getByRole('link', { name: 'My Collection' }).click();
      const renderMs = await page.evaluate(
        () => (window as unknown as { shown: Promise<number> }).shown,
      );
      const firstRenderTasks = await page.evaluate(() =>
        (window as unknown as { longTasks: number[] }).longTasks.splice(0),
      );
      // Let the guard's snapshot refresh of this navigation finish before timing the scroll.
      await page.waitForTimeout(5000);
      await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
      for (let y = 0; y < 200_000; y += 4000) {
        await page.evaluate(async (top) => {
          window.scrollTo(0, top);
          await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        }, y);
      }
      const scrollTasks = await page.evaluate(() =>
        (window as unknown as { longTasks: number[] }).longTasks.splice(0),
      );
      console.log(
        `[my-collection] /collection with 10,000 cars: rows ${Math.round(renderMs)} ms after the tap ` +
          `(long tasks ${JSON.stringify(firstRenderTasks.map(Math.round))}); scrolling 50 jumps: ` +
          `long tasks ${JSON.stringify(scrollTasks.map(Math.round))}`,
      );
      await page.evaluate(() => window.scrollTo(0, 0));

      // Newest first: the last row is the first car pushed.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect
        .poll(() => page.locator(`[role="listitem"][data-car-id="${carIds[0]}"]`).count(), WAIT)
        .toBe(1);
      expect(await page.locator('[role="listitem"]').count()).toBeLessThan(60);
      await shot(page, 'collection-10k-end-phone');

      // Grouped by year, the header of the group in view sticks under the app header.
      await page.getByLabel('Group').selectOption('year');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.locator('[data-group]').count(), WAIT).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 20_000));
      await expect.poll(() => page.locator('.vlist__item--pinned').count(), WAIT).toBe(1);
      const [pinnedTop, headerBottom] = await page.evaluate(() => [
        document.querySelector('.vlist__item--pinned')!.getBoundingClientRect().top,
        document.querySelector('.app-header')!.getBoundingClientRect().bottom,
      ]);
      expect(Math.abs(pinnedTop - headerBottom)).toBeLessThanOrEqual(1);
      await shot(page, 'collection-10k-grouped-phone');
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  }, 180_000);
});
