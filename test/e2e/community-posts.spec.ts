// The community on phones: a collector posts a find with a photo and a tagged car, another
// comments and likes it; a post made offline shows at once as pending and reaches the server
// exactly once after reconnecting; axe on the feed, a post and the new-post form.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(projectRoot, 'test-results');
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 30_000, interval: 100 };
/** A real 1×1 orange PNG, as a phone's file picker would hand it over. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4nyUMAAPoAX0yBc5MAAAAAElFTkSuQmCC',
  'base64',
);
const XSS = '<img src=x onerror=alert(1)>';

let app: AppUnderTest;
let browser: Browser;
let base: string;
let poster: Collector;
let fan: Collector;
let taggedCarId: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  app = await startAppUnderTest('community-posts');
  ({ browser, base } = app);
  // Fixed names (each run has its own fresh server): stable screenshots and avatar colours.
  poster = await createCollector(base, 'mia_finds');
  fan = await createCollector(base, 'leo_trades');
  taggedCarId = (await catalogueCarIds(base))[0] as string;
  await pushMutations(base, poster, addCars([taggedCarId]));
});

afterAll(async () => {
  await app?.stop();
});

async function onPhone(
  run: (context: BrowserContext, page: Page) => Promise<void>,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const context = await browser.newContext({ viewport: PHONE, colorScheme });
  const errors: string[] = [];
  const dialogs: string[] = [];
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(error.message));
    // Markup typed into a post must never run.
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  try {
    await run(context, await context.newPage());
    expect(dialogs).toEqual([]);
  } catch (error) {
    if (errors.length > 0 && error instanceof Error) {
      error.message += `\nPage errors:\n${errors.join('\n')}`;
    }
    throw error;
  } finally {
    await context.close();
  }
}

async function api<T>(path: string, who?: Collector): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: who ? who.headers : {} });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface FeedBody {
  posts: {
    id: string;
    body: string;
    photoUrls: string[];
    tagged: { kind: string; id: string }[];
    likeCount: number;
    commentCount: number;
  }[];
}

const postsBy = (who: Collector) =>
  api<FeedBody>(`/api/posts/feed?author=${who.uid}&limit=50`).then((feed) => feed.posts);

async function signedIn(page: Page, who: Collector) {
  await signIn(page, base, who);
  await waitForCatalogue(page);
}

describe('posting, commenting and liking', () => {
  let postId = '';
  const body = `Found it at the flea market! ${XSS}`;

  it('a collector posts a find with a photo and a tagged car from their collection', async () => {
    await onPhone(async (_context, page) => {
      await signedIn(page, poster);
      await page.goto(`${base}/social`);
      await page.getByRole('link', { name: /New post/ }).click();
      await expect.poll(() => page.url(), WAIT).toBe(`${base}/posts/create`);

      const text = page.getByLabel('What did you find?');
      await text.fill(body);
      await expect
        .poll(() => page.locator('.social-count').first().textContent(), WAIT)
        .toBe(`${body.length} / 2,000 characters`);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'find.png', mimeType: 'image/png', buffer: PNG });
      const preview = page.getByRole('img', { name: 'Photo 1 to post' });
      await expect.poll(() => preview.count(), WAIT).toBe(1);
      // Text is refused by its content, whatever its name says.
      await page.locator('input[type="file"]').setInputFiles({
        name: 'not-a-photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('just some text'),
      });
      await expect
        .poll(() => page.getByText('Photos must be JPEG, PNG or WebP').count(), WAIT)
        .toBeGreaterThan(0);
      await expect.poll(() => page.locator('.social-previews li').count()).toBe(1);

      const tagButton = page.getByRole('button', { name: /^Tag / }).first();
      await expect.poll(() => tagButton.count(), WAIT).toBe(1);
      await tagButton.click();
      await expect.poll(() => page.getByRole('list', { name: 'Tagged' }).count()).toBe(1);

      await expectNoSeriousViolations(page, '/posts/create');
      await page.screenshot({ path: join(shots, 'community-new-post-phone.png') });
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expect.poll(() => page.url(), WAIT).toBe(`${base}/social`);

      // On the server once, with its photo and tag; the card then shows it synced.
      await expect.poll(async () => (await postsBy(poster)).length, WAIT).toBe(1);
      const [post] = await postsBy(poster);
      expect(post).toMatchObject({
        body,
        tagged: [{ kind: 'car', id: taggedCarId }],
        photoUrls: [expect.stringMatching(/^\/api\/photos\//)],
      });
      postId = post?.id ?? '';
      const card = page.locator(`article[data-post-id="${postId}"]`);
      await expect.poll(() => card.count(), WAIT).toBe(1);
      await expect.poll(() => card.getByText('Pending').count(), WAIT).toBe(0);
      // Markup shows as the text it is.
      await expect.poll(() => card.locator('.social-post__body').textContent(), WAIT).toBe(body);
      expect(await card.locator('.social-post__body img').count()).toBe(0);
      const photo = card.getByRole('img', { name: /^Photo 1 of 1 by / });
      await expect
        .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), WAIT)
        .toBe(1);
      await expect.poll(() => card.getByRole('link', { name: /^Car / }).count(), WAIT).toBe(1);
      await expectNoSeriousViolations(page, '/social');
      await page.screenshot({ path: join(shots, 'community-feed-phone.png') });
    });
  });

  it('another collector comments on it and likes it', async () => {
    expect(postId).not.toBe('');
    await onPhone(async (_context, page) => {
      await signedIn(page, fan);
      await page.goto(`${base}/social`);
      const card = page.locator(`article[data-post-id="${postId}"]`);
      await expect.poll(() => card.count(), WAIT).toBe(1);
      const like = card.getByRole('button', { name: /^Like/ });
      expect(await like.getAttribute('aria-pressed')).toBe('false');
      await like.click();
      await expect.poll(() => like.getAttribute('aria-pressed'), WAIT).toBe('true');
      await expect.poll(() => like.getAttribute('aria-label'), WAIT).toBe('Like, 1 like');

      await card.getByRole('link', { name: /comments?$/ }).click();
      await expect.poll(() => page.url(), WAIT).toContain(`/post/${postId}`);
      await page.getByLabel('Add a comment').fill('What a find! Trade you for my Bone Shaker?');
      await page.getByRole('button', { name: 'Comment', exact: true }).click();
      const comment = page.locator('.social-comment').filter({ hasText: 'What a find!' });
      await expect.poll(() => comment.count(), WAIT).toBe(1);
      await expect.poll(() => comment.getByText('Pending').count(), WAIT).toBe(0);
      await expect
        .poll(() => page.getByRole('heading', { name: '1 comment' }).count(), WAIT)
        .toBe(1);

      // Someone else's post: report, not delete; my own comment: delete.
      expect(await page.getByRole('button', { name: 'Delete post' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: 'Report post' }).count()).toBe(1);
      await expect
        .poll(() => comment.getByRole('button', { name: 'Delete comment' }).count())
        .toBe(1);
      await expectNoSeriousViolations(page, '/post/{id}');
      await page.screenshot({ path: join(shots, 'community-post-phone.png') });

      const report = page.getByRole('button', { name: 'Report post' });
      await report.click();
      const dialog = page.getByRole('dialog', { name: 'Report this post' });
      await expect.poll(() => dialog.count(), WAIT).toBe(1);
      await expectNoSeriousViolations(page, 'report dialog');
      await dialog.getByLabel('Why are you reporting it?').fill('Testing the report form');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect
        .poll(() => page.getByText('Reported. Thank you, the team will look at it.').count(), WAIT)
        .toBe(1);

      await expect
        .poll(async () => {
          const { post } = await api<{ post: { likeCount: number; commentCount: number } }>(
            `/api/posts/${postId}`,
          );
          return `${post.likeCount} ${post.commentCount}`;
        }, WAIT)
        .toBe('1 1');
    });
  });

  it('the author sees the comment and deletes the post after a confirm', async () => {
    await onPhone(async (_context, page) => {
      await signedIn(page, poster);
      await page.goto(`${base}/p/${postId}`);
      await expect
        .poll(
          () => page.locator('.social-comment').filter({ hasText: 'What a find!' }).count(),
          WAIT,
        )
        .toBe(1);
      // The post's author may not delete someone else's comment.
      expect(await page.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Delete post' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
      await expect.poll(() => confirm.count(), WAIT).toBe(1);
      await page.screenshot({ path: join(shots, 'community-delete-confirm-phone.png') });
      await confirm.getByRole('button', { name: 'Delete post' }).click();
      await expect.poll(() => page.url(), WAIT).toBe(`${base}/social`);
      await expect.poll(() => page.locator(`article[data-post-id="${postId}"]`).count()).toBe(0);
      await expect.poll(() => postsBy(poster), WAIT).toEqual([]);
    });
  });
});

describe('posting offline', () => {
  it('shows the post at once as pending, and it arrives exactly once after reconnecting', async () => {
    await onPhone(async (context, page) => {
      await signedIn(page, fan);
      await waitForServiceWorker(page);
      await page.goto(`${base}/social`);
      await expect.poll(() => page.locator('.social-list, .social-empty').count(), WAIT).toBe(1);
      await page.getByRole('link', { name: /New post/ }).click();
      await expect.poll(() => page.url(), WAIT).toBe(`${base}/posts/create`);

      await context.setOffline(true);
      const body = `Offline from the toy fair basement ${Date.now()}`;
      await page.getByLabel('What did you find?').fill(body);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'fair.png', mimeType: 'image/png', buffer: PNG });
      await expect
        .poll(() => page.getByRole('img', { name: 'Photo 1 to post' }).count(), WAIT)
        .toBe(1);
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expect.poll(() => page.url(), WAIT).toBe(`${base}/social`);
      const card = page.locator('article').filter({ hasText: body });
      await expect.poll(() => card.count(), WAIT).toBe(1);
      await expect.poll(() => card.getByText('Pending').count(), WAIT).toBe(1);
      // The photo shows from the device before it is uploaded.
      await expect
        .poll(
          () =>
            card
              .getByRole('img', { name: /^Photo 1 of 1/ })
              .evaluate((img) => (img as HTMLImageElement).naturalWidth)
              .catch(() => 0),
          WAIT,
        )
        .toBe(1);
      await expect
        .poll(() => page.getByText('Offline · showing what this device saved').count(), WAIT)
        .toBe(1);
      await page.screenshot({ path: join(shots, 'community-feed-offline-phone.png') });
      expect((await postsBy(fan)).filter((post) => post.body === body)).toEqual([]);

      await context.setOffline(false);
      await expect.poll(() => card.getByText('Pending').count(), WAIT).toBe(0);
      await expect
        .poll(async () => (await postsBy(fan)).filter((post) => post.body === body).length, WAIT)
        .toBe(1);
      // Another replay (a reload starts one) sends nothing twice.
      await page.reload();
      await expect
        .poll(() => page.locator('article').filter({ hasText: body }).count(), WAIT)
        .toBe(1);
      const mine = (await postsBy(fan)).filter((post) => post.body === body);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.photoUrls).toHaveLength(1);
      const photo = await fetch(`${base}${mine[0]?.photoUrls[0]}`);
      expect(photo.headers.get('content-type')).toBe('image/png');
    });
  });
});

describe('the community for visitors and in dark mode', () => {
  it('shows a visitor the feed with a sign-in prompt, and the following tab asks to sign in', async () => {
    await onPhone(async (_context, page) => {
      await page.goto(`${base}/social`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Join the collectors' }).count(), WAIT)
        .toBe(1);
      await expect.poll(() => page.locator('.social-list, .social-empty').count(), WAIT).toBe(1);
      expect(await page.getByRole('link', { name: /New post/ }).count()).toBe(0);
      await expectNoSeriousViolations(page, '/social (visitor)');
      await page.screenshot({ path: join(shots, 'community-feed-visitor-phone.png') });
      await page.getByRole('link', { name: 'Following' }).click();
      await expect
        .poll(
          () => page.getByText('Sign in to follow collectors and see their posts here.').count(),
          WAIT,
        )
        .toBe(1);
    });
  });

  it('passes axe in dark mode on the feed, a post and the new-post form', async () => {
    await onPhone(async (_context, page) => {
      await signedIn(page, fan);
      const [post] = await postsBy(fan);
      await page.goto(`${base}/social`);
      await expect.poll(() => page.locator('.social-list, .social-empty').count(), WAIT).toBe(1);
      await expectNoSeriousViolations(page, '/social (dark)');
      await page.screenshot({ path: join(shots, 'community-feed-dark-phone.png') });
      if (post) {
        await page.goto(`${base}/post/${post.id}`);
        await expect.poll(() => page.getByLabel('Add a comment').count(), WAIT).toBe(1);
        await expectNoSeriousViolations(page, '/post/{id} (dark)');
      }
      await page.goto(`${base}/posts/create`);
      await expect.poll(() => page.getByLabel('What did you find?').count(), WAIT).toBe(1);
      await expectNoSeriousViolations(page, '/posts/create (dark)');
      await page.screenshot({ path: join(shots, 'community-new-post-dark-phone.png') });
    }, 'dark');
  });
});
