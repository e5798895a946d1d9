// What the screens show before the server has it: the collector's queued posts, comments, likes,
// deletions and reports (outbox rows) merged into the server's answer. Pure functions.
import type { OutboxRow } from '../../db/outbox-store';
import type {
  CommentView,
  PostView,
  PublicProfileView,
  TaggedItemView,
} from '../../shared/community/post-schemas';

export interface ShownPost extends PostView {
  /** Queued on this device, not yet on the server. */
  pending: boolean;
  /** Photo ids kept on the device (a pending post's photos, shown from the device copy). */
  keptPhotoIds: string[];
}

export interface ShownComment extends CommentView {
  pending: boolean;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function taggedOf(value: unknown): TaggedItemView[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const { kind, id } = record(item);
    return (kind === 'car' || kind === 'set') && typeof id === 'string' ? [{ kind, id }] : [];
  });
}

export interface PendingEffects {
  /** Posts queued for creation, oldest first. */
  created: OutboxRow[];
  deletedPosts: Set<string>;
  /** The last queued like state per post. */
  liked: Map<string, boolean>;
  reported: Set<string>;
  comments: OutboxRow[];
  deletedComments: Set<string>;
}

export function pendingEffects(rows: readonly OutboxRow[]): PendingEffects {
  const effects: PendingEffects = {
    created: [],
    deletedPosts: new Set(),
    liked: new Map(),
    reported: new Set(),
    comments: [],
    deletedComments: new Set(),
  };
  for (const row of rows) {
    const args = record(row.args);
    switch (row.name) {
      case 'posts/create':
        effects.created.push(row);
        break;
      case 'posts/delete':
        effects.deletedPosts.add(text(args.postId));
        break;
      case 'posts/like':
        effects.liked.set(text(args.postId), args.liked === true);
        break;
      case 'posts/report':
        effects.reported.add(text(args.postId));
        break;
      case 'comments/create':
        effects.comments.push(row);
        break;
      case 'comments/delete':
        effects.deletedComments.add(text(args.commentId));
        break;
    }
  }
  return effects;
}

/** A queued post as a card shows it: by me, now, with its photos from the device. */
export function pendingPostView(row: OutboxRow, me: PublicProfileView): ShownPost {
  const args = record(row.args);
  return {
    id: text(args.postId),
    author: me,
    body: text(args.body).trim(),
    photoUrls: [],
    keptPhotoIds: strings(args.photoIds),
    tagged: taggedOf(args.tagged),
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    createdAt: row.createdAt,
    pending: true,
  };
}

/** A post with the queued like, comments and report applied to its counts. */
export function withPendingEffects<T extends PostView>(
  post: T,
  effects: PendingEffects,
): T & { pending?: boolean } {
  const liked = effects.liked.get(post.id);
  let likeCount = post.likeCount;
  if (liked !== undefined && liked !== post.likedByMe) likeCount += liked ? 1 : -1;
  const comments = effects.comments.filter((row) => record(row.args).postId === post.id).length;
  return {
    ...post,
    likedByMe: liked ?? post.likedByMe,
    likeCount: Math.max(0, likeCount),
    commentCount: post.commentCount + comments,
  };
}

/**
 * The list a feed shows: my queued posts first (newest first) unless the server already has
 * them, then the server's posts; queued deletions hidden, queued likes and comments counted.
 */
export function mergeFeed(
  serverPosts: readonly PostView[],
  effects: PendingEffects,
  me: PublicProfileView | null,
): ShownPost[] {
  const onServer = new Set(serverPosts.map((post) => post.id));
  const queued =
    me === null
      ? []
      : effects.created
          .map((row) => pendingPostView(row, me))
          .filter((post) => !onServer.has(post.id))
          .reverse();
  const known = serverPosts.map((post): ShownPost => ({
    ...post,
    pending: false,
    keptPhotoIds: [],
  }));
  return [...queued, ...known]
    .filter((post) => !effects.deletedPosts.has(post.id))
    .map((post) => {
      const shown = withPendingEffects(post, effects);
      // A queued post's count only ever moves by its own queued changes.
      return { ...shown, pending: post.pending };
    });
}

/** A thread's comments: the server's, then my queued ones not yet there; queued deletions hidden. */
export function mergeComments(
  postId: string,
  serverComments: readonly CommentView[],
  effects: PendingEffects,
  me: PublicProfileView | null,
): ShownComment[] {
  const onServer = new Set(serverComments.map((comment) => comment.id));
  const queued: ShownComment[] =
    me === null
      ? []
      : effects.comments
          .filter((row) => record(row.args).postId === postId)
          .map((row) => {
            const args = record(row.args);
            return {
              id: text(args.commentId),
              postId,
              author: me,
              body: text(args.body).trim(),
              createdAt: row.createdAt,
              pending: true,
            };
          })
          .filter((comment) => !onServer.has(comment.id));
  return [...serverComments.map((comment) => ({ ...comment, pending: false })), ...queued].filter(
    (comment) => !effects.deletedComments.has(comment.id),
  );
}
