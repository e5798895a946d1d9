// The service worker, in Chromium against the real server: offline shell, photo cache, cache
// headers, and the 'A new version is ready' update flow.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../api/runtime/start-server';
import {
  releaseServiceWorker,
  startAppUnderTest,
  type AppUnderTest,
} from '../fixtures/app-under-test';

// A 1×1 PNG standing in for a catalogue photo.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);
// Appended to the built worker to make a "new release": the bytes differ, and the new worker
// answers VERSION so the test can tell which one controls the page.
const V2_SUFFIX = `
// v2
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'VERSION') event.ports[0].postMessage('v2');
});
`;

let server: RunningServer;
let app: AppUnderTest;
let browser: Browser;
// The server reads dist/ under its project root: this test serves a copy, so changing sw.js
// here never touches the dist/ other tests use.
let root: string;
let base: string;

beforeAll(async () => {
  app = await startAppUnderTest('the-app-opens-offline-and-updates');
  ({ browser, server, base } = app);
  root = app.root;
  writeFileSync(join(root, 'dist', 'test-photo.png'), PHOTO);
});

afterAll(async () => {
  await app?.stop();
});

async function withContext(run: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await run(context);
  } finally {
    await context.close();
  }
}

/** Opens the app and waits until its service worker controls the page (clients.claim). */
async function openControlled(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
    .toBe('activated');
  return page;
}

function headingCount(page: Page): Promise<number> {
  return page.getByRole('heading', { name: 'Diecast Garage' }).count();
}

/** The controlling worker's answer to VERSION: 'v2' for the new release, 'none' for the first. */
function controllerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve('uncontrolled');
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage({ type: 'VERSION' }, [channel.port2]);
        setTimeout(() => resolve('none'), 500);
      }),
  );
}

function photoWidth(page: Page, url: string): Promise<number> {
  return page.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth);
        image.onerror = () => resolve(0);
        image.src = src;
      }),
    url,
  );
}

describe('the service worker', () => {
  it('serves sw.js and the shell for revalidation, and hashed assets as immutable', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const source = await worker.text();
    expect(source).not.toContain('self.__WB_MANIFEST');
    expect(source).toContain('"url":"index.html"');

    for (const path of ['/', '/index.html', '/mainlines/2024']) {
      const shell = await fetch(`${base}${path}`);
      expect(shell.headers.get('cache-control'), path).toBe('no-cache');
    }
    const html = await (await fetch(`${base}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const assetResponse = await fetch(`${base}${asset}`);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const api = await fetch(`${base}/api/nowhere`);
    expect(api.headers.get('cache-control')).toBeNull();
  });

  it('opens the app shell offline, at / and at a deep link, and leaves /api to the network', async () => {
    await withContext(async (context) => {
      const page = await openControlled(context);
      // The app's own /api calls (config, catalogue) have happened online: the worker must not
      // have kept them.
      await expect.poll(() => page.locator('[data-set-id]').count()).toBeGreaterThan(0);

      await context.setOffline(true);
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expect.poll(() => headingCount(page)).toBe(1);

      const deep = await page.goto(`${base}/mainlines/2024`);
      expect(deep?.fromServiceWorker()).toBe(true);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: /2024/ }).count())
        .toBe(1);

      const apiOffline = await page.evaluate(() =>
        fetch('/api/all-sets').then(
          (response) => `answered ${response.status}`,
          () => 'network error',
        ),
      );
      expect(apiOffline).toBe('network error');
    });
  });

  it('keeps catalogue photos from another origin for offline use', async () => {
    await withContext(async (context) => {
      const page = await openControlled(context);
      // Another origin for the same server: the photo is an opaque (no-cors) response.
      const photoUrl = `http://127.0.0.1:${server.port}/test-photo.png`;
      expect(await photoWidth(page, photoUrl)).toBe(1);
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const cache = await caches.open('catalog-images');
            return (await cache.keys()).map((request) => request.url);
          }),
        )
        .toEqual([photoUrl]);

      await context.setOffline(true);
      const offlinePage = await context.newPage();
      await offlinePage.goto(`${base}/`);
      expect(await photoWidth(offlinePage, photoUrl)).toBe(1);
    });
  });

  it('announces a new version, and Reload brings the page under it once', async () => {
    const swPath = join(root, 'dist', 'sw.js');
    const firstRelease = readFileSync(swPath, 'utf8');
    try {
      await withContext(async (context) => {
        const page = await openControlled(context);
        expect(await controllerVersion(page)).toBe('none');
        expect(await page.getByText('A new version is ready').count()).toBe(0);

        releaseServiceWorker(root, firstRelease + V2_SUFFIX);
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          await registration?.update();
        });

        const banner = page.getByRole('status').filter({ hasText: 'A new version is ready' });
        await expect.poll(() => banner.count()).toBe(1);
        // The new version waits: the page still runs under the first one.
        expect(await controllerVersion(page)).toBe('none');
        expect(
          await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting?.state ?? null;
          }),
        ).toBe('installed');

        const reload = page.getByRole('button', { name: 'Reload' });
        await reload.focus();
        expect(await reload.evaluate((button) => button.getBoundingClientRect().height)).toBe(44);
        let loads = 0;
        page.on('load', () => loads++);
        const reloaded = page.waitForEvent('load');
        await page.keyboard.press('Enter');
        await reloaded;

        await expect.poll(() => controllerVersion(page)).toBe('v2');
        expect(
          await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return {
              waiting: registration?.waiting ?? null,
              controller: navigator.serviceWorker.controller?.state ?? null,
            };
          }),
        ).toEqual({ waiting: null, controller: 'activated' });
        expect(await page.getByText('A new version is ready').count()).toBe(0);
        await expect.poll(() => headingCount(page)).toBe(1);
        expect(loads).toBe(1);
      });
    } finally {
      releaseServiceWorker(root, firstRelease);
    }
  });
});
