// /profile/{userId}?list=followers|following: the people, 100 a page with 'Show more', each with
// a follow button of mine.
import { useState } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import type { CollectorPage, ProfileView } from '../../shared/community/profile-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { CollectorRow } from './collector-row';
import { OfflineNote, ScreenMessage } from './profile-parts';
import { ProfileHeader } from './profile-header';
import { followListPath, profileHref, profilePath } from './profile-api';
import { useFollowStates, type FollowStateOf } from './use-follows';
import './profiles.css';

type ListName = 'followers' | 'following';

function FollowPage({
  userId,
  list,
  cursor,
  last,
  me,
  followStateOf,
  onMore,
}: {
  userId: string;
  list: ListName;
  cursor: string | null;
  last: boolean;
  me: string | null;
  followStateOf: FollowStateOf;
  onMore: (cursor: string) => void;
}) {
  const path =
    followListPath(userId, list) + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
  const page = useCommunityQuery<CollectorPage>(path);
  if (page.status === 'loading')
    return (
      <p role="status" className="muted">
        Loading…
      </p>
    );
  if (page.status === 'error') {
    return (
      <div className="pf-message">
        <p className="muted">{page.error.message}</p>
        <button type="button" onClick={page.reload}>
          Try again
        </button>
      </div>
    );
  }
  const { users, nextCursor } = page.data;
  return (
    <>
      {page.fromDevice && cursor === null && <OfflineNote />}
      {users.length > 0 && (
        <ul className="pf-list" aria-label={list === 'followers' ? 'Followers' : 'Following'}>
          {users.map((user) => (
            <CollectorRow
              key={user.userId}
              collector={user}
              me={me}
              followStateOf={followStateOf}
            />
          ))}
        </ul>
      )}
      {cursor === null && users.length === 0 && (
        <p className="muted pf-empty">
          {list === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}{' '}
          {me === userId && list === 'following' && (
            <Link href="/search/users" className="pf-text-link">
              Find collectors to follow
            </Link>
          )}
        </p>
      )}
      {last && nextCursor && (
        <button type="button" className="pf-more" onClick={() => onMore(nextCursor)}>
          Show more
        </button>
      )}
    </>
  );
}

export function FollowListScreen({ userId, list }: { userId: string; list: ListName }) {
  const me = useAuth().user?.uid ?? null;
  const followStateOf = useFollowStates(me);
  const profile = useCommunityQuery<ProfileView>(profilePath(userId));
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const name = profile.status === 'ready' ? profile.data.username : null;
  const title = list === 'followers' ? 'Followers' : 'Following';
  if (profile.status === 'error') {
    return (
      <>
        <ProfileHeader title={title} back={profileHref(userId)} />
        <ScreenMessage title="No collector here">{profile.error.message}</ScreenMessage>
      </>
    );
  }
  return (
    <>
      <ProfileHeader title={title} back={profileHref(userId)} />
      <main className="app-main pf-main">
        <nav className="pf-tabs pf-tabs--links" aria-label={name ? `${name}’s people` : 'People'}>
          {(['followers', 'following'] as const).map((other) => (
            <Link
              key={other}
              href={`${profileHref(userId)}?list=${other}`}
              className="pf-tab"
              aria-current={other === list ? 'page' : undefined}
            >
              {other === 'followers' ? 'Followers' : 'Following'}
            </Link>
          ))}
        </nav>
        {name && (
          <h2 className="pf-list-title">
            {list === 'followers' ? `Who follows ${name}` : `Whom ${name} follows`}
          </h2>
        )}
        {cursors.map((cursor, index) => (
          <FollowPage
            key={`${list}:${cursor ?? 'first'}`}
            userId={userId}
            list={list}
            cursor={cursor}
            last={index === cursors.length - 1}
            me={me}
            followStateOf={followStateOf}
            onMore={(next) => setCursors((all) => [...all, next])}
          />
        ))}
      </main>
    </>
  );
}
