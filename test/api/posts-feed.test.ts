// GET /api/posts/feed and GET /api/posts/{postId}: public reads, newest first with a stable
// cursor, the following scope, one author's posts, 'liked by me' only with a token.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { unsignedToken } from '../fixtures/auth';
import { follows } from '../../api/db/schema';

let api: ApiHarness;
/** The server's clock: tests move it to order posts, or hold it still to make ties. */
let clock = Date.parse('2026-05-01T10:00:00.000Z');

beforeAll(async () => {
  // No photoStore here: the photo endpoints answer 503.
  api = await createApiHarness({ now: () => new Date(clock).toISOString() });
});
afterAll(async () => {
  await api.close();
});

const collector = () => api.collector('f');

async function post(user: TestUser, body = 'A find', advance = 1000): Promise<string> {
  clock += advance;
  const postId = randomUUID();
  const made = await api.call(user, 'POST', '/api/posts/create', { postId, body });
  expect(made.status).toBe(200);
  return postId;
}

const ids = (body: { posts: { id: string }[] }) => body.posts.map((p) => p.id);

describe('the feed', () => {
  it('lists everyone’s posts newest first, with createdAt, for visitors too', async () => {
    const a = await collector();
    const b = await collector();
    const first = await post(a, 'first');
    const second = await post(b, 'second');
    const { status, body } = await api.call(null, 'GET', '/api/posts/feed?limit=2');
    expect(status).toBe(200);
    expect(ids(body)).toEqual([second, first]);
    expect(body.posts[0]).toMatchObject({
      body: 'second',
      likedByMe: false,
      createdAt: new Date(clock).toISOString(),
    });
  });

  it('pages with a stable cursor, even through posts made in the same millisecond', async () => {
    const author = await collector();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await post(author, `same ms ${i}`, 0));
    // Same created_at: the order falls back to the id, newest-first meaning descending id.
    const expected = [...made].sort().reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/posts/feed?author=${author.uid}&limit=2${cursor ? `&before=${cursor}` : ''}`;
      const { body } = await api.call(null, 'GET', query);
      seen.push(...ids(body));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);

    // A post made after the first page was read does not shift the pages after it.
    const firstPage = await api.call(null, 'GET', `/api/posts/feed?author=${author.uid}&limit=2`);
    await post(author, 'newer');
    const next = await api.call(
      null,
      'GET',
      `/api/posts/feed?author=${author.uid}&limit=2&before=${firstPage.body.nextCursor}`,
    );
    expect(ids(next.body)).toEqual(expected.slice(2, 4));
  });

  it('answers nextCursor null on the last page and an empty list for a collector with no posts', async () => {
    const author = await collector();
    const only = await post(author);
    const page = await api.call(null, 'GET', `/api/posts/feed?author=${author.uid}`);
    expect(page.body).toEqual({ posts: [expect.objectContaining({ id: only })], nextCursor: null });
    const quiet = await collector();
    expect((await api.call(null, 'GET', `/api/posts/feed?author=${quiet.uid}`)).body).toEqual({
      posts: [],
      nextCursor: null,
    });
  });

  it('shows the following scope only to a signed-in collector: the people they follow and themselves', async () => {
    const me = await collector();
    const followed = await collector();
    const stranger = await collector();
    const mine = await post(me, 'mine');
    const theirs = await post(followed, 'theirs');
    await post(stranger, 'stranger');
    await api.database.db.insert(follows).values({ userId: me.uid, followeeId: followed.uid });

    expect((await api.call(null, 'GET', '/api/posts/feed?scope=following')).status).toBe(401);
    const { body } = await api.call(me, 'GET', '/api/posts/feed?scope=following');
    expect(ids(body)).toEqual([theirs, mine]);
    const everyone = await api.call(me, 'GET', '/api/posts/feed?limit=3');
    expect(ids(everyone.body)).toHaveLength(3);
  });

  it('marks likedByMe for the signed-in reader only', async () => {
    const author = await collector();
    const fan = await collector();
    const postId = await post(author);
    await api.call(fan, 'POST', '/api/posts/like', { postId, liked: true });
    const asFan = await api.call(fan, 'GET', `/api/posts/feed?author=${author.uid}`);
    expect(asFan.body.posts[0]).toMatchObject({ likeCount: 1, likedByMe: true });
    const asVisitor = await api.call(null, 'GET', `/api/posts/feed?author=${author.uid}`);
    expect(asVisitor.body.posts[0]).toMatchObject({ likeCount: 1, likedByMe: false });
  });

  it('refuses a bad query with a clear error', async () => {
    const cases: [string, RegExp][] = [
      ['limit=0', /^limit: must be at least 1$/],
      ['limit=51', /^limit: must be at most 50$/],
      ['limit=ten', /^limit: /],
      ['scope=friends', /^scope: /],
      ['before=not-a-cursor', /^before: must be a cursor from a previous page$/],
      ['author=bad%20id', /^author: /],
      ['colour=red', /colour/],
    ];
    for (const [query, error] of cases) {
      const answer = await api.call(null, 'GET', `/api/posts/feed?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toMatch(error);
    }
  });

  it('refuses a present but invalid token rather than reading as a visitor', async () => {
    const response = await api.app.request('/api/posts/feed', {
      headers: { Authorization: `Bearer ${unsignedToken({ exp: 1 })}` },
    });
    expect(response.status).toBe(401);
  });
});

describe('one post', () => {
  it('answers 404 JSON for an unknown or malformed id', async () => {
    for (const postId of [randomUUID(), 'no%20such']) {
      const { status, body } = await api.call(null, 'GET', `/api/posts/${postId}`);
      expect(status).toBe(404);
      expect(body.error).toMatch(/^Unknown post/);
    }
  });
});

describe('photos without a store', () => {
  it('answers 503 for uploads and reads', async () => {
    const user = await collector();
    const put = await api.app.request(`/api/photos/${randomUUID()}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${user.idToken}` },
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(put.status).toBe(503);
    expect(await put.json()).toEqual({ error: 'Photo storage is not configured on this server' });
    const get = await api.app.request(`/api/photos/${user.uid}/${randomUUID()}`);
    expect(get.status).toBe(503);
  });
});
