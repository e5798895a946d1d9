// The posts commands: create, delete, like and report a post; the comment commands
// live beside it. Each runs in one transaction through api/community/run-command.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { comments, photos, postLikes, postReports, posts, profileDetails } from '../db/schema';
import { CommandError, defineCommand, type CommunityCommand } from '../community/command';
import type { PhotoStore } from './photo-store';
import { deletePhotoBytes } from './photo-bytes';
import {
  postsCreateSchema,
  postsDeleteSchema,
  postsLikeSchema,
  postsReportSchema,
} from '../../src/shared/community/post-schemas';
import { checkOwnPhotos, checkTaggedOwned, lockPost, usernameOf } from './post-rules';
import { claimObjectId, releaseObjectIds } from '../db/object-ids';
import { commentCommands } from './comment-commands';

const createPost = defineCommand({
  name: 'posts/create',
  schema: postsCreateSchema,
  async run(tx, { userId, now }, args) {
    await usernameOf(tx, userId);
    if ((await claimObjectId(tx, 'post', args.postId, userId)) !== 'claimed') {
      throw new CommandError(409, `A post with id ${args.postId} already exists`);
    }
    await checkOwnPhotos(tx, userId, args.photoIds);
    await checkTaggedOwned(tx, userId, args.tagged);
    await tx.insert(posts).values({
      userId,
      id: args.postId,
      body: args.body,
      photoIds: args.photoIds,
      tagged: args.tagged,
      createdAt: new Date(now),
    });
    return { postId: args.postId, createdAt: new Date(now).toISOString() };
  },
});

/**
 * The deleted post's photos that nothing else of the author's uses (another post, the avatar):
 * their rows go with the post, their bytes once it is committed.
 */
async function releasePhotos(tx: Queryable, userId: string, photoIds: string[]): Promise<string[]> {
  if (photoIds.length === 0) return [];
  const [details] = await tx
    .select({ avatar: profileDetails.avatarPhotoId })
    .from(profileDetails)
    .where(eq(profileDetails.userId, userId));
  const free: string[] = [];
  for (const photoId of photoIds) {
    if (details?.avatar === photoId) continue;
    const [other] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.userId, userId),
          sql`${posts.photoIds} @> ${JSON.stringify([photoId])}::jsonb`,
        ),
      )
      .limit(1);
    if (!other) free.push(photoId);
  }
  if (free.length > 0) {
    await tx.delete(photos).where(and(eq(photos.userId, userId), inArray(photos.id, free)));
    await releaseObjectIds(tx, 'photo', free);
  }
  return free;
}

const deletePost = defineCommand({
  name: 'posts/delete',
  schema: postsDeleteSchema,
  async run(tx, context, { postId }) {
    // The post's lock first: a comment or like in flight waits for it, then finds no post.
    const post = await lockPost(tx, postId);
    if (post.userId !== context.userId) {
      throw new CommandError(403, 'Only the author can delete this post');
    }
    await tx.delete(postLikes).where(eq(postLikes.postId, postId));
    const gone = await tx
      .delete(comments)
      .where(eq(comments.postId, postId))
      .returning({ id: comments.id });
    await tx.delete(postReports).where(eq(postReports.postId, postId));
    await tx.delete(posts).where(and(eq(posts.userId, post.userId), eq(posts.id, postId)));
    await releaseObjectIds(tx, 'post', [postId]);
    await releaseObjectIds(
      tx,
      'comment',
      gone.map((comment) => comment.id),
    );
    const released = await releasePhotos(tx, post.userId, post.photoIds);
    const store: PhotoStore | undefined = context.deps.photoStore;
    if (store && released.length > 0) {
      const { db } = context.deps;
      context.afterCommit(async () => {
        for (const photoId of released) await deletePhotoBytes(db, store, post.userId, photoId);
      });
    }
    return { postId };
  },
});

/** Set semantics: liking twice is one like; the post's count moves only when the set changes. */
const likePost = defineCommand({
  name: 'posts/like',
  schema: postsLikeSchema,
  async run(tx, { userId, now }, { postId, liked }) {
    const post = await lockPost(tx, postId);
    const changed = liked
      ? await tx
          .insert(postLikes)
          .values({ userId, postId, createdAt: new Date(now) })
          .onConflictDoNothing()
          .returning({ postId: postLikes.postId })
      : await tx
          .delete(postLikes)
          .where(and(eq(postLikes.userId, userId), eq(postLikes.postId, postId)))
          .returning({ postId: postLikes.postId });
    const delta = changed.length === 0 ? 0 : liked ? 1 : -1;
    const [row] = await tx
      .update(posts)
      .set({ likeCount: sql`greatest(0, ${posts.likeCount} + ${delta})` })
      .where(and(eq(posts.userId, post.userId), eq(posts.id, postId)))
      .returning({ likeCount: posts.likeCount });
    return { postId, liked, likeCount: row?.likeCount ?? 0 };
  },
});

/** One report per collector per post; reporting again replaces the reason. */
const reportPost = defineCommand({
  name: 'posts/report',
  schema: postsReportSchema,
  async run(tx, { userId, now }, { postId, reason }) {
    const post = await lockPost(tx, postId);
    if (post.userId === userId) throw new CommandError(400, 'You cannot report your own post');
    await tx
      .insert(postReports)
      .values({ userId, postId, reason, createdAt: new Date(now) })
      .onConflictDoUpdate({
        target: [postReports.userId, postReports.postId],
        set: { reason, createdAt: new Date(now) },
      });
    return { postId };
  },
});

export const postCommands: CommunityCommand[] = [
  createPost,
  deletePost,
  likePost,
  reportPost,
  ...commentCommands,
];
