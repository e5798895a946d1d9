// The Chromium every browser test runs in: Playwright's own switches still hold, and a new
// context starts no page the test did not open (the address-bar popup's WebUI renderer cost
// about 1 s of CPU per context on the 2-core machine).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disabledFeatures, launchChromium, UNUSED_FEATURES } from '../fixtures/chromium';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the test browser', () => {
  it("keeps Playwright's disabled features in the one --disable-features Chromium reads", async () => {
    const features = await disabledFeatures();
    expect(features.length).toBeGreaterThan(UNUSED_FEATURES.length);
    expect(features).toEqual(expect.arrayContaining(UNUSED_FEATURES));
  });

  it('opens a context with only the page the test asked for', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('about:blank');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets')) as {
        targetInfos: { type: string; url: string }[];
      };
      await session.detach();
      expect(targetInfos.map((target) => `${target.type} ${target.url}`)).toEqual([
        'page about:blank',
      ]);
    } finally {
      await context.close();
    }
  });
});
