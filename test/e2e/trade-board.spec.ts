// The trade board in the browser: collector A lists a car, collector B (a second browser) offers
// a car of theirs, A accepts and marks it traded, and both collections change. Then an offer
// made offline shows pending at once and arrives once after reconnecting. axe on each screen,
// and a 390×844 screenshot of each (light and dark) in test-results/trade-board/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueCarIds,
  createCollector,
  pushMutations,
  signIn,
  waitForCatalogue,
  waitForServiceWorker,
  waitUntil,
  WAIT,
  type Collector,
} from '../../bench/ui/app-session';
import { callApi, checkScreen, PHONE, showing } from '../fixtures/screen-checks';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';

const shots = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results', 'trade-board');

let app: AppUnderTest;
let browser: Browser;
let base: string;
let carIds: string[];

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  app = await startAppUnderTest('trade-board');
  ({ browser, base } = app);
  carIds = await catalogueCarIds(base);
});

afterAll(async () => {
  await app?.stop();
});

const api = <T>(collector: Collector | null, method: string, path: string, body?: unknown) =>
  callApi<T>(base, collector, method, path, body);

interface Collection {
  ownedCars: { carId: string; instances: { instanceId: string; purchasePlace: string }[] }[];
}

const instancesOf = (collection: Collection, carId: string) =>
  collection.ownedCars.find((car) => car.carId === carId)?.instances ?? [];

async function signedInPhone(
  collector: Collector,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, base, collector);
  await waitForCatalogue(page);
  return { context, page };
}

const check = (page: Page, name: string, ready: () => Promise<boolean>) =>
  checkScreen(page, shots, name, ready);

const visible = showing;

describe('the trade board', () => {
  it('lists a car, takes an offer from a second collector, and trades: both collections change', async () => {
    const [listedCar, buyersCar] = [carIds[0] as string, carIds[1] as string];
    const alice = await createCollector(base);
    const bob = await createCollector(base);
    await pushMutations(base, alice, [
      {
        name: 'collection/add-car-instance',
        args: {
          carId: listedCar,
          details: { instanceId: 'alice-1', condition: 'loose', grade: 'Mint' },
        },
      },
      {
        name: 'collection/update-car-details',
        args: { carId: listedCar, forTrade: 1, forSale: 0 },
      },
    ]);
    await pushMutations(base, bob, [
      {
        name: 'collection/add-car-instance',
        args: { carId: buyersCar, details: { instanceId: 'bob-1', condition: 'boxed' } },
      },
    ]);

    // Alice lists her car from /collection/tradensell's link, for sale or trade.
    const a = await signedInPhone(alice);
    await a.page.goto(`${base}/collection/tradensell`);
    const link = a.page.getByRole('link', { name: /^List on the trade board/ }).first();
    await waitUntil('the trade board link', () => link.isVisible().catch(() => false), Boolean);
    await a.page.screenshot({ path: join(shots, 'tradensell-link-light.png') });
    await link.click();
    await expect
      .poll(() => a.page.url(), WAIT)
      .toBe(`${base}/trade/create?kind=car&id=${encodeURIComponent(listedCar)}`);
    await check(a.page, 'create-listing', visible(a.page, /^Copy 1 · Loose · Mint/));
    await a.page.getByLabel('Sale').check();
    await a.page.getByRole('button', { name: 'List it' }).click();
    await expect
      .poll(() => a.page.getByText('Enter a price above 0, like 12.50').count(), WAIT)
      .toBe(1);
    await a.page.getByLabel('Asking price (USD)').fill('12.50');
    await a.page.getByLabel('What do you want for it?').fill('A Treasure Hunt, or cash');
    await a.page.getByRole('button', { name: 'List it' }).click();
    await expect.poll(() => a.page.url(), WAIT).toBe(`${base}/trade?tab=mine`);
    const card = a.page.locator('li[data-listing-id]').first();
    await expect.poll(() => card.count(), WAIT).toBe(1);
    const listingId = (await card.getAttribute('data-listing-id')) as string;
    // Synced: the server has it and the card is no longer marked pending.
    await expect
      .poll(async () => (await api(null, 'GET', `/api/listings/${listingId}`)).status, WAIT)
      .toBe(200);
    await expect.poll(() => a.page.getByText('Pending · not sent yet').count(), WAIT).toBe(0);
    await expect.poll(() => card.textContent(), WAIT).toContain('$12.50 or trade');
    await check(a.page, 'my-listings', () => card.isVisible());

    // Bob finds it on the board and offers his car plus cash.
    const b = await signedInPhone(bob);
    await b.page.goto(`${base}/trade`);
    const onBoard = b.page.locator(`li[data-listing-id="${listingId}"]`);
    await check(b.page, 'board', () => onBoard.isVisible().catch(() => false));
    expect(await onBoard.textContent()).toContain('Loose · Mint');
    await onBoard.locator('a').click();
    await expect.poll(() => b.page.url(), WAIT).toBe(`${base}/trade/listing/${listingId}`);
    await check(b.page, 'listing-buyer', visible(b.page, 'Make an offer'));
    const details = await api<Record<string, string>[]>(bob, 'POST', '/api/collection/details', {
      carIds: [buyersCar],
    });
    const bobsCarName = details.body[0]?.['Casting Name'] as string;
    await b.page.getByLabel('Message to the seller').fill('My car and $2 for yours?');
    await b.page
      .getByLabel('Find a car in your collection')
      .fill(bobsCarName.split(' ')[0] as string);
    await b.page
      .getByRole('button', { name: `Offer ${bobsCarName}` })
      .first()
      .click();
    await b.page.getByLabel('Cash you add (USD, optional)').fill('2');
    await b.page.getByRole('button', { name: 'Send offer' }).click();
    await expect.poll(() => b.page.getByText('Offer sent').count(), WAIT).toBe(1);
    await expect
      .poll(() => b.page.locator('.tb-offer').first().textContent(), WAIT)
      .toContain('Waiting for an answer');

    // Alice sees the offer, accepts, and marks it traded.
    await a.page.goto(`${base}/trade/listing/${listingId}`);
    await check(a.page, 'listing-seller', visible(a.page, 'My car and $2 for yours?'));
    await a.page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => a.page.getByText(/^Offer accepted\./).count(), WAIT).toBe(1);
    await a.page.getByRole('button', { name: 'Mark traded' }).click();
    await expect.poll(() => a.page.getByText(/^Marked traded\./).count(), WAIT).toBe(1);
    await a.page.screenshot({ path: join(shots, 'listing-traded-light.png'), fullPage: true });

    // Both collections changed on the server…
    const alices = (await api<Collection>(alice, 'GET', '/api/collection/get')).body;
    const bobs = (await api<Collection>(bob, 'GET', '/api/collection/get')).body;
    expect(instancesOf(alices, listedCar)).toEqual([]);
    expect(instancesOf(alices, buyersCar)).toEqual([
      expect.objectContaining({ purchasePlace: 'Trade board' }),
    ]);
    expect(instancesOf(bobs, buyersCar)).toEqual([]);
    expect(instancesOf(bobs, listedCar)).toEqual([
      expect.objectContaining({ purchasePlace: 'Trade board' }),
    ]);
    // …and on Alice's device, which pulled its snapshot after the deal.
    await a.page.goto(`${base}/car/${encodeURIComponent(buyersCar)}`);
    await expect
      .poll(
        () =>
          a.page
            .getByTestId('ownership-answer')
            .textContent()
            .catch(() => null),
        WAIT,
      )
      .toBe('You own 1 · 1 boxed');
    // Bob's device sees it once it pulls (here: a fresh start).
    await b.page.goto(`${base}/car/${encodeURIComponent(listedCar)}`);
    await expect
      .poll(
        () =>
          b.page
            .getByTestId('ownership-answer')
            .textContent()
            .catch(() => null),
        WAIT,
      )
      .toBe('You own 1 · 1 loose');
    await a.context.close();
    await b.context.close();
  });

  it('shows an offer made offline as pending at once, and it arrives once after reconnecting', async () => {
    const seller = await createCollector(base);
    const buyer = await createCollector(base);
    const carId = carIds[2] as string;
    await pushMutations(base, seller, [
      { name: 'collection/add-car-instance', args: { carId, details: { instanceId: 's-1' } } },
    ]);
    const listingId = `listing-${Date.now().toString(36)}`;
    const created = await api(seller, 'POST', '/api/listings/create', {
      listingId,
      kind: 'car',
      itemId: carId,
      instanceId: 's-1',
      forTrade: true,
      forSale: false,
      askingPrice: null,
      wants: 'Anything from 1995',
    });
    expect(created.status).toBe(200);

    const b = await signedInPhone(buyer);
    await waitForServiceWorker(b.page);
    await b.page.goto(`${base}/trade/listing/${listingId}`);
    await waitUntil('the listing', visible(b.page, 'Make an offer'), Boolean);
    expect(await b.page.getByText('Trade only').count()).toBeGreaterThan(0);

    await b.context.setOffline(true);
    await b.page.getByLabel('Message to the seller').fill('Offline offer from the toy fair');
    await b.page.getByRole('button', { name: 'Send offer' }).click();
    await expect.poll(() => b.page.getByText('Offer saved on this device').count(), WAIT).toBe(1);
    await expect.poll(() => b.page.getByText('Pending · not sent yet').count(), WAIT).toBe(1);
    await b.page.screenshot({
      path: join(shots, 'offer-pending-offline-light.png'),
      fullPage: true,
    });
    // My offers shows it too, from the device.
    await b.page.getByRole('link', { name: 'Back' }).click();
    await b.page.getByRole('tab', { name: 'My offers' }).click();
    await expect.poll(() => b.page.getByText('Pending · not sent yet').count(), WAIT).toBe(1);
    await b.page.screenshot({ path: join(shots, 'my-offers-offline-light.png') });
    expect(
      (await api<{ offers?: unknown[] }>(seller, 'GET', `/api/listings/${listingId}`)).body.offers,
    ).toEqual([]);

    await b.context.setOffline(false);
    await expect
      .poll(
        async () =>
          (await api<{ offers: unknown[] }>(seller, 'GET', `/api/listings/${listingId}`)).body
            .offers.length,
        WAIT,
      )
      .toBe(1);
    await expect.poll(() => b.page.getByText('Pending · not sent yet').count(), WAIT).toBe(0);
    await expect
      .poll(() => b.page.locator('li[data-offer-id]').first().textContent(), WAIT)
      .toContain('Waiting for an answer');
    // Once: a later replay (another start) does not make a second one.
    await b.page.reload();
    await b.page.waitForTimeout(1500);
    const offers = (
      await api<{ offers: { message: string }[] }>(seller, 'GET', `/api/listings/${listingId}`)
    ).body.offers;
    expect(offers.map((offer) => offer.message)).toEqual(['Offline offer from the toy fair']);
    await b.context.close();
  });

  it('shows the board to a visitor who is not signed in, without the seller tools', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/trade`);
    await check(
      page,
      'board-signed-out',
      async () =>
        (await visible(page, 'Sign in to list yours')()) &&
        (await page.locator('li[data-listing-id]').count()) > 0,
    );
    expect(await page.getByRole('link', { name: 'New listing' }).count()).toBe(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    await context.close();
  });
});
