// One post as a card (the feed, a post's page, a profile's posts): author, time, text as text,
// photos, tagged cars and sets as chips, the like button and the comment count.
import { Link } from 'wouter';
import { showError } from '../../errors/show-error';
import { Avatar } from '../../ui/avatar';
import { setLiked } from './post-actions';
import type { ShownPost } from './pending-posts';
import { timeAgo } from './time-ago';
import { useKeptPhotoUrls } from '../../data/use-kept-photos';
import { useTaggedItems } from './use-tagged-items';

export const postHref = (postId: string) => `/post/${encodeURIComponent(postId)}`;
export const profileHref = (userId: string) => `/profile/${encodeURIComponent(userId)}`;

export function PendingMark() {
  return (
    <span className="social-pending" title="Saved on this device; it goes out when you have signal">
      Pending
    </span>
  );
}

export function AuthorLine({
  author,
  createdAt,
  href,
  pending,
}: {
  author: ShownPost['author'];
  createdAt: string;
  /** Where the time links (the post); none on the post's own page. */
  href?: string;
  pending: boolean;
}) {
  const name = author.username ?? 'A collector';
  const time = (
    <time dateTime={createdAt} title={new Date(createdAt).toLocaleString()}>
      {timeAgo(createdAt)}
    </time>
  );
  return (
    <div className="social-author">
      <Link href={profileHref(author.userId)} className="social-author__link">
        <Avatar username={author.username} avatarUrl={author.avatarUrl} size={40} />
        <span className="social-author__name">{name}</span>
      </Link>
      <span className="social-author__meta">
        {href ? (
          <Link href={href} className="social-author__time">
            {time}
          </Link>
        ) : (
          time
        )}
        {pending && <PendingMark />}
      </span>
    </div>
  );
}

function Photos({ post }: { post: ShownPost }) {
  const kept = useKeptPhotoUrls(post.keptPhotoIds);
  const urls = post.pending
    ? post.keptPhotoIds.flatMap((id) => {
        const url = kept.get(id);
        return url ? [url] : [];
      })
    : post.photoUrls;
  const total = post.pending ? post.keptPhotoIds.length : post.photoUrls.length;
  if (total === 0) return null;
  const by = post.author.username ?? 'a collector';
  return (
    <div className={`social-photos social-photos--${Math.min(total, 4)}`}>
      {urls.map((url, index) => (
        <img
          key={url}
          src={url}
          alt={`Photo ${index + 1} of ${total} by ${by}`}
          loading="lazy"
          decoding="async"
        />
      ))}
    </div>
  );
}

export function TaggedChips({ tagged }: { tagged: ShownPost['tagged'] }) {
  const chips = useTaggedItems(tagged);
  if (chips.length === 0) return null;
  return (
    <ul className="social-chips" aria-label="Tagged cars and sets">
      {chips.map((chip) => (
        <li key={`${chip.kind}:${chip.id}`}>
          <Link href={chip.href} className={`social-chip social-chip--${chip.kind}`}>
            <span className="social-chip__kind">{chip.kind === 'car' ? 'Car' : 'Set'}</span>
            {chip.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function LikeButton({ post }: { post: ShownPost }) {
  const label = `Like, ${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'}`;
  return (
    <button
      type="button"
      className="social-like"
      aria-pressed={post.likedByMe}
      aria-label={label}
      onClick={() => {
        // A visitor's like raises the sign-in redirect (docs/product.md), like any change.
        void setLiked(post.id, !post.likedByMe).catch(showError);
      }}
    >
      <span aria-hidden="true" className="social-like__heart">
        {post.likedByMe ? '♥' : '♡'}
      </span>
      <span aria-hidden="true">{post.likeCount}</span>
    </button>
  );
}

export function PostCard({
  post,
  linked = true,
}: {
  post: ShownPost;
  /** False on the post's own page. */
  linked?: boolean;
}) {
  const href = postHref(post.id);
  const comments = `${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'}`;
  return (
    <article
      className="social-post card"
      data-post-id={post.id}
      aria-label={`Post by ${post.author.username ?? 'a collector'}`}
    >
      <AuthorLine
        author={post.author}
        createdAt={post.createdAt}
        href={linked ? href : undefined}
        pending={post.pending}
      />
      {post.body && <p className="social-post__body">{post.body}</p>}
      <Photos post={post} />
      <TaggedChips tagged={post.tagged} />
      <div className="social-post__actions">
        <LikeButton post={post} />
        {linked ? (
          <Link href={`${href}#comments`} className="social-post__comments">
            {comments}
          </Link>
        ) : (
          <span className="social-post__comments">{comments}</span>
        )}
      </div>
    </article>
  );
}
