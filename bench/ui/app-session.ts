// A collector for browser work (bench:ui, screenshots, the badge and accessibility tests): a real
// Auth-emulator account with a username, a collection seeded through POST /api/sync/push, and
// sign-in in the page through the app's own form, with what the device then holds read back.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { EMULATOR_HOST } from '../../api/runtime/auth-emulator';
import { DEVICE_COUNTERS_KEY } from '../../src/db/device-counters';
import { sawNoCarsKey } from '../../src/features/install/install-store';

export const PASSWORD = 'garage-secret-1';
/** Long enough for a catalogue download, a replay and a rebase on a loaded machine. */
export const WAIT = { timeout: 30_000, interval: 100 };

/** Polls `read` until `done` holds; throws with `what` and the last value after `timeout`. */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeout, interval } = WAIT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(value)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

export interface Collector {
  uid: string;
  email: string;
  username: string;
  headers: Record<string, string>;
}

async function emulatorCall(path: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok) throw new Error(`emulator ${path} failed: ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** A new account in the Auth emulator with a username on the server (past the guard). */
export async function createCollector(base: string, username?: string): Promise<Collector> {
  const email = `collector-${randomUUID()}@example.com`;
  const body = await emulatorCall('accounts:signUp', {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  const headers = {
    Authorization: `Bearer ${body.idToken}`,
    'content-type': 'application/json',
  };
  const name = username ?? `scout${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const response = await fetch(`${base}/api/users/initialize`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: name }),
  });
  if (!response.ok) throw new Error(`users/initialize failed: ${await response.text()}`);
  return { uid: body.localId as string, email, username: name, headers };
}

export interface Mutation {
  name: string;
  args: unknown;
}

/** Applies changes on the server in chunks of up to 1,000 (the push limit); every one must pass. */
export async function pushMutations(
  base: string,
  /** Only its headers (the Authorization its token makes) are used. */
  collector: Pick<Collector, 'headers'>,
  mutations: Mutation[],
  chunkSize = 1000,
): Promise<void> {
  const prefix = randomUUID();
  for (let start = 0; start < mutations.length; start += chunkSize) {
    const chunk = mutations.slice(start, start + chunkSize).map((mutation, index) => ({
      key: `seed-${prefix}-${start + index}`,
      ...mutation,
    }));
    const response = await fetch(`${base}/api/sync/push`, {
      method: 'POST',
      headers: collector.headers,
      body: JSON.stringify({ mutations: chunk }),
    });
    if (!response.ok) throw new Error(`sync/push failed: ${await response.text()}`);
    const { results } = (await response.json()) as {
      results: { status: string; error?: string }[];
    };
    const refused = results.find((result) => result.status === 'rejected');
    if (refused) throw new Error(`sync/push refused a seed change: ${refused.error}`);
  }
}

/** Catalogue car ids, from the server's catalogue. */
export async function catalogueCarIds(base: string): Promise<string[]> {
  const response = await fetch(`${base}/api/catalog`);
  const body = (await response.json()) as { cars: { id: string }[] };
  return body.cars.map((car) => car.id);
}

export const addCars = (carIds: string[]): Mutation[] =>
  carIds.map((carId) => ({ name: 'collection/add-car-instance', args: { carId, details: {} } }));

/** Whether Firebase Auth has a signed-in user persisted in this page's IndexedDB. */
export function isSignedIn(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            return resolve(false);
          }
          const count = db
            .transaction('firebaseLocalStorage')
            .objectStore('firebaseLocalStorage')
            .count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result > 0);
          };
          count.onerror = () => resolve(false);
        };
      }),
  );
}

export interface DeviceProfile {
  username: string | null;
  settings: Record<string, unknown>;
}

/** A collector's totals on the device (src/db/owned-summaries.ts's OwnedTotals). */
export interface DeviceTotals {
  cars: number;
  distinctCars: number;
  sets: number;
  distinctSets: number;
}

/**
 * One row of the device database, read in the page with plain IndexedDB (null while the
 * database or its store does not exist yet, or the row is absent).
 */
function deviceRow(page: Page, store: string, key: string): Promise<unknown> {
  return page
    .evaluate(
      ([storeName, rowKey]) =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('diecast-garage');
          open.onerror = () => resolve(null);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains(storeName)) {
              db.close();
              return resolve(null);
            }
            const get = db.transaction(storeName).objectStore(storeName).get(rowKey);
            get.onsuccess = () => {
              db.close();
              resolve(get.result ?? null);
            };
            get.onerror = () => resolve(null);
          };
        }),
      [store, key] as const,
    )
    .catch(() => null);
}

/** The collector's profile row in the device database (null before the first pull). */
export async function deviceProfile(page: Page, uid: string): Promise<DeviceProfile | null> {
  return (await deviceRow(page, 'profiles', uid)) as DeviceProfile | null;
}

/**
 * The collector's totals on the device, kept in the device counters row of `meta` (null before
 * their first change or pull there).
 */
export async function deviceTotals(page: Page, uid: string): Promise<DeviceTotals | null> {
  const row = (await deviceRow(page, 'meta', DEVICE_COUNTERS_KEY)) as {
    value?: { totals?: Record<string, DeviceTotals> };
  } | null;
  return row?.value?.totals?.[uid] ?? null;
}

/** Waits until the collector's totals on the device satisfy `check`. */
export async function waitForDeviceTotals(
  page: Page,
  uid: string,
  check: (totals: DeviceTotals) => boolean,
): Promise<DeviceTotals> {
  return (await waitUntil(
    'the device totals',
    () => deviceTotals(page, uid),
    (totals) => totals !== null && check(totals),
    WAIT,
  )) as DeviceTotals;
}

/**
 * Waits until this device has seen the collector with no cars, as the install prompt remembers
 * it: a first car that arrives later (a pull after a reload) is then the first car here. Until the
 * page has rendered the 0, a reload would open on the car with nothing seen before it.
 */
export async function waitUntilSeenWithNoCars(page: Page, uid: string): Promise<void> {
  await waitForDeviceTotals(page, uid, (totals) => totals.cars === 0);
  await waitUntil(
    'the device to remember the collector with no cars',
    () => page.evaluate((key) => localStorage.getItem(key), sawNoCarsKey(uid)),
    (seen) => seen !== null,
    WAIT,
  );
}

/** Waits until the device's profile row satisfies `check`. */
export async function waitForDeviceProfile(
  page: Page,
  uid: string,
  check: (profile: DeviceProfile) => boolean,
  timeout = WAIT.timeout,
): Promise<DeviceProfile> {
  return (await waitUntil(
    'the device profile',
    () => deviceProfile(page, uid),
    (profile) => profile !== null && check(profile),
    { ...WAIT, timeout },
  )) as DeviceProfile;
}

/**
 * Signs in through the app's form (/login, or the home screen's form while /login is a
 * stand-in), then reloads /home so the app starts signed in and pulls the profile.
 */
export async function signIn(page: Page, base: string, collector: Collector): Promise<void> {
  await page.goto(`${base}/login`);
  let email = page.getByLabel('Email', { exact: true });
  const hasLoginForm = await email
    .first()
    .waitFor({ state: 'visible', timeout: 8000 })
    .then(() => true)
    .catch(() => false);
  if (!hasLoginForm) {
    await page.goto(`${base}/home`);
    email = page.getByLabel('Email', { exact: true });
    await email.first().waitFor({ state: 'visible', timeout: 20_000 });
  }
  await email.first().fill(collector.email);
  await page.getByLabel('Password', { exact: true }).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await waitUntil('sign-in', () => isSignedIn(page), Boolean);
  await page.goto(`${base}/home`);
  await waitForDeviceProfile(page, collector.uid, (profile) => profile.username !== null);
}

/** Waits for the service worker to control the page (the installed-app experience). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await waitUntil(
    'the service worker',
    () => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null),
    (state) => state === 'activated',
  );
}

/**
 * The catalogue is on the device (cars can be added offline from here on): its own database
 * (named in the collection database's meta, 'diecast-garage-catalog-1' by default) has a head.
 */
export async function waitForCatalogue(page: Page): Promise<void> {
  await waitUntil(
    'the catalogue on the device',
    () => catalogueVersion(page),
    (v) => v !== null,
  );
}

/** The catalogue's version as the device holds it, or null (none yet, or the page is away). */
export function catalogueVersion(page: Page): Promise<string | null> {
  return page.evaluate<string | null>(CATALOGUE_VERSION_SCRIPT).catch(() => null);
}

/**
 * The catalogue's version as the device holds it, or null. A script as text: tsx (the scripts'
 * runner) names inner functions with a helper the page does not have.
 */
const CATALOGUE_VERSION_SCRIPT = `(async () => {
  function open(name) {
    return new Promise((resolve) => {
      const request = indexedDB.open(name);
      request.onerror = () => resolve(null);
      request.onsuccess = () => resolve(request.result);
    });
  }
  function get(db, store, key) {
    return new Promise((resolve) => {
      if (!db.objectStoreNames.contains(store)) return resolve(undefined);
      const request = db.transaction(store).objectStore(store).get(key);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  }
  const garage = await open('diecast-garage');
  if (!garage) return null;
  const named = await get(garage, 'meta', 'catalogDb');
  garage.close();
  const catalog = await open((named && named.value) || 'diecast-garage-catalog-1');
  if (!catalog) return null;
  const head = await get(catalog, 'values', 'head');
  catalog.close();
  return (head && head.version) || null;
})()`;

/**
 * Adds one car through the app's own buttons: the car page's 'Add to collection' when it has
 * one, else the first 'Add … to collection' button on the home screen.
 */
export async function addCarInApp(page: Page, base: string, carId: string): Promise<void> {
  await page.goto(`${base}/car/${encodeURIComponent(carId)}`);
  const onCarPage = page.getByRole('button', { name: 'Add to collection', exact: true }).first();
  const found = await onCarPage
    .waitFor({ state: 'visible', timeout: 8000 })
    .then(() => true)
    .catch(() => false);
  if (found) {
    await onCarPage.click();
    return;
  }
  await page.goto(`${base}/home`);
  const onHome = page.getByRole('button', { name: /^Add (?!set ).+ to collection$/ }).first();
  await onHome.waitFor({ state: 'visible', timeout: 20_000 });
  await onHome.click();
}
