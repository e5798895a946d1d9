// Push on a phone: without the permission the settings switch says notifications are blocked
// and registers nothing; with it, the device is registered, a new follower's alert is really
// sent by the server to a local (fake) push service, encrypted for the device, and the
// service worker's push handler shows it as a toast in the foreground and as a system
// notification in the background.
// Chromium only: the push is delivered to the worker through Chromium's DevTools protocol (CDP).
//
// Chromium here cannot make a real push subscription: a Playwright context is off the record
// (push is refused there) and a normal profile would register with Google's push service,
// which this sandbox cannot reach. So PushManager.subscribe answers a subscription on the local
// fake push service, with a key pair the test holds; everything after it is the real thing,
// and the message reaches the service worker through DevTools' deliverPushMessage.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCollector,
  signIn,
  waitForServiceWorker,
  waitUntil,
  WAIT,
  type Collector,
} from '../../bench/ui/app-session';
import { pushSubscriptions } from '../../api/db/schema';
import { describeViolations, seriousViolations } from '../fixtures/axe';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';
import {
  decryptPush,
  startFakePushService,
  verifyVapid,
  type DeviceSubscription,
  type FakePushService,
} from '../fixtures/fake-push-service';

const PHONE = { width: 390, height: 844 };
const shots = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results');
const BLOCKED =
  'Notifications are blocked for this site. Allow them in your browser settings to get alerts.';

let app: AppUnderTest;
let base: string;
let pushService: FakePushService;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  app = await startAppUnderTest('push-notifications');
  base = app.base;
  pushService = await startFakePushService();
});

afterAll(async () => {
  await pushService?.close();
  await app?.stop();
});

/** Makes PushManager answer a subscription on the fake push service (see the file's note). */
async function useFakePushService(context: BrowserContext, device: DeviceSubscription) {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const saved = 'test-push-subscription';
      const make = (serverKey: ArrayBuffer) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: serverKey },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          sessionStorage.removeItem(saved);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        const asked = { userVisibleOnly: options?.userVisibleOnly, key: [...key] };
        sessionStorage.setItem(saved, JSON.stringify(asked));
        return make(key.buffer) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const asked = sessionStorage.getItem(saved);
        if (!asked) return null;
        const key = new Uint8Array((JSON.parse(asked) as { key: number[] }).key);
        return make(key.buffer) as unknown as PushSubscription;
      };
      localStorage.setItem('diecast.installPromptOffered', 'earlier');
    },
    { endpoint: device.endpoint, keys: device.keys },
  );
}

async function devicesOf(userId: string) {
  return app.server.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

const pushSwitch = (page: Page) => page.getByRole('switch', { name: 'Push notifications' });

async function openSettings(page: Page) {
  await page.goto(`${base}/settings`);
  await expect.poll(() => pushSwitch(page).count(), WAIT).toBe(1);
  await expect.poll(() => pushSwitch(page).isEnabled(), WAIT).toBe(true);
}

describe('without the notification permission', () => {
  it('says notifications are blocked and registers nothing', async () => {
    const collector = await createCollector(base);
    const context = await app.browser.newContext({ viewport: PHONE });
    try {
      await useFakePushService(context, pushService.subscription());
      const page = await context.newPage();
      await signIn(page, base, collector);
      await openSettings(page);
      await pushSwitch(page).click();
      await expect.poll(() => page.getByText(BLOCKED).count(), WAIT).toBe(1);
      expect(await pushSwitch(page).isChecked()).toBe(false);
      expect(await devicesOf(collector.uid)).toEqual([]);
      await page.screenshot({ path: join(shots, 'settings-push-blocked-phone.png') });
    } finally {
      await context.close();
    }
  });
});

describe('with the permission', () => {
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let collector: Collector;
  let device: DeviceSubscription;
  let received: unknown;

  beforeAll(async () => {
    collector = await createCollector(base);
    device = pushService.subscription();
    context = await app.browser.newContext({ viewport: PHONE });
    await context.grantPermissions(['notifications'], { origin: base });
    await useFakePushService(context, device);
    page = await context.newPage();
    await signIn(page, base, collector);
    await waitForServiceWorker(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('the settings switch registers this device with the server', async () => {
    await openSettings(page);
    await pushSwitch(page).click();
    await expect.poll(() => pushSwitch(page).isChecked(), WAIT).toBe(true);
    await expect.poll(async () => (await devicesOf(collector.uid)).length, WAIT).toBe(1);
    const [row] = await devicesOf(collector.uid);
    expect(row).toMatchObject({
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
    });
    // It subscribed for visible messages, with the server's VAPID key.
    const { publicKey } = (await (await fetch(`${base}/api/push/public-key`)).json()) as {
      publicKey: string;
    };
    const asked = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('test-push-subscription'))) as string,
    ) as { userVisibleOnly: boolean; key: number[] };
    expect(asked.userVisibleOnly).toBe(true);
    expect(Buffer.from(asked.key).toString('base64url')).toBe(publicKey);

    await page.screenshot({ path: join(shots, 'settings-push-on-phone.png') });
    const violations = await seriousViolations(page);
    expect(describeViolations(violations)).toBe('');
  });

  it('a new follower is pushed to the local push service, encrypted for this device', async () => {
    const follower = await createCollector(base, `Follower${Date.now() % 100000}`);
    const next = pushService.nextPush(15_000);
    const follow = await fetch(`${base}/api/follows/set`, {
      method: 'POST',
      headers: follower.headers,
      body: JSON.stringify({ userId: collector.uid, following: true }),
    });
    expect(follow.status).toBe(200);
    const push = await next;
    expect(device.endpoint.endsWith(push.path)).toBe(true);
    verifyVapid(push.headers.authorization as string, pushService.origin);
    received = JSON.parse(decryptPush(push.body, device));
    expect(received).toEqual({
      notification: { title: 'New follower', body: `${follower.username} started following you` },
      data: { url: `/profile/${follower.uid}` },
    });
  });

  let registration: Promise<string> | undefined;
  /** The app's service worker registration, as DevTools names it (asked once per session). */
  function registrationId(): Promise<string> {
    registration ??= (async () => {
      cdp = await context.newCDPSession(page);
      const found = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
          const match = event.registrations.find(
            (candidate) => candidate.scopeURL === `${base}/` && !candidate.isDeleted,
          );
          if (match) resolve(match.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      return found;
    })();
    return registration;
  }

  it("the service worker's push handler shows it as a toast while the app is open", async () => {
    await page.goto(`${base}/home`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Diecast Garage' }).count(), WAIT)
      .toBe(1);
    const id = await registrationId();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base,
      registrationId: id,
      data: JSON.stringify(received),
    });
    const toast = page.locator('.push-toast');
    await expect
      .poll(() => toast.textContent().catch(() => null), WAIT)
      .toMatch(/^New follower.*started following you$/);
    await page.waitForTimeout(400); // the toast's entrance
    await page.screenshot({ path: join(shots, 'push-toast-phone.png') });
  });

  it('and as a notification with its link when no page of the app is showing', async () => {
    const id = await registrationId();
    await page.goto('about:blank');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base,
      registrationId: id,
      data: JSON.stringify({
        notification: { title: 'New offer', body: 'An offer on your listing' },
        data: { url: '/trade/listing/abc' },
      }),
    });
    await page.goto(`${base}/settings`);
    const shown = await waitUntil(
      'the notification',
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          const list = await registration.getNotifications();
          return list.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
        }),
      (list) => list.length > 0,
    );
    expect(shown).toEqual([
      { title: 'New offer', body: 'An offer on your listing', data: { url: '/trade/listing/abc' } },
    ]);
  });

  it('turning the switch off removes the device from the server', async () => {
    await openSettings(page);
    await expect.poll(() => pushSwitch(page).isChecked(), WAIT).toBe(true);
    await pushSwitch(page).click();
    await expect.poll(() => pushSwitch(page).isChecked(), WAIT).toBe(false);
    await expect.poll(async () => (await devicesOf(collector.uid)).length, WAIT).toBe(0);
  });
});
