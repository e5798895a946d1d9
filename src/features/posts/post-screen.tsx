// /post/{postId} and /p/{postId}: one post with its comments (oldest first), the comment box,
// delete my post or comment (after a confirm), report someone else's post with a reason.
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { usePendingChanges } from '../../data/use-pending-changes';
import { isAppError } from '../../errors/app-error';
import { showError } from '../../errors/show-error';
import { POST_COMMAND_NAMES, type PostWithComments } from '../../shared/community/post-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { CommentForm } from './comment-form';
import { ConfirmDialog } from './confirm-dialog';
import {
  mergeComments,
  pendingEffects,
  pendingPostView,
  withPendingEffects,
  type PendingEffects,
  type ShownComment,
  type ShownPost,
} from './pending-posts';
import { AuthorLine, PostCard } from './post-card';
import { deleteComment, deletePost, reportPost } from './post-actions';
import { ReportDialog } from './report-dialog';
import { useMe } from './use-me';
import './posts.css';

type Dialog =
  { kind: 'delete-post' } | { kind: 'delete-comment'; commentId: string } | { kind: 'report' };

function Comment({
  comment,
  mine,
  onDelete,
}: {
  comment: ShownComment;
  mine: boolean;
  onDelete: () => void;
}) {
  return (
    <li className="social-comment" data-comment-id={comment.id}>
      <AuthorLine author={comment.author} createdAt={comment.createdAt} pending={comment.pending} />
      <p className="social-comment__body">{comment.body}</p>
      {mine && (
        <button type="button" className="social-link-button" onClick={onDelete}>
          Delete comment
        </button>
      )}
    </li>
  );
}

function usePostView(postId: string) {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const me = useMe(userId);
  const query = useCommunityQuery<PostWithComments>(`/api/posts/${encodeURIComponent(postId)}`);
  const pending = usePendingChanges(userId, POST_COMMAND_NAMES);
  const effects: PendingEffects = useMemo(() => pendingEffects(pending), [pending]);
  const queued = effects.created.find(
    (row) => (row.args as { postId?: unknown } | null)?.postId === postId,
  );
  let post: ShownPost | null = null;
  if (query.data) {
    post = {
      ...withPendingEffects({ ...query.data.post, pending: false, keptPhotoIds: [] }, effects),
      pending: false,
      keptPhotoIds: [],
    };
  } else if (queued && me) {
    post = withPendingEffects(pendingPostView(queued, me), effects);
  }
  const comments = mergeComments(postId, query.data?.comments ?? [], effects, me);
  const wholeThread = !query.data || query.data.comments.length === query.data.post.commentCount;
  if (post && wholeThread) {
    // The whole thread is on screen, queued comments and deletions included: count that.
    post = { ...post, commentCount: comments.length };
  }
  return { userId, query, post, comments, effects };
}

export function PostScreen() {
  const { postId = '' } = useParams<{ postId: string }>();
  const [, navigate] = useLocation();
  const { userId, query, post, comments, effects } = usePostView(postId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [reportedNow, setReportedNow] = useState(false);
  const deleted = effects.deletedPosts.has(postId);
  const gone = query.status === 'error' && isAppError(query.error) && query.error.status === 404;
  const mine = post !== null && post.author.userId === userId;
  const reported = reportedNow || effects.reported.has(postId);

  const close = () => setDialog(null);
  const run = (work: Promise<unknown>, after?: () => void) => {
    close();
    work.then(after).catch(showError);
  };

  return (
    <>
      <ScreenHeader title="Post" back="/social" />
      <main className="app-main social">
        {query.fromDevice && (
          <p className="social-note" role="status">
            Offline · showing what this device saved
          </p>
        )}
        {deleted ? (
          <section className="card social-empty">
            <h2>Post deleted</h2>
            <p className="muted">It leaves the feed for everyone once this device syncs.</p>
            <Link href="/social" className="pill-link">
              Back to the feed
            </Link>
          </section>
        ) : post ? (
          <>
            <PostCard post={post} linked={false} />
            <div className="social-post-tools">
              {mine ? (
                <button
                  type="button"
                  className="social-danger"
                  onClick={() => setDialog({ kind: 'delete-post' })}
                >
                  Delete post
                </button>
              ) : reported ? (
                <p className="muted" role="status">
                  Reported. Thank you, the team will look at it.
                </p>
              ) : (
                <button type="button" onClick={() => setDialog({ kind: 'report' })}>
                  Report post
                </button>
              )}
            </div>
            <section className="social-comments" id="comments" aria-labelledby="comments-title">
              <h2 id="comments-title">
                {comments.length === 0
                  ? 'Comments'
                  : `${comments.length} ${comments.length === 1 ? 'comment' : 'comments'}`}
              </h2>
              {comments.length === 0 ? (
                <p className="muted">No comments yet. Say what you think of this find.</p>
              ) : (
                <ol className="social-comment-list">
                  {comments.map((comment) => (
                    <Comment
                      key={comment.id}
                      comment={comment}
                      mine={comment.author.userId === userId}
                      onDelete={() => setDialog({ kind: 'delete-comment', commentId: comment.id })}
                    />
                  ))}
                </ol>
              )}
              <CommentForm postId={postId} />
            </section>
          </>
        ) : gone ? (
          <section className="card social-empty">
            <h2>This post is not here</h2>
            <p className="muted">Its author may have deleted it, or the link is wrong.</p>
            <Link href="/social" className="pill-link">
              Back to the feed
            </Link>
          </section>
        ) : query.status === 'error' ? (
          <p className="social-note" role="status">
            {query.error.message}
          </p>
        ) : (
          <p className="muted" role="status">
            Loading post…
          </p>
        )}
      </main>
      {dialog?.kind === 'delete-post' && (
        <ConfirmDialog
          title="Delete this post?"
          text="Its photos, likes and comments go with it. This cannot be undone."
          confirmLabel="Delete post"
          onCancel={close}
          onConfirm={() => run(deletePost(postId), () => navigate('/social'))}
        />
      )}
      {dialog?.kind === 'delete-comment' && (
        <ConfirmDialog
          title="Delete your comment?"
          text="This cannot be undone."
          confirmLabel="Delete comment"
          onCancel={close}
          onConfirm={() => run(deleteComment(dialog.commentId))}
        />
      )}
      {dialog?.kind === 'report' && (
        <ReportDialog
          onCancel={close}
          onSend={(reason) => run(reportPost(postId, reason), () => setReportedNow(true))}
        />
      )}
    </>
  );
}
