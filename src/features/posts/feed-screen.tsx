// /social: the community feed, everyone's posts or only those of people I follow, newest first,
// with my queued posts on top marked 'Pending'; readable offline from the device's copy.
import { Link, useSearch } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { ScreenHeader } from '../../ui/screen-header';
import { CommunityShortcuts } from './community-shortcuts';
import { PostCard } from './post-card';
import { feedPath, useFeed, type FeedScope } from './use-feed';
import './posts.css';

const OFFLINE_NOTE = 'Offline · showing what this device saved';

function ScopeTabs({ scope }: { scope: FeedScope }) {
  return (
    <nav className="social-tabs" aria-label="Whose posts">
      <Link href="/social" aria-current={scope === 'everyone' ? 'page' : undefined}>
        Everyone
      </Link>
      <Link
        href="/social?scope=following"
        aria-current={scope === 'following' ? 'page' : undefined}
      >
        Following
      </Link>
    </nav>
  );
}

function JoinPrompt({ text }: { text: string }) {
  const next = encodeURIComponent('/social');
  return (
    <section className="card social-join" aria-labelledby="social-join-title">
      <h2 id="social-join-title">Join the collectors</h2>
      <p className="muted">{text}</p>
      <div className="row">
        <Link href={`/signup?next=${next}`} className="pill-link pill-link--primary">
          Sign up
        </Link>
        <Link href={`/login?next=${next}`} className="pill-link">
          Log in
        </Link>
      </div>
    </section>
  );
}

function EmptyFeed({ scope, signedIn }: { scope: FeedScope; signedIn: boolean }) {
  if (scope === 'following') {
    return (
      <section className="card social-empty">
        <h2>Nobody you follow has posted yet</h2>
        <p className="muted">
          Follow collectors to see their finds here. Find them on the leaderboard or by name.
        </p>
        <div className="row">
          <Link href="/leaderboard" className="pill-link">
            Leaderboard
          </Link>
          <Link href="/search/users" className="pill-link">
            Find collectors
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="card social-empty">
      <h2>No posts yet</h2>
      <p className="muted">
        Be the first: share your latest find with a photo, a few words and the car it is.
      </p>
      {signedIn && (
        <Link href="/posts/create" className="pill-link pill-link--primary">
          Write the first post
        </Link>
      )}
    </section>
  );
}

function FeedList({ scope, signedIn }: { scope: FeedScope; signedIn: boolean }) {
  const feed = useFeed(feedPath(scope));
  return (
    <>
      {feed.fromDevice && (
        <p className="social-note" role="status">
          {OFFLINE_NOTE}
        </p>
      )}
      {feed.status === 'error' && (
        <p className="social-note" role="status">
          {feed.error?.message ?? 'The feed could not be loaded.'}
        </p>
      )}
      {feed.status === 'loading' && feed.posts.length === 0 ? (
        <p className="muted" role="status">
          Loading posts…
        </p>
      ) : feed.posts.length === 0 && feed.status === 'ready' ? (
        <EmptyFeed scope={scope} signedIn={signedIn} />
      ) : (
        <ul className="social-list" aria-label="Posts">
          {feed.posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
      {feed.hasMore && (
        <button
          type="button"
          className="social-more"
          onClick={feed.loadMore}
          disabled={feed.loadingMore}
        >
          {feed.loadingMore ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}

export function FeedScreen() {
  const auth = useAuth();
  const search = useSearch();
  const scope: FeedScope =
    new URLSearchParams(search).get('scope') === 'following' ? 'following' : 'everyone';
  const signedIn = auth.user !== null;
  return (
    <>
      <ScreenHeader title="Community" />
      <main className="app-main social">
        <CommunityShortcuts userId={auth.user?.uid ?? null} />
        <ScopeTabs scope={scope} />
        {!auth.ready ? (
          <p className="muted" role="status">
            Authenticating...
          </p>
        ) : scope === 'following' && !signedIn ? (
          <JoinPrompt text="Sign in to follow collectors and see their posts here." />
        ) : (
          <>
            {!signedIn && <JoinPrompt text="Sign in to post your finds, like and comment." />}
            <FeedList key={`${scope}:${auth.user?.uid ?? ''}`} scope={scope} signedIn={signedIn} />
          </>
        )}
        {signedIn && (
          <Link href="/posts/create" className="screen-fab social-fab pill-link pill-link--primary">
            <span aria-hidden="true">+</span> New post
          </Link>
        )}
      </main>
    </>
  );
}
