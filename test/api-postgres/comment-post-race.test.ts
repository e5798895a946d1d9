// A comment (or a like, or a report) racing its post's deletion on PostgreSQL: before, a comment
// could commit after the post's comments were deleted and outlive the post (then show under a
// new post reusing the id). Now every write that hangs off a post locks the post's row first,
// and the deletion takes that lock first: nothing outlives its post. Runs in the PostgreSQL pass.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../api/db/database';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
let author: TestUser & { username: string };
let others: (TestUser & { username: string })[];

beforeAll(async () => {
  api = await createApiHarness();
  author = await api.collector('author');
  others = await Promise.all(Array.from({ length: 6 }, () => api.collector('racer')));
});
afterAll(async () => {
  await api.close();
});

const ROUNDS = 40;

describe('writes racing a post deletion (PostgreSQL)', () => {
  it('leave no comment, like or report behind the deleted post', async () => {
    const deletedIds: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const postId = `race-${round}-${randomUUID()}`;
      const created = await api.call(author, 'POST', '/api/posts/create', { postId, body: 'race' });
      expect(created.status).toBe(200);
      const writes = others.flatMap((user, i) => [
        api.call(user, 'POST', '/api/comments/create', {
          commentId: `c-${round}-${i}-${randomUUID()}`,
          postId,
          body: 'first!',
        }),
        api.call(user, 'POST', '/api/posts/like', { postId, liked: true }),
        api.call(user, 'POST', '/api/posts/report', { postId, reason: 'spam' }),
      ]);
      // The deletion lands in the middle of the comments, likes and reports.
      const deletion = api.call(author, 'POST', '/api/posts/delete', { postId });
      const answers = await Promise.all([...writes, deletion]);
      for (const answer of answers) expect([200, 404]).toContain(answer.status);
      expect((await deletion).status).toBe(200);
      deletedIds.push(postId);
    }
    const [orphans] = await queryRows<{ comments: number; likes: number; reports: number }>(
      api.database.db,
      sql`SELECT
            (SELECT count(*)::int FROM comments c
              WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = c.post_id)) AS comments,
            (SELECT count(*)::int FROM post_likes l
              WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = l.post_id)) AS likes,
            (SELECT count(*)::int FROM post_reports r
              WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = r.post_id)) AS reports`,
    );
    expect(orphans).toEqual({ comments: 0, likes: 0, reports: 0 });

    // A new post under a deleted post's id starts with no comments of the old one.
    const reused = deletedIds[0] as string;
    const other = others[0] as TestUser;
    expect(
      (await api.call(other, 'POST', '/api/posts/create', { postId: reused, body: 'mine' })).status,
    ).toBe(200);
    const { body } = await api.call(null, 'GET', `/api/posts/${reused}`);
    expect(body.comments).toEqual([]);
    expect(body.post.commentCount).toBe(0);
    expect(body.post.likeCount).toBe(0);
  });

  it("keeps a surviving post's counts equal to its comments and likes under concurrent writes", async () => {
    const postId = `busy-${randomUUID()}`;
    await api.call(author, 'POST', '/api/posts/create', { postId, body: 'busy' });
    await Promise.all(
      others.flatMap((user, i) => [
        api.call(user, 'POST', '/api/comments/create', {
          commentId: `busy-${i}-${randomUUID()}`,
          postId,
          body: 'hi',
        }),
        api.call(user, 'POST', '/api/posts/like', { postId, liked: true }),
      ]),
    );
    const { body } = await api.call(null, 'GET', `/api/posts/${postId}`);
    expect(body.comments).toHaveLength(others.length);
    expect(body.post.commentCount).toBe(others.length);
    expect(body.post.likeCount).toBe(others.length);
  });
});
