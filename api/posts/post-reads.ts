// The feed (newest first, a stable cursor on (created_at, id)) and one post with its comments.
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { comments, follows, posts } from '../db/schema';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import {
  FEED_LIMIT_DEFAULT,
  FEED_LIMIT_MAX,
  type FeedPage,
  type PostWithComments,
} from '../../src/shared/community/post-schemas';
import { commentViews, postViews } from './post-views';
import { parseCursorInstant } from '../http/cursor-instant';

/** A post's thread shows at most this many comments, oldest first. */
export const COMMENTS_MAX = 500;

interface Cursor {
  createdAt: Date;
  id: string;
}

/** Opaque to clients: base64url of '<ISO time>|<post id>' of the last post of a page. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): Cursor | null {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar < 0) return null;
  const at = parseCursorInstant(text.slice(0, bar));
  const id = text.slice(bar + 1);
  if (at === null || !idSchema.safeParse(id).success) return null;
  return { createdAt: new Date(at), id };
}

export const feedQuerySchema = z.strictObject({
  scope: z.enum(['everyone', 'following']).default('everyone'),
  before: z
    .string()
    .max(300, 'must be a cursor from a previous page')
    .transform((value, ctx) => {
      const cursor = decodeCursor(value);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: 'must be a cursor from a previous page' });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(FEED_LIMIT_MAX, `must be at most ${FEED_LIMIT_MAX}`)
    .default(FEED_LIMIT_DEFAULT),
  author: idSchema.optional(),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

export async function readFeed(
  db: Queryable,
  viewerId: string | null,
  query: FeedQuery,
): Promise<FeedPage> {
  const conditions: SQL[] = [];
  if (query.scope === 'following' && viewerId) {
    const followed = db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(eq(follows.userId, viewerId));
    conditions.push(or(eq(posts.userId, viewerId), inArray(posts.userId, followed)) as SQL);
  }
  if (query.author) conditions.push(eq(posts.userId, query.author));
  if (query.before) {
    const { createdAt, id } = query.before;
    conditions.push(
      or(
        lt(posts.createdAt, createdAt),
        and(eq(posts.createdAt, createdAt), lt(posts.id, id)),
      ) as SQL,
    );
  }
  // One more than asked: whether a next page exists, without a count.
  const rows = await db
    .select()
    .from(posts)
    .where(conditions.length > 0 ? and(...conditions) : sql`true`)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    posts: await postViews(db, viewerId, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

export async function readPost(
  db: Queryable,
  viewerId: string | null,
  postId: string,
): Promise<PostWithComments | null> {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!row) return null;
  const [post] = await postViews(db, viewerId, [row]);
  const commentRows = await db
    .select()
    .from(comments)
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_MAX);
  return post ? { post, comments: await commentViews(db, commentRows) } : null;
}
