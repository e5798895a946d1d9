// The people screens in a phone browser: two collectors follow each other and each sees the
// other's follower count; a bio is edited; the leaderboard shows me; a follow made offline shows
// as pending at once and reaches the server once after reconnecting; the searches find people,
// cars and sets; axe finds nothing serious on any of these screens, light or dark.
import { mkdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, processedKeys, profileDetails } from '../../api/db/schema';
import {
  addCars,
  catalogueCarIds,
  createCollector,
  pushMutations,
  signIn,
  waitForCatalogue,
  waitForServiceWorker,
  type Collector,
} from '../../bench/ui/app-session';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { startAppUnderTest, type AppUnderTest } from '../fixtures/app-under-test';

const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 30_000, interval: 100 };
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** Screenshots to look at (not committed): one per screen. */
const SHOTS = process.env.PROFILE_SHOTS_DIR ?? '/tmp/community-profiles-shots';

let app: AppUnderTest;
let browser: Browser;
let base: string;
let ann: Collector;
let bob: Collector;
let carol: Collector;
let firstCarName: string;

beforeAll(async () => {
  app = await startAppUnderTest('community-profiles');
  ({ browser, base } = app);
  mkdirSync(SHOTS, { recursive: true });
  const id = Date.now().toString(36).slice(-5);
  ann = await createCollector(base, `ann${id}`);
  bob = await createCollector(base, `bob${id}`);
  carol = await createCollector(base, `carol${id}`);
  const carIds = await catalogueCarIds(base);
  // 120 cars: Ann leads the board and has earned the first car badge (100 cars).
  await pushMutations(base, ann, addCars(carIds.slice(0, 120)));
  await pushMutations(base, bob, addCars(carIds.slice(0, 3)));
  const catalog = (await (await fetch(`${base}/api/catalog`)).json()) as {
    cars: { id: string; name: string }[];
  };
  firstCarName = catalog.cars[0]?.name ?? '';
});

afterAll(async () => {
  await app?.stop();
});

async function phone(
  collector: Collector,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, colorScheme });
  // The install prompt is tested elsewhere: it must not cover these screens.
  await context.addInitScript(() =>
    localStorage.setItem('diecast.installPromptOffered', 'earlier'),
  );
  const page = await context.newPage();
  await signIn(page, base, collector);
  return { context, page };
}

const text = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);

const followerCount = (page: Page) => text(page, '[data-testid="follower-count"] .pf-stat__value');
const followingCount = (page: Page) =>
  text(page, '[data-testid="following-count"] .pf-stat__value');
const heroFollow = (page: Page) => page.locator('.pf-hero .pf-follow__button');

async function openProfile(page: Page, collector: Collector): Promise<void> {
  await page.goto(`${base}/profile/${collector.uid}`);
  await expect
    .poll(() => page.getByRole('heading', { name: collector.username, level: 2 }).count(), WAIT)
    .toBe(1);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('collector profiles', () => {
  it('two collectors follow each other, and each sees the other count them', async () => {
    const a = await phone(ann);
    const b = await phone(bob);
    try {
      await openProfile(a.page, bob);
      expect(await followerCount(a.page)).toBe('0');
      await expect.poll(() => heroFollow(a.page).getAttribute('aria-pressed'), WAIT).toBe('false');
      await heroFollow(a.page).click();
      await expect.poll(() => heroFollow(a.page).getAttribute('aria-pressed'), WAIT).toBe('true');
      await expect.poll(() => followerCount(a.page), WAIT).toBe('1');
      await expect.poll(() => a.page.locator('.pf-hero .pf-pending').count(), WAIT).toBe(0);
      await shot(a.page, 'profile-other');

      await openProfile(b.page, ann);
      await heroFollow(b.page).click();
      await expect.poll(() => followerCount(b.page), WAIT).toBe('1');

      // Each sees, on their own profile, the other one following them.
      await openProfile(a.page, ann);
      await expect.poll(() => followerCount(a.page), WAIT).toBe('1');
      expect(await followingCount(a.page)).toBe('1');
      await expect
        .poll(() => a.page.locator('.pf-badge[data-badge-id="car-100"]').count(), WAIT)
        .toBe(1);
      expect(await a.page.getByRole('link', { name: 'Edit profile' }).count()).toBe(1);
      expect(await a.page.getByRole('link', { name: 'New post' }).count()).toBe(1);
      await shot(a.page, 'profile-own');
      await openProfile(b.page, bob);
      await expect.poll(() => followerCount(b.page), WAIT).toBe('1');

      // The count opens the list, with Bob in it, followed back.
      await a.page.getByTestId('follower-count').click();
      const row = a.page.locator(`.pf-row[data-user-id="${bob.uid}"]`);
      await expect.poll(() => row.count(), WAIT).toBe(1);
      expect(await row.locator('.pf-follow__button').getAttribute('aria-pressed')).toBe('true');
      await shot(a.page, 'followers');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it('edits the bio, checks the username as it is typed, and shows the bio on the profile', async () => {
    const { context, page } = await phone(ann);
    try {
      await page.goto(`${base}/profile/edit`);
      const bio = page.getByLabel('Bio');
      await bio.waitFor({ timeout: WAIT.timeout });
      const username = page.getByLabel('Username', { exact: true });
      await expect.poll(() => username.inputValue(), WAIT).toBe(ann.username);

      // Rules first, then someone else's name: the words sit under the field.
      await username.fill('ab');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByText('Use at least 3 characters.').count(), WAIT)
        .toBeGreaterThan(0);
      await username.fill(bob.username.toUpperCase());
      await expect
        .poll(() => page.getByText(/^That name is taken — try /).count(), WAIT)
        .toBeGreaterThan(0);
      await username.fill(ann.username);

      // An avatar: kept on the device, previewed at once, uploaded before the change.
      await page.locator('input[type="file"]').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
      });
      await expect
        .poll(() => page.locator('.pf-avatar-picker img.avatar').getAttribute('src'), WAIT)
        .toMatch(/^blob:/);

      await bio.fill('Redlines and JDM. Always looking for a Datsun 510 wagon.');
      await expect.poll(() => text(page, '.pf-count'), WAIT).toBe('56 / 300');
      await shot(page, 'edit-profile');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.url(), WAIT).toBe(`${base}/profile/${ann.uid}`);
      await expect
        .poll(() => text(page, '.pf-bio'), WAIT)
        .toBe('Redlines and JDM. Always looking for a Datsun 510 wagon.');
      await expect.poll(() => page.locator('.pf-pending-note').count(), WAIT).toBe(0);
      await expect
        .poll(() => page.locator('.pf-hero img.avatar').getAttribute('src'), WAIT)
        .toMatch(new RegExp(`^/api/photos/${ann.uid}/`));
      const [row] = await app.server.database.db
        .select({ bio: profileDetails.bio, avatarPhotoId: profileDetails.avatarPhotoId })
        .from(profileDetails)
        .where(eq(profileDetails.userId, ann.uid));
      expect(row?.bio).toBe('Redlines and JDM. Always looking for a Datsun 510 wagon.');
      expect(row?.avatarPhotoId).toBeTruthy();
      await shot(page, 'profile-own-avatar');
    } finally {
      await context.close();
    }
  });

  it('shows me on the leaderboard, and pins my place when I am not listed', async () => {
    const { context, page } = await phone(ann);
    try {
      await page.goto(`${base}/leaderboard`);
      const mine = page.locator(`.pf-leader[data-user-id="${ann.uid}"]`);
      await expect.poll(() => mine.count(), WAIT).toBe(1);
      expect(await mine.getAttribute('class')).toContain('is-me');
      expect(await mine.locator('.pf-rank').textContent()).toBe('1Gold');
      expect(await mine.locator('.pf-leader__count').textContent()).toBe('120 cars');
      await shot(page, 'leaderboard-cars');

      // Nobody has a set: I am not listed, and my place is pinned above the bottom bar.
      await page.getByRole('tab', { name: 'Sets' }).click();
      await expect.poll(() => page.url(), WAIT).toBe(`${base}/leaderboard?by=sets`);
      await expect
        .poll(() => text(page, '[data-testid="my-rank"] .pf-my-rank__text'), WAIT)
        .toBe('No sets yet: add some to join the board.');
      await shot(page, 'leaderboard-sets');
    } finally {
      await context.close();
    }
  });

  it('a follow made offline shows as pending at once and reaches the server once', async () => {
    const { context, page } = await phone(carol);
    try {
      await waitForServiceWorker(page);
      await openProfile(page, ann);
      await expect.poll(() => followerCount(page), WAIT).toBe('1');

      await context.setOffline(true);
      await heroFollow(page).click();
      // At once (one IndexedDB write, no network): pressed, counted, and marked pending.
      const AT_ONCE = { timeout: 2000, interval: 50 };
      await expect.poll(() => heroFollow(page).getAttribute('aria-pressed'), AT_ONCE).toBe('true');
      await expect.poll(() => page.locator('.pf-hero .pf-pending').count(), AT_ONCE).toBe(1);
      expect(await followerCount(page)).toBe('2');
      await shot(page, 'profile-follow-pending');

      await context.setOffline(false);
      await expect.poll(() => page.locator('.pf-hero .pf-pending').count(), WAIT).toBe(0);
      await expect.poll(() => followerCount(page), WAIT).toBe('2');
      const rows = await app.server.database.db
        .select()
        .from(follows)
        .where(and(eq(follows.userId, carol.uid), eq(follows.followeeId, ann.uid)));
      expect(rows).toHaveLength(1);
      // Applied once: one outbox key reached the server, whatever the replays.
      const keys = await app.server.database.db
        .select({ key: processedKeys.key })
        .from(processedKeys)
        .where(eq(processedKeys.userId, carol.uid));
      expect(keys).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('finds collectors by name, and cars, sets and collectors in one search', async () => {
    const { context, page } = await phone(bob);
    try {
      await waitForCatalogue(page);
      await page.goto(`${base}/search/users`);
      await page.getByLabel('Username').fill(ann.username.slice(0, 5).toUpperCase());
      const row = page.locator(`.pf-row[data-user-id="${ann.uid}"]`);
      await expect.poll(() => row.count(), WAIT).toBe(1);
      await expect.poll(() => text(page, '.pf-result-count'), WAIT).toMatch(/^\d+ collectors?$/);
      await shot(page, 'search-users');

      const word = firstCarName.split(/\s+/).find((part) => part.length >= 3) ?? firstCarName;
      await page.goto(`${base}/search/all?q=${encodeURIComponent(word)}`);
      await expect
        .poll(() => page.getByRole('list', { name: 'Cars' }).locator('li').count(), WAIT)
        .toBeGreaterThan(0);
      await page.goto(`${base}/search/all?q=${encodeURIComponent(ann.username)}`);
      await expect
        .poll(() => page.locator(`.pf-row[data-user-id="${ann.uid}"]`).count(), WAIT)
        .toBe(1);
      await shot(page, 'search-all');

      // Offline: the device still searches cars; collectors say they need a connection.
      await page.goto(`${base}/search/all?q=${encodeURIComponent(word)}`);
      await expect
        .poll(() => page.getByRole('list', { name: 'Cars' }).locator('li').count(), WAIT)
        .toBeGreaterThan(0);
      await context.setOffline(true);
      await expect
        .poll(() => page.getByText('Collectors need a connection: you’re offline.').count(), WAIT)
        .toBe(1);
      expect(await page.getByRole('list', { name: 'Cars' }).locator('li').count()).toBeGreaterThan(
        0,
      );
      await shot(page, 'search-all-offline');
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  });

  it('reads my own profile offline from what the device kept', async () => {
    const { context, page } = await phone(ann);
    try {
      await waitForServiceWorker(page);
      await openProfile(page, ann);
      await context.setOffline(true);
      await page.reload();
      await expect
        .poll(() => page.getByText('Offline · showing what this device saved').count(), WAIT)
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.getByRole('heading', { name: ann.username, level: 2 }).count(), WAIT)
        .toBe(1);
      await shot(page, 'profile-offline');
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  });
});

describe.each(['light', 'dark'] as const)('axe on the people screens in %s mode', (scheme) => {
  it('finds no serious or critical violations', async () => {
    const { context, page } = await phone(ann, scheme);
    try {
      const screens: [string, string, () => Promise<unknown>][] = [
        [`/profile/${bob.uid}`, 'profile', () => page.locator('.pf-hero').waitFor()],
        [`/profile/${ann.uid}`, 'own profile', () => page.locator('.pf-badges').waitFor()],
        [
          `/profile/${ann.uid}?list=followers`,
          'followers',
          () => page.locator('.pf-row').first().waitFor(),
        ],
        ['/profile/edit', 'edit profile', () => page.getByLabel('Bio').waitFor()],
        ['/leaderboard', 'leaderboard', () => page.locator('.pf-leader').first().waitFor()],
        [
          `/search/users?q=${encodeURIComponent(bob.username)}`,
          'search users',
          () => page.locator('.pf-row').first().waitFor(),
        ],
        [
          `/search/all?q=${encodeURIComponent(bob.username)}`,
          'search all',
          () => page.locator('.pf-row').first().waitFor(),
        ],
      ];
      for (const [path, name, ready] of screens) {
        await page.goto(`${base}${path}`);
        await ready();
        await page.waitForTimeout(300);
        await expectNoSeriousViolations(page, `${path} (${scheme})`);
        if (scheme === 'dark') await shot(page, `dark-${name.replace(/ /g, '-')}`);
      }
    } finally {
      await context.close();
    }
  });
});
