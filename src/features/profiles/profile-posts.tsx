// A collector's posts on their profile, compact, each opening /p/{postId}. The feed endpoint
// belongs to the posts feature; when it cannot answer, the profile still shows, with a retry.
import { Link } from 'wouter';
import { useCommunityQuery } from '../../data/use-community-query';
import { plural } from './collector-row';
import { authorPostsPath, postHref, type FeedPage } from './profile-api';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const day = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' }),
);

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : day().format(date);
}

export function ProfilePosts({ userId, isMe }: { userId: string; isMe: boolean }) {
  const feed = useCommunityQuery<FeedPage>(authorPostsPath(userId));
  if (feed.status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading posts…
      </p>
    );
  }
  if (feed.status === 'error' || !Array.isArray(feed.data.posts)) {
    return (
      <div className="pf-posts-error">
        <p className="muted">Posts can’t be shown right now.</p>
        <button type="button" onClick={feed.reload}>
          Try again
        </button>
      </div>
    );
  }
  const posts = feed.data.posts;
  if (posts.length === 0) {
    return (
      <p className="muted pf-empty">
        {isMe ? 'You haven’t posted yet. ' : 'No posts yet.'}
        {isMe && (
          <Link href="/profile/new-post" className="pf-text-link">
            Share a find
          </Link>
        )}
      </p>
    );
  }
  return (
    <ul className="pf-posts" aria-label="Posts">
      {posts.map((post) => (
        <li key={post.id}>
          <Link href={postHref(post.id)} className="pf-post">
            {post.photoUrls?.[0] && (
              <span className="pf-post__photo">
                <img src={post.photoUrls[0]} alt="" loading="lazy" decoding="async" />
              </span>
            )}
            <span className="pf-post__text">
              <span className="pf-post__body">{post.body || 'Photo'}</span>
              <span className="pf-post__meta">
                {[
                  when(post.createdAt),
                  plural(post.likeCount, 'like'),
                  plural(post.commentCount, 'comment'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
