// The comment commands: comment on a post (its author hears of it by push, the rest of the hour's
// comments in one digest) and delete one's own comment. Only the comment's author deletes it, not
// the post's author: a poster who could silently remove replies could rewrite a trade dispute; a
// bad comment is for the team (Report on the post), so moderation stays with the team.
import { and, eq, sql } from 'drizzle-orm';
import { comments, posts } from '../db/schema';
import { CommandError, defineCommand, type CommunityCommand } from '../community/command';
import {
  commentsCreateSchema,
  commentsDeleteSchema,
} from '../../src/shared/community/post-schemas';
import { lockPost, usernameOf } from './post-rules';
import { claimObjectId, objectOwner, releaseObjectIds } from '../db/object-ids';
import { alertAfterCommit } from '../push/alerts';
import { holdAlerts } from '../push/held-alerts';

/** The push preview of a comment: its first 80 characters. */
export const COMMENT_PREVIEW_CHARS = 80;

const createComment = defineCommand({
  name: 'comments/create',
  schema: commentsCreateSchema,
  async run(tx, context, { commentId, postId, body }) {
    const username = await usernameOf(tx, context.userId);
    // The post stays locked until this comment is committed: a deletion waits, then takes it.
    const post = await lockPost(tx, postId);
    if ((await claimObjectId(tx, 'comment', commentId, context.userId)) !== 'claimed') {
      throw new CommandError(409, `A comment with id ${commentId} already exists`);
    }
    await tx.insert(comments).values({
      userId: context.userId,
      id: commentId,
      postId,
      body,
      createdAt: new Date(context.now),
    });
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(and(eq(posts.userId, post.userId), eq(posts.id, postId)));
    if (context.deps.notifier && post.userId !== context.userId) {
      const alerts = await holdAlerts(
        tx,
        'comment',
        [post.userId],
        {
          title: 'New comment',
          body: `${username}: ${body.slice(0, COMMENT_PREVIEW_CHARS)}`,
          url: `/post/${encodeURIComponent(postId)}`,
        },
        context.now,
      );
      await alertAfterCommit(tx, context, alerts);
    }
    return { commentId, postId, createdAt: new Date(context.now).toISOString() };
  },
});

const deleteComment = defineCommand({
  name: 'comments/delete',
  schema: commentsDeleteSchema,
  async run(tx, { userId }, { commentId }) {
    const authorId = await objectOwner(tx, 'comment', commentId);
    if (authorId === null) throw new CommandError(404, `Unknown comment: ${commentId}`);
    if (authorId !== userId) throw new CommandError(403, 'Only the author can delete this comment');
    const [comment] = await tx
      .select()
      .from(comments)
      .where(and(eq(comments.userId, userId), eq(comments.id, commentId)));
    if (!comment) throw new CommandError(404, `Unknown comment: ${commentId}`);
    // The post first (the same lock order as creating a comment and deleting a post).
    const post = await lockPost(tx, comment.postId).catch(() => null);
    await tx.delete(comments).where(and(eq(comments.userId, userId), eq(comments.id, commentId)));
    await releaseObjectIds(tx, 'comment', [commentId]);
    if (post) {
      await tx
        .update(posts)
        .set({ commentCount: sql`greatest(0, ${posts.commentCount} - 1)` })
        .where(and(eq(posts.userId, post.userId), eq(posts.id, post.id)));
    }
    return { commentId, postId: comment.postId };
  },
});

export const commentCommands: CommunityCommand[] = [createComment, deleteComment];
