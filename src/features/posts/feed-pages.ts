// The feed's pages on screen: the first page is read again after every replay, the pages loaded
// with 'Load more' are kept, and the two are stitched without losing or repeating a post.
import type { FeedPage, PostView } from '../../shared/community/post-schemas';

export interface FeedPages {
  /** Every post on screen, newest first. */
  posts: PostView[];
  /** The cursor of the last page loaded, or null when the end was reached. */
  nextCursor: string | null;
}

/** Strictly older than `than` in the feed's order: (createdAt, id) descending. */
const isOlder = (post: PostView, than: PostView) =>
  post.createdAt < than.createdAt || (post.createdAt === than.createdAt && post.id < than.id);

/**
 * A fresh first page over what was shown: it covers everything from the top down to its last
 * post, so a shown post in that range it lacks was deleted and goes. Older shown posts stay
 * (those from 'Load more', and those new posts pushed off the first page), with the cursor
 * that continues after them.
 */
export function withFirstPage(shown: FeedPages | null, first: FeedPage): FeedPages {
  const last = first.posts.at(-1);
  if (!shown || first.nextCursor === null || !last) {
    return { posts: first.posts, nextCursor: first.nextCursor };
  }
  const fresh = new Set(first.posts.map((post) => post.id));
  const older = shown.posts.filter((post) => !fresh.has(post.id) && isOlder(post, last));
  if (older.length === 0) return { posts: first.posts, nextCursor: first.nextCursor };
  return { posts: [...first.posts, ...older], nextCursor: shown.nextCursor };
}

/** A 'Load more' page appended (a post already shown is not shown twice). */
export function withNextPage(shown: FeedPages, page: FeedPage): FeedPages {
  const seen = new Set(shown.posts.map((post) => post.id));
  return {
    posts: [...shown.posts, ...page.posts.filter((post) => !seen.has(post.id))],
    nextCursor: page.nextCursor,
  };
}
