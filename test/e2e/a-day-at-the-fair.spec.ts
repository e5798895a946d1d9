// A day at the fair: photos kept for offline from a local image server (CORS and opaque), a
// wishlist car given a max price and a note, the network gone, the quick check by toy number,
// collector number and name with its owned, wishlist (price and note) and set answers, kept
// photos shown and the others as a named placeholder, cars added from the quick check and with
// Found it (quick check and wishlist), and each of them on the server exactly once after
// reconnecting — all under the shell's Content Security Policy, which is checked to block nothing.
import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, type BuiltCatalog } from '../../api/catalog/build-catalog';
import { importCatalog } from '../../api/catalog/catalog-import';
import { DEMO_CATALOG_PATH } from '../../api/catalog/demo-seed';
import { readCatalogFile } from '../../api/catalog/read-catalog-file';
import type { RunningServer } from '../../api/runtime/start-server';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';
import type { CatalogCar } from '../../src/shared/catalog/types';
import { signUpTestUser, type TestUser } from '../fixtures/auth';
import { describeViolations, isSerious, runAxe } from '../fixtures/axe';

const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 45_000, interval: 200 };

/** A 1×1 PNG: small, real, decodable. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 255, 106, 19]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

let app: AppUnderTest;
let server: RunningServer;
let images: Server;
let imageBase: string;
let browser: Browser;
let catalog: BuiltCatalog;
/** Requests the image server answered, by path. */
const served = new Map<string, number>();

beforeAll(async () => {
  // The catalogue's photos live on another origin: even toy numbers answer with CORS, odd ones
  // without (the page then keeps an opaque response).
  const image = png();
  images = createServer((request, response) => {
    const path = request.url ?? '/';
    served.set(path, (served.get(path) ?? 0) + 1);
    const cors = /[02468]\.png$/.test(path) ? { 'access-control-allow-origin': '*' } : {};
    response
      .writeHead(200, { 'content-type': 'image/png', 'content-length': image.length, ...cors })
      .end(image);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  const address = images.address();
  imageBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  app = await startAppUnderTest('a-day-at-the-fair');
  ({ server, browser } = app);
  const { inputs } = await readCatalogFile(DEMO_CATALOG_PATH);
  catalog = buildCatalog(
    inputs.map((car, index) => ({ ...car, image: `${imageBase}/photos/${index}.png` })),
  );
  await importCatalog(server.database.db, catalog);
});

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => images?.close(() => resolve()));
});

const answerOf = (page: Page, carId: string) =>
  page
    .locator(
      `section[aria-label="Matches"] li[data-car-id="${carId}"] [data-testid="quick-answer"]`,
    )
    .first()
    .innerText({ timeout: 2000 })
    .then((text) => text.replace(/\s*\n\s*/g, ' | '))
    .catch(() => null);

async function quickCheck(page: Page, query: string): Promise<void> {
  const field = page.getByLabel('Toy #, collector # or casting name');
  await field.fill(query);
}

interface ServerCollection {
  ownedCars: { carId: string; instances: { purchasePrice: number }[] }[];
  wishlistCarIds: { id: string; maxPrice?: number; note?: string }[];
}

async function serverCollection(user: TestUser): Promise<ServerCollection> {
  const response = await fetch(`http://localhost:${server.port}/api/collection/get`, {
    headers: user.headers,
  });
  return (await response.json()) as ServerCollection;
}

async function serverCopies(user: TestUser): Promise<Map<string, number>> {
  const body = await serverCollection(user);
  return new Map(body.ownedCars.map((car) => [car.carId, car.instances.length]));
}

/** What each car was bought for on the server, by car. */
async function serverPrices(user: TestUser): Promise<Record<string, number[]>> {
  const body = await serverCollection(user);
  return Object.fromEntries(
    body.ownedCars.map((car) => [car.carId, car.instances.map((i) => i.purchasePrice)]),
  );
}

/** axe on the open dialog, light and dark: no serious or critical violation. */
async function expectDialogAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    const serious = (await runAxe(page, '[role="dialog"]')).filter(isSerious);
    expect(serious, `${colorScheme}: ${describeViolations(serious)}`).toEqual([]);
  }
}

/** A photo that drew: loaded and decoded (a broken image has no natural width). */
const photoShown = (page: Page, carId: string) =>
  page
    .locator(`li[data-car-id="${carId}"] img`)
    .first()
    .evaluate(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    )
    .catch(() => false);

describe('a day at the fair (Chromium)', () => {
  it('keeps photos, checks and adds cars with no signal, and delivers each add once', async () => {
    const user = await signUpTestUser();
    await fetch(`http://localhost:${server.port}/api/users/initialize`, {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({ username: `fair${Date.now().toString(36)}` }),
    });
    const fivePack = catalog.sets.find((set) => set.carIds.length >= 3);
    if (!fivePack) throw new Error('the demo catalogue has no set of three');
    const [inSetOwned, inSetChecked] = fivePack.carIds as [string, string];
    const car = (id: string) => catalog.cars.find((c) => c.id === id) as CatalogCar;
    // Four cars from four other sets (or none), so no answer mentions another's set.
    const usedSets = new Set<string | null>([fivePack.id]);
    const plain: CatalogCar[] = [];
    for (const candidate of catalog.cars) {
      if (plain.length === 5) break;
      if (!candidate.toyNumber || !candidate.collectorNumber) continue;
      if (candidate.setId !== null && usedSets.has(candidate.setId)) continue;
      usedSets.add(candidate.setId);
      plain.push(candidate);
    }
    const [owned, wished, addedOffline, neverSeen, wishedLate] = plain as [
      CatalogCar,
      CatalogCar,
      CatalogCar,
      CatalogCar,
      CatalogCar,
    ];

    const context: BrowserContext = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(() =>
      localStorage.setItem('diecast.installPromptOffered', '2026-11-01T00:00:00.000Z'),
    );
    const violations: string[] = [];
    try {
      const page = await context.newPage();
      // The shell's CSP must let every photo show, be kept and be cached: any report fails.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
        });
      });
      page.on('console', (message) => {
        if (/Content Security Policy|CSP violation/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await page.goto(`http://localhost:${server.port}/login?next=%2Fcheck`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill('garage-secret-1');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/check$/, { timeout: 45_000 });

      // Online: a first car added from the quick check, one of a set, one wished for.
      await quickCheck(page, owned.toyNumber as string);
      await expect.poll(() => answerOf(page, owned.id), WAIT).toBe('Not owned');
      await page
        .locator(`section[aria-label="Matches"] li[data-car-id="${owned.id}"]`)
        .getByRole('button', { name: /^Add / })
        .click();
      await expect.poll(() => answerOf(page, owned.id), WAIT).toMatch(/^You own 1 \(carded Good\)/);
      // The answer runs across the card, under photo, name and button: not squeezed between them.
      const share = await page
        .locator(`section[aria-label="Matches"] li[data-car-id="${owned.id}"]`)
        .evaluate((hit) => {
          const answer = hit.querySelector('[data-testid="quick-answer"]') as HTMLElement;
          return answer.getBoundingClientRect().width / hit.getBoundingClientRect().width;
        });
      expect(share).toBeGreaterThan(0.8);
      await quickCheck(page, car(inSetOwned).toyNumber as string);
      await page
        .locator(`section[aria-label="Matches"] li[data-car-id="${inSetOwned}"]`)
        .getByRole('button', { name: /^Add / })
        .click();
      await expect.poll(() => answerOf(page, inSetOwned), WAIT).toMatch(/^You own 1/);
      await page.goto(`http://localhost:${server.port}/car/${wished.id}`);
      const star = page.getByRole('button', { name: 'Wishlist', exact: true });
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed'), WAIT).toBe('true');

      // On the wishlist: the most I'd pay and a note. A price that is not one is named under
      // its field, and nothing changes.
      await page.goto(`http://localhost:${server.port}/wishlist`);
      await page.getByRole('button', { name: `Set max price for ${wished.name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Most you would pay').fill('five');
      await dialog.getByLabel('Note').fill('only carded');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => dialog.getByRole('alert').innerText(), WAIT)
        .toBe('Enter the most you would pay, like 5 or 4.50, or leave it empty');
      expect(await dialog.getByLabel('Most you would pay').getAttribute('aria-invalid')).toBe(
        'true',
      );
      await expectDialogAccessible(page);
      await dialog.getByLabel('Most you would pay').fill('$5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
      const wishRow = page.locator(`[data-car-id="${wished.id}"]`);
      await expect.poll(() => wishRow.innerText(), WAIT).toMatch(/Max \$5\.00/);
      await expect
        .poll(() => wishRow.getByTestId('wish-note').innerText(), WAIT)
        .toBe('Note: only carded');
      await expect
        .poll(async () => (await serverCollection(user)).wishlistCarIds, WAIT)
        .toEqual([
          { id: wished.id, addedAt: expect.any(String), maxPrice: 5, note: 'only carded' },
        ]);

      // Get ready for offline: the wishlist's and the collection's photos.
      await page.goto(`http://localhost:${server.port}/settings`);
      await expect
        .poll(
          () =>
            page
              .getByTestId('offline-size')
              .innerText()
              .catch(() => ''),
          WAIT,
        )
        .toMatch(/^3 photos to download, about \d+ KB\./);
      await page.getByRole('button', { name: 'Download 3 photos' }).click();
      await expect.poll(() => page.getByText('Ready: 3 photos kept.').count(), WAIT).toBe(1);
      await expect
        .poll(() => page.getByTestId('offline-size').innerText(), WAIT)
        .toMatch(/^All 3 photos of your choice are on this device\./);
      // Again: nothing is fetched twice.
      expect(await page.getByRole('button', { name: /^Download \d+ photos$/ }).count()).toBe(0);
      const fetchedOnce = [owned, wished, car(inSetOwned)].map(
        (c) => new URL(c.image as string).pathname,
      );
      for (const path of fetchedOnce) expect(served.get(path), path).toBeGreaterThanOrEqual(1);

      // One more wish just before leaving, found later from the wishlist itself.
      await page.goto(`http://localhost:${server.port}/car/${wishedLate.id}`);
      const lateStar = page.getByRole('button', { name: 'Wishlist', exact: true });
      await lateStar.click();
      await expect.poll(() => lateStar.getAttribute('aria-pressed'), WAIT).toBe('true');
      await expect
        .poll(async () => (await serverCollection(user)).wishlistCarIds.length, WAIT)
        .toBe(2);

      // No signal from here on.
      await context.setOffline(true);
      await page.goto(`http://localhost:${server.port}/check`).catch(() => undefined);
      await expect
        .poll(() => page.getByLabel('Toy #, collector # or casting name').count(), WAIT)
        .toBe(1);

      await quickCheck(page, owned.collectorNumber as string);
      await expect.poll(() => answerOf(page, owned.id), WAIT).toMatch(/^You own 1 \(carded Good\)/);
      await expect.poll(() => photoShown(page, owned.id), WAIT).toBe(true);
      expect(
        await page
          .locator(`section[aria-label="Matches"] li[data-car-id="${owned.id}"] .photo-kept`)
          .count(),
      ).toBe(1);

      await quickCheck(page, wished.name);
      await expect
        .poll(() => answerOf(page, wished.id), WAIT)
        .toBe('On your wishlist — max $5.00 | Note: only carded');
      await expect.poll(() => photoShown(page, wished.id), WAIT).toBe(true);
      // Found it, offline: the price comes prefilled with the max price; the car moves across.
      await page
        .locator(`section[aria-label="Matches"] li[data-car-id="${wished.id}"]`)
        .getByRole('button', { name: /^Found / })
        .click();
      const found = page.getByRole('dialog');
      expect(await found.getByLabel('Price paid').inputValue()).toBe('5');
      expect(
        await found
          .getByRole('button', { name: 'carded', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await expectDialogAccessible(page);
      await found.getByRole('button', { name: 'Add to collection' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
      await expect
        .poll(() => answerOf(page, wished.id), WAIT)
        .toMatch(/^You own 1 \(carded Good\)/);

      await quickCheck(page, car(inSetChecked).toyNumber as string);
      await expect
        .poll(() => answerOf(page, inSetChecked), WAIT)
        .toBe(`In a set you are completing (1 of ${fivePack.carIds.length})`);

      // A car never seen before: no photo on the device, so its name and colour instead.
      await quickCheck(page, neverSeen.toyNumber as string);
      await expect.poll(() => answerOf(page, neverSeen.id), WAIT).toBe('Not owned');
      const placeholder = page.locator(
        `section[aria-label="Matches"] li[data-car-id="${neverSeen.id}"] .photo-placeholder__name`,
      );
      await expect.poll(() => placeholder.innerText().catch(() => null), WAIT).toBe(neverSeen.name);

      // Added offline from the quick check.
      await quickCheck(page, addedOffline.toyNumber as string);
      await page
        .locator(`section[aria-label="Matches"] li[data-car-id="${addedOffline.id}"]`)
        .getByRole('button', { name: /^Add / })
        .click();
      await expect
        .poll(() => answerOf(page, addedOffline.id), WAIT)
        .toMatch(/^You own 1 \(carded Good\)/);
      expect((await serverCopies(user)).has(addedOffline.id)).toBe(false);

      // Found it from the wishlist screen, offline, at what was actually paid.
      await page.goto(`http://localhost:${server.port}/wishlist`).catch(() => undefined);
      await page
        .getByRole('button', { name: `Found it — ${wishedLate.name}` })
        .click({ timeout: 45_000 });
      const foundLate = page.getByRole('dialog');
      expect(await foundLate.getByLabel('Price paid').inputValue()).toBe('');
      await foundLate.getByLabel('Price paid').fill('abc');
      await foundLate.getByRole('button', { name: 'Add to collection' }).click();
      await expect
        .poll(() => foundLate.getByRole('alert').innerText(), WAIT)
        .toBe('Enter what you paid, like 2.50');
      await foundLate.getByLabel('Price paid').fill('2.50');
      await foundLate.getByRole('button', { name: 'Add to collection' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
      await expect.poll(() => page.getByText('Your wishlist is empty').count(), WAIT).toBe(1);
      expect((await serverCopies(user)).has(wishedLate.id)).toBe(false);

      // Back online: every add on the server exactly once.
      await context.setOffline(false);
      await page
        .getByRole('button', { name: 'Sync now' })
        .click({ timeout: 5000 })
        .catch(() => undefined);
      await expect
        .poll(async () => Object.fromEntries(await serverCopies(user)), WAIT)
        .toEqual({
          [owned.id]: 1,
          [inSetOwned]: 1,
          [addedOffline.id]: 1,
          [wished.id]: 1,
          [wishedLate.id]: 1,
        });
      expect(await serverPrices(user)).toMatchObject({
        [wished.id]: [5],
        [wishedLate.id]: [2.5],
      });
      expect((await serverCollection(user)).wishlistCarIds).toEqual([]);
      // Nothing went twice: a second look a moment later finds the same.
      await page.waitForTimeout(1000);
      expect(Object.values(Object.fromEntries(await serverCopies(user)))).toEqual([1, 1, 1, 1, 1]);
      // Today's checks are listed below the field.
      await page.goto(`http://localhost:${server.port}/check`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Checked today' }).count(), WAIT)
        .toBe(1);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
