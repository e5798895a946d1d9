// A catalogue update on a device, in Chromium, at the real size. A collector's device stores the
// real 11,468-car catalogue on its first sync; then the server's catalogue is replaced by a new
// version (every casting renamed, three cars added) and the device takes it in while /search is
// open. On every frame and every change of the page, a sampler reads the names on screen: each
// sample shows one version only, never a mix. Afterwards the new cars are found and open, and
// with the network cut and the page reloaded the device still has the new version, whole.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueVersion,
  createCollector,
  signIn,
  waitForCatalogue,
  waitUntil,
  WAIT,
  type Collector,
} from '../../bench/ui/app-session';
import { importCatalog } from '../../api/catalog/catalog-import';
import type { CatalogCar } from '../../src/shared/catalog/types';
import { launchChromium } from '../fixtures/chromium';
import { startRealCatalogueApp, type RealCatalogueApp } from '../fixtures/real-catalogue-app';
import { PHONE } from '../fixtures/screen-checks';

/** Every casting of the new version ends with this; no name in the real catalogue does. */
const RENAMED = ' Mk2';
/** The search shows at most this many cars; the query picked shows all its cars. */
const SEARCH_LIMIT = 60;
const ADDED: Pick<CatalogCar, 'id' | 'name'>[] = [1, 2, 3].map((n) => ({
  id: `update-zephyr-${n}`,
  name: `Zephyr Roadster ${n}`,
}));

let app: RealCatalogueApp;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let context: BrowserContext;
let page: Page;
let collector: Collector;

beforeAll(async () => {
  app = await startRealCatalogueApp('catalogue-update');
  browser = await launchChromium();
  context = await browser.newContext({ viewport: PHONE });
  page = await context.newPage();
  collector = await createCollector(app.serverBase);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * Counts, on every animation frame and every DOM change, the search results that show the old
 * names, the new ones, and samples showing both. A script as text, so nothing the test's
 * compiler adds to functions reaches the page.
 */
const START_SAMPLER = `(() => {
  const samples = { old: 0, renamed: 0, mixed: 0, empty: 0, mixedNames: [] };
  window.__catalogueSamples = samples;
  const sample = () => {
    const names = [...document.querySelectorAll('li[data-car-id] .car-name')].map((el) => el.textContent || '');
    const renamed = names.filter((name) => name.endsWith(${JSON.stringify(RENAMED)})).length;
    if (names.length === 0) samples.empty += 1;
    else if (renamed === 0) samples.old += 1;
    else if (renamed === names.length) samples.renamed += 1;
    else {
      samples.mixed += 1;
      if (samples.mixedNames.length === 0) samples.mixedNames = names.slice(0, 6);
    }
  };
  new MutationObserver(sample).observe(document.body, { subtree: true, childList: true, characterData: true });
  const frame = () => { sample(); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})()`;

interface Samples {
  old: number;
  renamed: number;
  mixed: number;
  empty: number;
  mixedNames: string[];
}

/**
 * A word of casting names whose cars (fewer than the search shows) lie all over the catalogue,
 * from its first fifth to its last: a catalogue half replaced, as a chunked write would leave it,
 * shows both names on one screen. The device's order is the server's (by id).
 */
function spreadQuery(cars: readonly CatalogCar[]): string {
  const positions = new Map<string, number[]>();
  cars.forEach((car, index) => {
    for (const word of new Set(car.name.toLowerCase().split(/[^a-z]+/))) {
      if (word.length >= 5) positions.set(word, [...(positions.get(word) ?? []), index]);
    }
  });
  const spread = [...positions].filter(
    ([, at]) =>
      at.length >= 15 &&
      at.length < SEARCH_LIMIT / 2 &&
      (at[0] as number) < cars.length / 5 &&
      (at[at.length - 1] as number) > (cars.length * 4) / 5,
  );
  const [word] = spread.sort(([, a], [, b]) => b.length - a.length)[0] ?? [];
  if (!word) throw new Error('no casting word spans the catalogue');
  return word;
}

const resultNames = () =>
  page
    .locator('li[data-car-id] .car-name')
    .allTextContents()
    .catch(() => [] as string[]);

async function search(query: string): Promise<void> {
  await page.goto(`${app.base}/search?q=${encodeURIComponent(query)}`);
}

describe('a catalogue update on the device', () => {
  it('replaces the whole catalogue at once: every sample shows one version, the new one stays offline', async () => {
    await signIn(page, app.base, collector);
    await waitForCatalogue(page);
    const first = await catalogueVersion(page);
    const real = app.catalog;
    const query = spreadQuery([...real.cars].sort((a, b) => (a.id < b.id ? -1 : 1)));

    // The version the device stored first: the real names, found on the device.
    await search(query);
    const before = await waitUntil(
      `results for “${query}”`,
      resultNames,
      (names) => names.length >= 5,
    );
    expect(before.length).toBeLessThan(SEARCH_LIMIT);
    expect(before.filter((name) => name.endsWith(RENAMED))).toEqual([]);

    // The server's catalogue becomes a new version: every casting renamed, three cars added.
    const template = real.cars[0] as CatalogCar;
    const cars: CatalogCar[] = [
      ...real.cars.map((car) => ({ ...car, name: `${car.name}${RENAMED}` })),
      ...ADDED.map(({ id, name }) => ({
        ...template,
        id,
        name: `${name}${RENAMED}`,
        toyNumber: null,
        collectorNumber: null,
        setId: null,
        setName: null,
        carsInSet: null,
        fivePackId: null,
      })),
    ];
    const imported = await importCatalog(app.server.database.db, { cars, sets: real.sets });
    expect(imported.versionChanged).toBe(true);

    // The device hears the network is back (as after a fair's dead spot) and checks the version.
    await page.evaluate(START_SAMPLER);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const after = await waitUntil(
      'the results to show the new version',
      resultNames,
      (names) => names.length >= 5 && names.every((name) => name.endsWith(RENAMED)),
      { ...WAIT, timeout: 120_000 },
    );
    expect(after.length).toBe(before.length);
    expect(await catalogueVersion(page)).toBe(imported.version);
    expect(imported.version).not.toBe(first);
    const samples = await page.evaluate(
      () => (window as unknown as { __catalogueSamples: Samples }).__catalogueSamples,
    );
    expect(samples.mixed, `a mixed sample: ${samples.mixedNames.join(', ')}`).toBe(0);
    expect(samples.old).toBeGreaterThan(0);
    expect(samples.renamed).toBeGreaterThan(0);

    // The cars only the new version has are found, and open.
    await search('zephyr');
    await waitUntil('the three new cars', resultNames, (names) => names.length === ADDED.length);
    await page.locator(`li[data-car-id="${ADDED[0]?.id}"] a`).first().click();
    await waitUntil(
      'the new car’s page',
      async () =>
        (await page.locator(`.car-page[data-car-id="${ADDED[0]?.id}"]`).count()) > 0
          ? await page.locator('h1').first().textContent()
          : null,
      (title) => title === `Zephyr Roadster 1${RENAMED}`,
    );

    // Offline and reopened: what the device stored is the new version, whole.
    await app.proxy.setFault('refuse');
    await search(query);
    const offline = await waitUntil(
      `results for “${query}” offline`,
      resultNames,
      (names) => names.length >= 5,
    );
    expect(offline.filter((name) => !name.endsWith(RENAMED))).toEqual([]);
    expect(offline.length).toBe(before.length);
    await search('zephyr');
    await waitUntil('the new cars offline', resultNames, (names) => names.length === ADDED.length);
    await app.proxy.setFault('none');
  }, 300_000);
});
