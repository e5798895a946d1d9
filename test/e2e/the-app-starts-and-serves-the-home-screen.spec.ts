// The real server (as `npm start` boots it) serves the built app, the SPA fallback and the API.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../api/runtime/start-server';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
let server: RunningServer;
let app: AppUnderTest;
let browser: Browser;

beforeAll(async () => {
  app = await startAppUnderTest('the-app-starts-and-serves-the-home-screen');
  ({ browser, server } = app);
});

afterAll(async () => {
  await app?.stop();
});

describe('a fresh install', () => {
  it('loads the demo catalogue and shows the home screen on a phone', async () => {
    const sets = (await (
      await fetch(`http://localhost:${server.port}/api/all-sets`)
    ).json()) as unknown[];
    expect(sets.length).toBeGreaterThan(10);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`http://localhost:${server.port}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Diecast Garage' }).count()).toBe(1);
    // The device downloads the catalogue and lists its sets with no sign-in.
    await expect.poll(() => page.locator('[data-set-id]').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-car-id]').count()).toBeGreaterThan(0);
    mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(projectRoot, 'test-results', 'home-phone.png') });
    await page.close();
  });

  it('answers deep links with the app shell and unknown API paths with JSON', async () => {
    const deep = await fetch(`http://localhost:${server.port}/mainlines/2024`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const api = await fetch(`http://localhost:${server.port}/api/nowhere`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found: GET /api/nowhere' });
  });
});
