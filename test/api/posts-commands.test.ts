// The posts and comments commands: what each accepts, each permission rule, counts kept right,
// the comment push to the post's author, idempotency through the outbox, text kept verbatim.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { BONE_SHAKER, CHARGER, TRACK_DAY, TWIN_MILL } from '../fixtures/catalog';
import { localPhotoStore } from '../../api/posts/local-photo-store';
import { comments, photos, postLikes, postReports, posts } from '../../api/db/schema';
import type { PushMessage } from '../../api/push/notifier';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4nyUMAAPoAX0yBc5MAAAAAElFTkSuQmCC',
  'base64',
);

const sent: { userId: string; message: PushMessage }[] = [];
let api: ApiHarness;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'diecast-posts-'));
  api = await createApiHarness({
    photoStore: localPhotoStore(folder),
    notifier: {
      async send(userId, message) {
        sent.push({ userId, message });
      },
    },
  });
});
afterAll(async () => {
  await api.close();
  rmSync(folder, { recursive: true, force: true });
});

const id = () => randomUUID();

const collector = (prefix = 'c') => api.collector(prefix);

async function uploadPhoto(user: TestUser): Promise<string> {
  const photoId = id();
  const response = await api.app.request(`/api/photos/${photoId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${user.idToken}` },
    body: PNG,
  });
  expect(response.status).toBe(201);
  return photoId;
}

async function addCar(user: TestUser, carId: string) {
  const added = await api.call(user, 'POST', '/api/collection/add-car-instance', {
    carId,
    details: {},
  });
  expect(added.status).toBe(200);
}

async function createPost(user: TestUser, args: Record<string, unknown> = {}) {
  const postId = id();
  const made = await api.call(user, 'POST', '/api/posts/create', {
    postId,
    body: 'Found a Twin Mill at the flea market',
    ...args,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return postId;
}

const readPost = (user: TestUser | null, postId: string) =>
  api.call(user, 'GET', `/api/posts/${postId}`);

const rows = {
  likes: (postId: string) =>
    api.database.db.select().from(postLikes).where(eq(postLikes.postId, postId)),
  comments: (postId: string) =>
    api.database.db.select().from(comments).where(eq(comments.postId, postId)),
  reports: (postId: string) =>
    api.database.db.select().from(postReports).where(eq(postReports.postId, postId)),
  post: (postId: string) => api.database.db.select().from(posts).where(eq(posts.id, postId)),
};

describe('posts/create', () => {
  it('creates a post with photos and tags from the poster’s own collection', async () => {
    const poster = await collector();
    await addCar(poster, CHARGER);
    const setAdded = await api.call(poster, 'POST', '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY },
      instanceDetails: {},
    });
    expect(setAdded.status).toBe(200);
    const photoA = await uploadPhoto(poster);
    const photoB = await uploadPhoto(poster);
    const postId = id();
    const made = await api.call(poster, 'POST', '/api/posts/create', {
      postId,
      body: '  My two best finds  ',
      photoIds: [photoA, photoB],
      tagged: [
        { kind: 'car', id: CHARGER },
        { kind: 'set', id: TRACK_DAY },
      ],
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ ok: true, postId });

    const { status, body } = await readPost(null, postId);
    expect(status).toBe(200);
    expect(body.post).toMatchObject({
      id: postId,
      author: { userId: poster.uid, username: poster.username, avatarUrl: null },
      body: 'My two best finds',
      photoUrls: [`/api/photos/${poster.uid}/${photoA}`, `/api/photos/${poster.uid}/${photoB}`],
      tagged: [
        { kind: 'car', id: CHARGER },
        { kind: 'set', id: TRACK_DAY },
      ],
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
    });
    expect(body.comments).toEqual([]);
  });

  it('takes a photo-only post with an empty body, but not an empty post', async () => {
    const poster = await collector();
    const photoId = await uploadPhoto(poster);
    await createPost(poster, { body: '', photoIds: [photoId] });
    const empty = await api.call(poster, 'POST', '/api/posts/create', {
      postId: id(),
      body: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('body: must not be empty: write something or add a photo');
  });

  it('refuses bad input with a clear error and creates nothing', async () => {
    const poster = await collector();
    const cases: [unknown, RegExp][] = [
      [{ postId: id(), body: 'x'.repeat(2001) }, /body: must be at most 2,000 characters/],
      [{ postId: 'has space', body: 'hi' }, /postId/],
      [{ postId: id(), body: 'hi', photoIds: [id(), id(), id(), id(), id()] }, /at most 4 photos/],
      [
        {
          postId: id(),
          body: 'hi',
          tagged: Array.from({ length: 11 }, () => ({ kind: 'car', id: CHARGER })),
        },
        /at most 10/,
      ],
      [{ postId: id(), body: 'hi', tagged: [{ kind: 'truck', id: CHARGER }] }, /tagged\.0\.kind/],
      [{ postId: id(), body: 'hi', extra: true }, /extra/],
      [{ postId: id(), body: 'nul \u0000 inside' }, /NUL/],
    ];
    for (const [payload, error] of cases) {
      const answer = await api.call(poster, 'POST', '/api/posts/create', payload);
      expect(answer.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.body.error).toMatch(error);
    }
    const mine = await api.call(null, 'GET', `/api/posts/feed?author=${poster.uid}`);
    expect(mine.body.posts).toEqual([]);
  });

  it('takes exactly 2,000 characters', async () => {
    const poster = await collector();
    await createPost(poster, { body: 'y'.repeat(2000) });
  });

  it('refuses tagging a car or set the poster does not own (400)', async () => {
    const poster = await collector();
    const owner = await collector();
    await addCar(owner, TWIN_MILL);
    const car = await api.call(poster, 'POST', '/api/posts/create', {
      postId: id(),
      body: 'Look what I (do not) have',
      tagged: [{ kind: 'car', id: TWIN_MILL }],
    });
    expect(car.status).toBe(400);
    expect(car.body.error).toBe(`tagged: car ${TWIN_MILL} is not in your collection`);
    const set = await api.call(poster, 'POST', '/api/posts/create', {
      postId: id(),
      body: 'A set',
      tagged: [{ kind: 'set', id: TRACK_DAY }],
    });
    expect(set.status).toBe(400);
    expect(set.body.error).toBe(`tagged: set ${TRACK_DAY} is not in your collection`);
  });

  it("refuses another collector's photo, or one never uploaded, naming it (400)", async () => {
    const poster = await collector();
    const other = await collector();
    const theirs = await uploadPhoto(other);
    const borrowed = await api.call(poster, 'POST', '/api/posts/create', {
      postId: id(),
      body: 'Nice photo',
      photoIds: [theirs],
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.error).toContain(`photo ${theirs} is not one of your uploaded photos`);
    const never = id();
    const missing = await api.call(poster, 'POST', '/api/posts/create', {
      postId: id(),
      body: 'Where is it',
      photoIds: [never],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain(never);
  });

  it('refuses a post id already taken (409) and a collector without a username (403)', async () => {
    const poster = await collector();
    const postId = await createPost(poster);
    const again = await api.call(poster, 'POST', '/api/posts/create', { postId, body: 'Again' });
    expect(again.status).toBe(409);
    const nameless = await api.user();
    const anon = await api.call(nameless, 'POST', '/api/posts/create', {
      postId: id(),
      body: 'hi',
    });
    expect(anon.status).toBe(403);
    expect(anon.body.error).toBe('Choose a username before taking part');
    const noToken = await api.call(null, 'POST', '/api/posts/create', { postId: id(), body: 'hi' });
    expect(noToken.status).toBe(401);
  });

  it('keeps text as text: markup comes back verbatim', async () => {
    const poster = await collector();
    const body = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const postId = await createPost(poster, { body });
    const { body: read } = await readPost(null, postId);
    expect(read.post.body).toBe(body);
  });

  it('is idempotent through the outbox: the same key twice is one post, the second "duplicate"', async () => {
    const poster = await collector();
    const postId = id();
    const entry = {
      key: `dev-${id()}:1`,
      name: 'posts/create',
      args: { postId, body: 'Offline find' },
    };
    const first = await api.call(poster, 'POST', '/api/sync/push', { mutations: [entry] });
    expect(first.body.results).toEqual([{ key: entry.key, status: 'ok' }]);
    const second = await api.call(poster, 'POST', '/api/sync/push', { mutations: [entry] });
    expect(second.body.results).toEqual([{ key: entry.key, status: 'duplicate' }]);
    // The endpoint with the same key answers the stored result too.
    const direct = await api.call(poster, 'POST', '/api/posts/create', entry.args, {
      'Idempotency-Key': entry.key,
    });
    expect(direct.status).toBe(200);
    expect(await rows.post(postId)).toHaveLength(1);
    const feed = await api.call(null, 'GET', `/api/posts/feed?author=${poster.uid}`);
    expect(feed.body.posts.map((p: { id: string }) => p.id)).toEqual([postId]);
  });

  it('answers a refused outbox entry as rejected with the reason', async () => {
    const poster = await collector();
    const entry = {
      key: `dev-${id()}:1`,
      name: 'posts/create',
      args: { postId: id(), body: 'tagging', tagged: [{ kind: 'car', id: BONE_SHAKER }] },
    };
    const pushed = await api.call(poster, 'POST', '/api/sync/push', { mutations: [entry] });
    expect(pushed.body.results).toEqual([
      {
        key: entry.key,
        status: 'rejected',
        error: `tagged: car ${BONE_SHAKER} is not in your collection`,
      },
    ]);
  });
});

describe('posts/delete', () => {
  it('lets only the author delete (403 for anyone else, 404 when unknown)', async () => {
    const author = await collector();
    const other = await collector();
    const postId = await createPost(author);
    const refused = await api.call(other, 'POST', '/api/posts/delete', { postId });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only the author can delete this post');
    expect(await rows.post(postId)).toHaveLength(1);
    const unknown = await api.call(author, 'POST', '/api/posts/delete', { postId: id() });
    expect(unknown.status).toBe(404);
  });

  it('removes the post with its likes, comments, reports and unused photos', async () => {
    const author = await collector();
    const fan = await collector();
    const photoId = await uploadPhoto(author);
    const postId = await createPost(author, { photoIds: [photoId] });
    await api.call(fan, 'POST', '/api/posts/like', { postId, liked: true });
    await api.call(fan, 'POST', '/api/comments/create', { commentId: id(), postId, body: 'Wow' });
    await api.call(fan, 'POST', '/api/posts/report', { postId, reason: 'Spam?' });
    const deleted = await api.call(author, 'POST', '/api/posts/delete', { postId });
    expect(deleted.status).toBe(200);
    expect(await rows.post(postId)).toHaveLength(0);
    expect(await rows.likes(postId)).toHaveLength(0);
    expect(await rows.comments(postId)).toHaveLength(0);
    expect(await rows.reports(postId)).toHaveLength(0);
    expect(await api.database.db.select().from(photos).where(eq(photos.id, photoId))).toHaveLength(
      0,
    );
    expect((await readPost(null, postId)).status).toBe(404);
    await expect
      .poll(async () => (await api.app.request(`/api/photos/${author.uid}/${photoId}`)).status)
      .toBe(404);
  });
});

describe('posts/like', () => {
  it('is a set: liking twice counts once, unliking twice leaves zero; likedByMe follows', async () => {
    const author = await collector();
    const fan = await collector();
    const other = await collector();
    const postId = await createPost(author);
    for (let i = 0; i < 2; i++) {
      const liked = await api.call(fan, 'POST', '/api/posts/like', { postId, liked: true });
      expect(liked.body).toMatchObject({ ok: true, liked: true, likeCount: 1 });
    }
    await api.call(other, 'POST', '/api/posts/like', { postId, liked: true });
    expect((await readPost(fan, postId)).body.post).toMatchObject({
      likeCount: 2,
      likedByMe: true,
    });
    expect((await readPost(author, postId)).body.post.likedByMe).toBe(false);
    expect((await readPost(null, postId)).body.post.likedByMe).toBe(false);
    for (let i = 0; i < 2; i++) {
      await api.call(fan, 'POST', '/api/posts/like', { postId, liked: false });
    }
    expect((await readPost(fan, postId)).body.post).toMatchObject({
      likeCount: 1,
      likedByMe: false,
    });
    expect(await rows.likes(postId)).toHaveLength(1);
  });

  it('answers 404 for an unknown post and 400 for a bad payload', async () => {
    const fan = await collector();
    expect(
      (await api.call(fan, 'POST', '/api/posts/like', { postId: id(), liked: true })).status,
    ).toBe(404);
    const bad = await api.call(fan, 'POST', '/api/posts/like', { postId: id(), liked: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^liked: /);
  });
});

describe('posts/report', () => {
  it('keeps one report per collector per post; reporting again updates the reason', async () => {
    const author = await collector();
    const reporter = await collector();
    const postId = await createPost(author);
    expect(
      (await api.call(reporter, 'POST', '/api/posts/report', { postId, reason: 'Spam' })).status,
    ).toBe(200);
    await api.call(reporter, 'POST', '/api/posts/report', { postId, reason: 'Selling fakes' });
    const reports = await rows.reports(postId);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.reason).toBe('Selling fakes');
  });

  it('refuses reporting your own post, an empty or too long reason, an unknown post', async () => {
    const author = await collector();
    const postId = await createPost(author);
    const own = await api.call(author, 'POST', '/api/posts/report', { postId, reason: 'Oops' });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe('You cannot report your own post');
    const other = await collector();
    const empty = await api.call(other, 'POST', '/api/posts/report', { postId, reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('reason: must not be empty');
    const long = await api.call(other, 'POST', '/api/posts/report', {
      postId,
      reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    const unknown = await api.call(other, 'POST', '/api/posts/report', {
      postId: id(),
      reason: 'Spam',
    });
    expect(unknown.status).toBe(404);
    expect(await rows.reports(postId)).toHaveLength(0);
  });
});

describe('comments', () => {
  it('adds a comment (oldest first in the thread), counts it and tells the post’s author by push', async () => {
    const author = await collector();
    const fan = await collector('fan');
    const postId = await createPost(author);
    const long = `${'Great find! '.repeat(10)}end`;
    const first = id();
    const made = await api.call(fan, 'POST', '/api/comments/create', {
      commentId: first,
      postId,
      body: long,
    });
    expect(made.status).toBe(200);
    const second = id();
    await api.call(author, 'POST', '/api/comments/create', {
      commentId: second,
      postId,
      body: 'Thanks!',
    });

    const { body } = await readPost(null, postId);
    expect(body.post.commentCount).toBe(2);
    expect(body.comments.map((c: { id: string }) => c.id)).toEqual([first, second]);
    expect(body.comments[0]).toMatchObject({
      id: first,
      postId,
      author: { userId: fan.uid, username: fan.username },
      body: long,
    });

    await expect.poll(() => sent.filter((s) => s.message.url === `/post/${postId}`).length).toBe(1);
    const push = sent.find((s) => s.message.url === `/post/${postId}`);
    expect(push).toEqual({
      userId: author.uid,
      message: {
        title: 'New comment',
        body: `${fan.username}: ${long.slice(0, 80)}`,
        url: `/post/${postId}`,
      },
    });
  });

  it('keeps markup in a comment verbatim', async () => {
    const author = await collector();
    const postId = await createPost(author);
    const body = '<script>alert(1)</script>';
    await api.call(author, 'POST', '/api/comments/create', { commentId: id(), postId, body });
    expect((await readPost(null, postId)).body.comments[0].body).toBe(body);
  });

  it('refuses an empty or too long comment, an unknown post and a taken id', async () => {
    const author = await collector();
    const postId = await createPost(author);
    const empty = await api.call(author, 'POST', '/api/comments/create', {
      commentId: id(),
      postId,
      body: ' ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('body: must not be empty');
    const long = await api.call(author, 'POST', '/api/comments/create', {
      commentId: id(),
      postId,
      body: 'x'.repeat(1001),
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('body: must be at most 1,000 characters');
    const unknown = await api.call(author, 'POST', '/api/comments/create', {
      commentId: id(),
      postId: id(),
      body: 'hello',
    });
    expect(unknown.status).toBe(404);
    const commentId = id();
    await api.call(author, 'POST', '/api/comments/create', { commentId, postId, body: 'one' });
    const taken = await api.call(author, 'POST', '/api/comments/create', {
      commentId,
      postId,
      body: 'two',
    });
    expect(taken.status).toBe(409);
    expect((await readPost(null, postId)).body.post.commentCount).toBe(1);
  });

  it('lets only the comment’s author delete it: not another collector, not the post’s author', async () => {
    const author = await collector();
    const fan = await collector();
    const postId = await createPost(author);
    const commentId = id();
    await api.call(fan, 'POST', '/api/comments/create', { commentId, postId, body: 'Mine' });
    const byPostAuthor = await api.call(author, 'POST', '/api/comments/delete', { commentId });
    expect(byPostAuthor.status).toBe(403);
    expect(byPostAuthor.body.error).toBe('Only the author can delete this comment');
    const stranger = await collector();
    expect((await api.call(stranger, 'POST', '/api/comments/delete', { commentId })).status).toBe(
      403,
    );
    expect((await api.call(fan, 'POST', '/api/comments/delete', { commentId: id() })).status).toBe(
      404,
    );
    const deleted = await api.call(fan, 'POST', '/api/comments/delete', { commentId });
    expect(deleted.status).toBe(200);
    const { body } = await readPost(null, postId);
    expect(body.comments).toEqual([]);
    expect(body.post.commentCount).toBe(0);
  });

  it('sends no push for a comment on your own post', async () => {
    const author = await collector();
    const postId = await createPost(author);
    await api.call(author, 'POST', '/api/comments/create', {
      commentId: id(),
      postId,
      body: 'Me again',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.filter((s) => s.message.url === `/post/${postId}`)).toEqual([]);
  });
});
