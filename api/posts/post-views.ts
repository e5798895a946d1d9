// Post and comment rows turned into what the reads answer: authors' public profiles, photo URLs,
// and whether the viewer liked each post.
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { postLikes, type comments, type posts } from '../db/schema';
import { photoUrl, profileOrUnknown, publicProfiles } from '../profiles/public-profile';
import type { CommentView, PostView } from '../../src/shared/community/post-schemas';

export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/** The viewer's likes among `postIds` (none for a visitor). */
async function likedBy(
  db: Queryable,
  viewerId: string | null,
  postIds: string[],
): Promise<Set<string>> {
  if (!viewerId || postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.userId, viewerId), inArray(postLikes.postId, postIds)));
  return new Set(rows.map((row) => row.postId));
}

export async function postViews(
  db: Queryable,
  viewerId: string | null,
  rows: PostRow[],
): Promise<PostView[]> {
  const authors = await publicProfiles(
    db,
    rows.map((row) => row.userId),
  );
  const liked = await likedBy(
    db,
    viewerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    author: profileOrUnknown(authors, row.userId),
    body: row.body,
    photoUrls: row.photoIds.map((photoId) => photoUrl(row.userId, photoId)),
    tagged: row.tagged.map(({ kind, id }) => ({ kind, id })),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: liked.has(row.id),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function commentViews(db: Queryable, rows: CommentRow[]): Promise<CommentView[]> {
  const authors = await publicProfiles(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    id: row.id,
    postId: row.postId,
    author: profileOrUnknown(authors, row.userId),
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}
