// `npm run screenshots`: phone-size (390×844) PNGs of every main screen, light and dark, into
// screenshots/ (ignored by git), plus screenshots/index.html to look at them side by side.
// The real server (temp data, demo catalogue, Auth emulator) and headless Chromium; a signed-in
// collector with cars, sets, favourites, a wishlist and trade entries.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parseEnv } from '../api/env';
import { startAuthEmulator } from '../api/runtime/auth-emulator';
import { startServer } from '../api/runtime/start-server';
import { FIVE_PACK_SERIES, type Catalog } from '../src/shared/catalog/types';
import {
  addCars,
  createCollector,
  pushMutations,
  signIn,
  waitForCatalogue,
  waitUntil,
  type Collector,
  type Mutation,
} from '../bench/ui/app-session';
import { buildAppInto } from '../bench/ui/build';
import { seedPriceGuide } from './price-guide-seed';
import { launchChromium } from '../test/fixtures/chromium';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(projectRoot, 'screenshots');
const PHONE = { width: 390, height: 844 };
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];
const LOADING = /^(Loading\.\.\.|Loading Screen\.\.\.|Authenticating\.\.\.|Loading Profile\.\.\.)$/;

interface Shot {
  name: string;
  path: string;
  /** Signed out for the sign-in screens. */
  signedOut?: boolean;
  /** Waits for something particular before the picture. */
  ready?: (page: Page) => Promise<void>;
}

/** The quick check with a casting name typed, so its answers show. */
async function typeInQuickCheck(page: Page): Promise<void> {
  await page.getByLabel('Toy #, collector # or casting name').fill('ford');
  await page.locator('[data-testid="quick-answer"]').first().waitFor({ timeout: 20_000 });
}

/** The wishlist's max price and note form, with a price that is not one: the error shows. */
async function editWish(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Max price and note for / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Most you would pay').fill('five');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('alert').waitFor({ timeout: 10_000 });
}

/** Found it on the first wishlist car: its price prefilled, the chips of the last add. */
async function foundIt(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Found / })
    .first()
    .click();
  await page.getByRole('dialog').waitFor({ timeout: 10_000 });
}

/** The quick check on a wishlist car with a max price and a note. */
function checkWished(query: string) {
  return async (page: Page): Promise<void> => {
    await page.getByLabel('Toy #, collector # or casting name').fill(query);
    await page
      .getByText(/^On your wishlist — max /)
      .first()
      .waitFor({ timeout: 20_000 });
  };
}

/** The set link rule. (docs/product.md) */
function setPath(set: { id: string; series: string; year: number }): string {
  return set.series === FIVE_PACK_SERIES
    ? `/mainlines/five-pack/${set.year}/${set.id}`
    : `/series/${set.series.toLowerCase().replace(/ /g, '-')}/${set.year}/${set.id}`;
}

/** The collector's things: mainline cars with prices, two sets, favourites, a wishlist, trades. */
function collectionSeed(catalog: Catalog): {
  mutations: Mutation[];
  carId: string;
  setId: string;
  /** A wishlist car with a max price and a note. */
  wishedId: string;
} {
  const newest = Math.max(...catalog.cars.map((car) => car.year));
  const mainlines = catalog.cars.filter((car) => car.type === 'Mainline' && car.year === newest);
  const others = catalog.cars.filter((car) => car.year !== newest);
  const owned = [...mainlines.slice(0, 18), ...others.slice(0, 12)].map((car) => car.id);
  const sets = catalog.sets.filter((set) => set.carIds.length > 1).slice(0, 2);
  const conditions = ['carded', 'loose'] as const;
  const mutations: Mutation[] = [
    ...owned.map((carId, index) => ({
      name: 'collection/add-car-instance',
      args: {
        carId,
        details: {
          condition: conditions[index % 2],
          purchasePrice: [1.25, 2, 5, 12.5][index % 4],
          purchasePlace: index % 3 === 0 ? 'Target' : 'Swap meet',
        },
      },
    })),
    ...addCars(owned.slice(0, 3)), // a few doubles
    ...sets.map((set) => ({
      name: 'collection/add-set-instance',
      args: { set: { id: set.id }, instanceDetails: { purchasePrice: 6.99 } },
    })),
    ...owned.slice(0, 4).map((carId) => ({
      name: 'collection/toggle-favorite',
      args: { carId, isFavorited: false }, // false: not yet a favourite, so added
    })),
    ...mainlines.slice(20, 25).map((car) => ({
      name: 'collection/toggle-wishlist',
      args: { carId: car.id, isWishlisted: false },
    })),
    // The most I'd pay, and what I mean by it: the newest wish first on the wishlist.
    ...mainlines.slice(20, 25).flatMap((car, index) =>
      index === 4
        ? [
            {
              name: 'collection/update-wishlist-car',
              args: { carId: car.id, maxPrice: 5, note: 'Only carded, the blue one' },
            },
          ]
        : index === 3
          ? [
              {
                name: 'collection/update-wishlist-car',
                args: { carId: car.id, maxPrice: 12.5, note: '' },
              },
            ]
          : [],
    ),
    { name: 'collection/update-car-details', args: { carId: owned[1], forTrade: 1, forSale: 0 } },
    { name: 'collection/update-car-details', args: { carId: owned[2], forTrade: 0, forSale: 1 } },
  ];
  return {
    mutations,
    carId: owned[0] as string,
    setId: (sets[0] ?? catalog.sets[0])?.id as string,
    wishedId: (mainlines[24] ?? mainlines[0])?.id as string,
  };
}

/**
 * A second collector (leo_trades) who posts, lists a car and follows; scoutmike7 follows back,
 * posts and comments: every community screen has something real on it. All through sync/push,
 * as the devices' outboxes send them.
 */
async function seedCommunity(base: string, catalog: Catalog, me: Collector, myCarId: string) {
  const friend = await createCollector(base, 'leo_trades');
  const listed = catalog.cars.find((car) => car.huntType === 'STH') ?? catalog.cars[0];
  const postId = randomUUID();
  const listingId = randomUUID();
  await pushMutations(base, friend, [
    {
      name: 'collection/add-car-instance',
      args: {
        carId: listed?.id,
        details: { instanceId: 'leo-sth-1', condition: 'carded', grade: 'Near Mint' },
      },
    },
    {
      name: 'posts/create',
      args: {
        postId,
        body: `Finally found one on the pegs this morning! ${listed?.name ?? ''} — Super Treasure Hunt, card in great shape.`,
        photoIds: [],
        tagged: listed ? [{ kind: 'car', id: listed.id }] : [],
      },
    },
    {
      name: 'listings/create',
      args: {
        listingId,
        kind: 'car',
        itemId: listed?.id,
        instanceId: 'leo-sth-1',
        forTrade: true,
        forSale: true,
        askingPrice: 45,
        wants: 'Any 2024 Treasure Hunt, carded',
      },
    },
    { name: 'follows/set', args: { userId: me.uid, following: true } },
  ]);
  await pushMutations(base, me, [
    // A public wishlist holding leo's listed car: the Matches view has it.
    { name: 'users/update-settings', args: { key: 'wishlistPublic', value: true } },
    ...(listed
      ? [{ name: 'collection/toggle-wishlist', args: { carId: listed.id, isWishlisted: false } }]
      : []),
    { name: 'follows/set', args: { userId: friend.uid, following: true } },
    {
      name: 'comments/create',
      args: { commentId: randomUUID(), postId, body: 'Great find! Still looking for mine.' },
    },
    {
      name: 'posts/create',
      args: {
        postId: randomUUID(),
        body: 'Sorting the 2025 mainlines tonight. Who else keeps them carded?',
        photoIds: [],
        tagged: [{ kind: 'car', id: myCarId }],
      },
    },
  ]);
  await seedPriceGuide(base, myCarId);
  return { friendId: friend.uid, postId, listingId };
}

async function settle(page: Page): Promise<void> {
  await waitUntil(
    'the screen to finish loading',
    () =>
      page.evaluate((pattern) => {
        const loading = new RegExp(pattern);
        const busy = [...document.querySelectorAll('[role="status"]')].some((node) =>
          loading.test(node.textContent?.trim() ?? ''),
        );
        return !busy && document.querySelectorAll('h1, h2').length > 0;
      }, LOADING.source),
    Boolean,
    { timeout: 20_000, interval: 100 },
  ).catch((error: unknown) => console.warn(`  ${page.url()}: ${String(error)}`));
  // Images (lazy, from the network or the worker's cache) and fonts settle.
  await page
    .waitForLoadState('networkidle', { timeout: 5000 })
    .catch(() => console.warn(`  ${page.url()}: network not idle after 5 s`));
  await page.waitForTimeout(300);
}

async function shoot(page: Page, base: string, shot: Shot, scheme: Scheme): Promise<string> {
  await page.goto(`${base}${shot.path}`);
  await settle(page);
  if (shot.ready) await shot.ready(page);
  const file = `${scheme}-${shot.name}.png`;
  await page.screenshot({ path: join(outDir, file) });
  return file;
}

async function installPromptShot(
  browser: Browser,
  base: string,
  scheme: Scheme,
  carId: string,
): Promise<string> {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme });
  try {
    const page = await context.newPage();
    const fresh = await createCollector(base);
    await signIn(page, base, fresh);
    // The very first car (added on the server, pulled on the reload): the prompt opens.
    await pushMutations(base, fresh, addCars([carId]));
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Put Diecast Garage on your home screen' })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForTimeout(400);
    const file = `${scheme}-21-install-prompt.png`;
    await page.screenshot({ path: join(outDir, file) });
    return file;
  } finally {
    await context.close();
  }
}

function contactSheet(rows: { name: string; files: Record<Scheme, string> }[]): string {
  const cells = rows
    .map(
      ({ name, files }) =>
        `<section><h2>${name}</h2><div>${SCHEMES.map(
          (scheme) =>
            `<figure><img src="${files[scheme]}" width="390" height="844" alt="${name}, ${scheme}"><figcaption>${scheme}</figcaption></figure>`,
        ).join('')}</div></section>`,
    )
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Diecast Garage screenshots</title>
<style>body{font:14px system-ui;margin:16px;background:#888}section{display:inline-block;margin:0 16px 24px 0;vertical-align:top}div{display:flex;gap:8px}figure{margin:0}img{border:1px solid #0003}</style>
${cells}\n`;
}

async function main() {
  const started = performance.now();
  const log = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);
  const root = mkdtempSync(join(tmpdir(), 'diecast-screenshots-'));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
  try {
    log('building the app');
    await buildAppInto(root);
    const env = parseEnv({
      DATA_DIR: join(root, 'data'),
      // The small demo catalogue, as every test and bench starts with (npm start: the real one).
      CATALOG_SEED: 'demo',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    });
    const server = await startServer({ ...env, PORT: 0 }, { projectRoot: root });
    const base = `http://localhost:${server.port}`;
    const browser = await launchChromium();
    try {
      const catalog = (await (await fetch(`${base}/api/catalog`)).json()) as Catalog;
      const collector: Collector = await createCollector(base, 'scoutmike7');
      const seed = collectionSeed(catalog);
      await pushMutations(base, collector, seed.mutations);
      const community = await seedCommunity(base, catalog, collector, seed.carId);
      const set = catalog.sets.find((candidate) => candidate.id === seed.setId);
      const newest = Math.max(...catalog.cars.map((car) => car.year));
      log(
        `server on ${base}; collector ${collector.username} seeded (${seed.mutations.length} changes)`,
      );

      const shots: Shot[] = [
        { name: '01-home', path: '/home' },
        { name: '02-mainlines', path: '/mainlines' },
        { name: '03-mainlines-year', path: `/mainlines/${newest}` },
        { name: '04-car', path: `/car/${seed.carId}` },
        { name: '05-set', path: set ? setPath(set) : '/mainlines' },
        { name: '06-search', path: '/search' },
        { name: '07-filter', path: '/filter' },
        { name: '08-collection', path: '/collection' },
        { name: '09-recent-added', path: '/collection/recentadded' },
        { name: '10-completed-sets', path: '/collection/completedsets' },
        { name: '11-trade-n-sell', path: '/collection/tradensell' },
        { name: '12-favorites', path: '/favorites' },
        { name: '13-wishlist', path: '/wishlist' },
        { name: '14-stats', path: '/stats' },
        { name: '15-settings', path: '/settings' },
        { name: '16-login', path: '/login', signedOut: true },
        { name: '17-signup', path: '/signup', signedOut: true },
        {
          name: '18-celebration-car-100',
          path: '/home?test_badge=car-100',
          // Mid-confetti: the moment a collector sees.
          ready: (page) =>
            page
              .getByRole('dialog', { name: 'Milestone Unlocked!' })
              .waitFor({ state: 'visible' })
              .then(() => page.waitForTimeout(900)),
        },
        {
          name: '19-celebration-set-100',
          path: '/home?test_badge=set-100',
          ready: (page) =>
            page
              .getByRole('dialog', { name: 'Milestone Unlocked!' })
              .waitFor({ state: 'visible' })
              .then(() => page.waitForTimeout(3500)),
        },
        {
          name: '20-car-toast',
          path: '/home?test_badge=car',
          ready: (page) =>
            page
              .getByRole('region', { name: 'Celebration' })
              .waitFor({ state: 'visible' })
              .then(() => page.waitForTimeout(300)),
        },
      ];

      shots.push(
        { name: '22-social', path: '/social' },
        { name: '23-post', path: `/post/${community.postId}` },
        { name: '24-new-post', path: '/posts/create' },
        { name: '25-profile', path: `/profile/${community.friendId}` },
        { name: '26-my-profile', path: `/profile/${collector.uid}` },
        { name: '27-edit-profile', path: '/profile/edit' },
        { name: '28-leaderboard', path: '/leaderboard' },
        { name: '29-search-users', path: '/search/users?q=leo' },
        { name: '30-search-all', path: '/search/all' },
        { name: '31-trade', path: '/trade' },
        { name: '32-trade-create', path: `/trade/create?kind=car&id=${seed.carId}` },
        { name: '33-listing', path: `/trade/listing/${community.listingId}` },
        { name: '34-learn', path: '/learn' },
        { name: '35-tutorial', path: '/learn/spotting-treasure-hunts' },
        { name: '36-live', path: '/live' },
        { name: '37-premium', path: '/premium' },
        { name: '38-subscribe', path: '/subscribe' },
        { name: '39-quick-check', path: '/check', ready: typeInQuickCheck },
        { name: '40-about', path: '/about' },
        { name: '41-ready-for-offline', path: '/settings#ready-for-offline' },
        { name: '42-wishlist-edit-price', path: '/wishlist', ready: editWish },
        { name: '43-wishlist-found-it', path: '/wishlist', ready: foundIt },
        {
          name: '44-quick-check-wishlist',
          path: '/check',
          ready: checkWished(
            catalog.cars.find((car) => car.id === seed.wishedId)?.toyNumber ?? 'ford',
          ),
        },
        { name: '45-trade-matches', path: '/trade?tab=matches' },
        { name: '46-import-csv', path: '/settings/import' },
      );
      // SCREENSHOTS_ONLY=<regex> takes only the shots it matches (e.g. 'wishlist').
      const only = process.env.SCREENSHOTS_ONLY ? new RegExp(process.env.SCREENSHOTS_ONLY) : null;
      if (only) shots.splice(0, shots.length, ...shots.filter((shot) => only.test(shot.name)));

      const files = new Map<string, Record<Scheme, string>>();
      for (const scheme of SCHEMES) {
        const signedIn = await browser.newContext({ viewport: PHONE, colorScheme: scheme });
        // The install prompt has its own picture below; here it would cover the screens.
        await signedIn.addInitScript(() =>
          localStorage.setItem('diecast.installPromptOffered', 'screenshots'),
        );
        const signedOut = await browser.newContext({ viewport: PHONE, colorScheme: scheme });
        const page = await signedIn.newPage();
        const visitor = await signedOut.newPage();
        for (const tab of [page, visitor]) {
          tab.on('pageerror', (error) =>
            console.warn(`  page error on ${tab.url()}: ${error.message}`),
          );
        }
        await signIn(page, base, collector);
        await waitForCatalogue(page);
        for (const shot of shots) {
          const file = await shoot(shot.signedOut ? visitor : page, base, shot, scheme);
          files.set(shot.name, {
            ...(files.get(shot.name) ?? { light: '', dark: '' }),
            [scheme]: file,
          });
          log(`${file}  ${shot.path}`);
        }
        await signedIn.close();
        await signedOut.close();
        const prompt = await installPromptShot(browser, base, scheme, seed.carId);
        files.set('21-install-prompt', {
          ...(files.get('21-install-prompt') ?? { light: '', dark: '' }),
          [scheme]: prompt,
        });
        log(prompt);
      }
      writeFileSync(
        join(outDir, 'index.html'),
        contactSheet([...files].map(([name, byScheme]) => ({ name, files: byScheme }))),
      );
      log(`${files.size * SCHEMES.length} screenshots in ${outDir} (open index.html to compare)`);
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await emulator.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
