// The market and the CSV import in the browser: two collectors, one public wishlist; a listing that matches pushes an
// alert (to a local fake push service, decrypted here) whose link opens the Matches view; the
// seller sees who wants it; the buyer's offer through the match completes the trade. Then a CSV
// export imported into a new account gives an identical collection, the same import again adds
// nothing, and a foreign CSV goes through a column mapping, an ambiguous row picked and an
// unmatched row reported. axe and 390×844 screenshots (light, dark) in test-results/trading/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCollector,
  pushMutations,
  signIn,
  waitForCatalogue,
  waitUntil,
  WAIT,
  type Collector,
} from '../../bench/ui/app-session';
import { callApi, checkScreen, PHONE, showing } from '../fixtures/screen-checks';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';
import {
  decryptPush,
  startFakePushService,
  type FakePushService,
} from '../fixtures/fake-push-service';

const shots = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results', 'trading');

interface CatalogueCar {
  id: string;
  name: string;
  year: number;
  toyNumber: string | null;
}
interface Collection {
  ownedCars: { carId: string; instances: Record<string, unknown>[] }[];
}

let app: AppUnderTest;
let base: string;
let cars: CatalogueCar[];
let pushService: FakePushService;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  app = await startAppUnderTest('trading');
  base = app.base;
  pushService = await startFakePushService();
  cars = ((await (await fetch(`${base}/api/catalog`)).json()) as { cars: CatalogueCar[] }).cars;
});

afterAll(async () => {
  await pushService?.close();
  await app?.stop();
});

const api = <T>(collector: Collector | null, method: string, path: string, body?: unknown) =>
  callApi<T>(base, collector, method, path, body);

async function phone(collector: Collector): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport: PHONE, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, base, collector);
  await waitForCatalogue(page);
  return { context, page };
}

const check = (page: Page, name: string, ready: () => Promise<boolean>) =>
  checkScreen(page, shots, name, ready);

const visible = showing;

const ownedOf = async (collector: Collector) =>
  (await api<Collection>(collector, 'GET', '/api/collection/get')).body.ownedCars;

describe('matches', () => {
  it('alerts a public wishlist, opens the Matches view, shows Wanted by, and trades through it', async () => {
    const car = cars[7] as CatalogueCar;
    const alice = await createCollector(base);
    const bob = await createCollector(base);
    await pushMutations(base, alice, [
      { name: 'collection/toggle-wishlist', args: { carId: car.id, isWishlisted: false } },
    ]);
    await pushMutations(base, bob, [
      {
        name: 'collection/add-car-instance',
        args: { carId: car.id, details: { instanceId: 'bob-1' } },
      },
    ]);
    const device = pushService.subscription();
    expect(
      (
        await api(alice, 'POST', '/api/push/subscribe', {
          endpoint: device.endpoint,
          keys: device.keys,
        })
      ).status,
    ).toBe(200);

    // Alice makes her wishlist public in Settings (off by default, said in one sentence).
    const a = await phone(alice);
    await a.page.goto(`${base}/settings`);
    const publicSwitch = a.page.getByLabel('Public wishlist');
    await waitUntil(
      'the wishlist setting',
      () => publicSwitch.isVisible().catch(() => false),
      Boolean,
    );
    expect(await publicSwitch.isChecked()).toBe(false);
    // A controlled switch: it shows the device's setting once the change is applied.
    await publicSwitch.click();
    await expect.poll(() => publicSwitch.isChecked(), WAIT).toBe(true);
    await expect
      .poll(
        async () =>
          (await api<{ settings: Record<string, unknown> }>(alice, 'GET', '/api/profile/me')).body
            .settings?.wishlistPublic,
        WAIT,
      )
      .toBe(true);

    // Bob lists the car for sale: Alice's device gets one alert that opens Matches.
    const next = pushService.nextPush(15_000);
    const listingId = `l-${Date.now().toString(36)}`;
    expect(
      (
        await api(bob, 'POST', '/api/listings/create', {
          listingId,
          kind: 'car',
          itemId: car.id,
          instanceId: 'bob-1',
          forTrade: false,
          forSale: true,
          askingPrice: 6,
          wants: '',
        })
      ).status,
    ).toBe(200);
    const alert = JSON.parse(decryptPush((await next).body, device)) as {
      notification: { title: string; body: string };
      data: { url: string };
    };
    expect(alert).toEqual({
      notification: {
        title: 'A match for your wishlist',
        body: `${car.name} is on the trade board`,
      },
      data: { url: '/trade?tab=matches' },
    });

    await a.page.goto(`${base}${alert.data.url}`);
    const match = a.page.locator(`li[data-listing-id="${listingId}"]`);
    await check(a.page, 'matches', () => match.isVisible().catch(() => false));
    expect(await match.textContent()).toContain('On your wishlist');
    expect(await a.page.getByRole('tab', { name: 'Matches' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    // Bob sees who wants it on his listing.
    const b = await phone(bob);
    await b.page.goto(`${base}/trade?tab=mine`);
    const wanted = b.page.locator(`li[data-listing-id="${listingId}"] [data-testid="wanted-by"]`);
    await check(b.page, 'my-listings-wanted-by', () => wanted.isVisible().catch(() => false));
    expect(await wanted.textContent()).toContain(alice.username);

    // Alice offers the asking price from the match; Bob accepts and marks it sold.
    await match.locator('a').click();
    await expect.poll(() => a.page.url(), WAIT).toBe(`${base}/trade/listing/${listingId}`);
    await waitUntil('the offer form', visible(a.page, 'Make an offer'), Boolean);
    await a.page.getByLabel('Message to the seller').fill('Seen in my matches: $6 is fine');
    await a.page.getByLabel('Cash you add (USD, optional)').fill('6');
    await a.page.getByRole('button', { name: 'Send offer' }).click();
    await expect.poll(() => a.page.getByText('Offer sent').count(), WAIT).toBe(1);
    await b.page.goto(`${base}/trade/listing/${listingId}`);
    await waitUntil('the offer', visible(b.page, 'Seen in my matches: $6 is fine'), Boolean);
    await b.page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => b.page.getByText(/^Offer accepted\./).count(), WAIT).toBe(1);
    await b.page.getByRole('button', { name: 'Mark sold' }).click();
    await expect.poll(() => b.page.getByText(/^Marked sold\./).count(), WAIT).toBe(1);
    await expect
      .poll(
        async () =>
          (await ownedOf(alice)).find((owned) => owned.carId === car.id)?.instances.length,
        WAIT,
      )
      .toBe(1);
    expect((await ownedOf(bob)).find((owned) => owned.carId === car.id)).toBeUndefined();
    await a.context.close();
    await b.context.close();
  });
});

describe('importing a collection from CSV', () => {
  it('brings an export into a new account exactly, and the same file again adds nothing', async () => {
    const carol = await createCollector(base);
    const [first, second] = cars as [CatalogueCar, CatalogueCar];
    await pushMutations(base, carol, [
      {
        name: 'collection/add-car-instance',
        args: {
          carId: first.id,
          details: {
            instanceId: 'carol-1',
            condition: 'loose',
            grade: 'Near Mint',
            purchasePrice: 2.5,
            purchaseDate: '2026-10-30',
            purchasePlace: 'Swap meet, hall "B"',
            notes: '=SUM(1,2)\nsecond line',
          },
        },
      },
      {
        name: 'collection/add-car-instance',
        args: { carId: second.id, details: { instanceId: 'carol-2' } },
      },
      {
        name: 'collection/add-car-instance',
        args: { carId: first.id, details: { instanceId: 'carol-3', notes: "'=kept" } },
      },
    ]);
    const c = await phone(carol);
    await c.page.goto(`${base}/settings`);
    const exportButton = c.page.getByRole('button', { name: 'Export CSV' });
    await waitUntil('export', () => exportButton.isVisible().catch(() => false), Boolean);
    await waitUntil(
      'the collection on the device',
      visible(c.page, 'All changes synced'),
      Boolean,
    ).catch(() => undefined);
    const downloading = c.page.waitForEvent('download');
    await exportButton.click();
    const file = await (await downloading).path();
    const csv = readFileSync(file);
    await c.context.close();

    const dave = await createCollector(base);
    const d = await phone(dave);
    await d.page.goto(`${base}/settings`);
    await d.page.getByRole('link', { name: 'Import a collection from CSV' }).click();
    await expect.poll(() => d.page.url(), WAIT).toBe(`${base}/settings/import`);
    const choose = () =>
      d.page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'carol.csv', mimeType: 'text/csv', buffer: csv });
    await waitUntil(
      'the file field',
      () =>
        d.page
          .getByLabel('CSV file')
          .isVisible()
          .catch(() => false),
      Boolean,
    );
    await choose();
    await expect
      .poll(() => d.page.getByTestId('import-format').textContent(), WAIT)
      .toContain('exported from Diecast Garage');
    await check(d.page, 'import-preview-export', visible(d.page, 'Add 3 cars to my collection'));
    await d.page.getByRole('button', { name: 'Add 3 cars to my collection' }).click();
    await expect
      .poll(() => d.page.getByTestId('import-progress').textContent(), WAIT)
      .toContain('Added 3 cars');
    const carols = await ownedOf(carol);
    await expect
      .poll(async () => JSON.stringify(await ownedOf(dave)), WAIT)
      .toBe(JSON.stringify(carols));

    // The same file again: everything is already there, nothing is added.
    await d.page.reload();
    await waitUntil(
      'the file field',
      () =>
        d.page
          .getByLabel('CSV file')
          .isVisible()
          .catch(() => false),
      Boolean,
    );
    await choose();
    const already = d.page.getByRole('button', {
      name: 'Everything here is already in your collection',
    });
    await waitUntil('the second preview', () => already.isVisible().catch(() => false), Boolean);
    expect(await already.isDisabled()).toBe(true);
    expect(await d.page.getByTestId('import-summary').textContent()).toContain(
      '3 already in your collection',
    );
    expect(JSON.stringify(await ownedOf(dave))).toBe(JSON.stringify(carols));
    await d.context.close();
  });

  it('maps a foreign spreadsheet, asks about an ambiguous row, and reports an unmatched one', async () => {
    const byToy = cars.find((car) => car.toyNumber) as CatalogueCar;
    const twins = cars.filter((car) => car.name === 'Bone Shaker' && car.year === 2019);
    expect(twins.length).toBeGreaterThan(1);
    const foreign = [
      'Toy #,Casting Title,Year,Paid,Qty,Remarks',
      `${byToy.toyNumber},${byToy.name},${byToy.year},$1.50,2,from my sheet`,
      ',Bone Shaker,2019,"2,00",1,',
      'ZZZ99,Flying Toaster,2030,,1,',
    ].join('\r\n');
    const erin = await createCollector(base);
    const e = await phone(erin);
    await e.page.goto(`${base}/settings/import`);
    await waitUntil(
      'the file field',
      () =>
        e.page
          .getByLabel('CSV file')
          .isVisible()
          .catch(() => false),
      Boolean,
    );
    await e.page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(foreign) });
    // "Casting Title" is not a header the app knows: the collector says it is the casting name.
    const nameColumn = e.page.getByLabel('Casting name');
    await waitUntil('the mapping', () => nameColumn.isVisible().catch(() => false), Boolean);
    expect(await nameColumn.inputValue()).toBe('');
    await nameColumn.selectOption('1');
    const pick = e.page.getByRole('group', { name: /Line 3: Bone Shaker · 2019/ });
    await check(e.page, 'import-preview-foreign', () => pick.isVisible().catch(() => false));
    expect(await e.page.getByTestId('import-unmatched').textContent()).toContain('Flying Toaster');
    expect(await e.page.getByTestId('import-unmatched').textContent()).toContain(
      'no "Flying Toaster" from 2030',
    );
    await pick.getByRole('radio').first().check();
    const chosen = twins.sort(
      (x, y) => y.year - x.year || x.id.localeCompare(y.id),
    )[0] as CatalogueCar;
    // Offline at a fair: the import is saved on the device and waits in the outbox.
    await e.context.setOffline(true);
    await e.page.getByRole('button', { name: 'Add 3 cars to my collection' }).click();
    await expect
      .poll(() => e.page.getByTestId('import-progress').textContent(), WAIT)
      .toContain('Added 3 cars');
    await expect
      .poll(() => e.page.getByTestId('collection-sync').textContent(), WAIT)
      .toMatch(/waiting to sync/);
    expect(await ownedOf(erin)).toEqual([]);
    await e.context.setOffline(false);
    await expect
      .poll(
        async () => (await ownedOf(erin)).map((owned) => [owned.carId, owned.instances.length]),
        WAIT,
      )
      .toEqual([
        [byToy.id, 2],
        [chosen.id, 1],
      ]);
    const [copy] = (await ownedOf(erin))[0]?.instances ?? [];
    expect(copy).toMatchObject({ purchasePrice: 1.5, notes: 'from my sheet' });
    await e.context.close();
  });
});
