// /profile/{userId}: avatar, name, bio, totals, badges, follower counts (opening the lists at
// ?list=followers|following), Follow (queued, so it works offline), and the collector's posts.
// My own profile shows my queued edits at once and reads from the device when offline.
import { Link, useParams, useSearchParams } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { isAppError } from '../../errors/app-error';
import type { ProfileView } from '../../shared/community/profile-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { Avatar } from '../../ui/avatar';
import { useKeptPhotoUrls } from '../../data/use-kept-photos';
import { BadgeRow } from './badge-row';
import { FollowButton } from './follow-button';
import { FollowListScreen } from './follow-list-screen';
import { OfflineNote, ScreenMessage } from './profile-parts';
import { PeopleLinks, ProfileHeader } from './profile-header';
import { profileHref, profilePath } from './profile-api';
import { ProfilePosts } from './profile-posts';
import { followerCountWith, useFollowStates } from './use-follows';
import { usePendingProfile } from './use-pending-profile';
import './profiles.css';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const monthYear = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }),
);
const integer = madeOnFirstUse(() => new Intl.NumberFormat('en-US'));

export function ProfileScreen() {
  const { userId = '' } = useParams<{ userId: string }>();
  const [params] = useSearchParams();
  const list = params.get('list');
  if (list === 'followers' || list === 'following') {
    return <FollowListScreen key={`${userId}:${list}`} userId={userId} list={list} />;
  }
  return <CollectorProfile userId={userId} />;
}

function CollectorProfile({ userId }: { userId: string }) {
  const me = useAuth().user?.uid ?? null;
  const query = useCommunityQuery<ProfileView>(profilePath(userId));
  const followStateOf = useFollowStates(me);
  const pending = usePendingProfile(me !== null && me === userId ? me : null);
  const pendingAvatarId = pending?.avatarPhotoId ?? null;
  const keptAvatar = useKeptPhotoUrls(pendingAvatarId ? [pendingAvatarId] : []);

  if (query.status === 'loading') {
    return (
      <>
        <ProfileHeader title="Profile" />
        <ScreenMessage status>Loading profile…</ScreenMessage>
      </>
    );
  }
  if (query.status === 'error') {
    const missing = isAppError(query.error) && query.error.status === 404;
    return (
      <>
        <ProfileHeader title="Profile" />
        <ScreenMessage
          title={missing ? 'No collector here' : "This profile can't be shown"}
          actions={
            missing ? (
              <Link href="/search/users" className="pill-link">
                Find collectors
              </Link>
            ) : (
              <button type="button" onClick={query.reload}>
                Try again
              </button>
            )
          }
        >
          {missing ? 'This collector may have changed their link.' : query.error.message}
        </ScreenMessage>
      </>
    );
  }

  const profile = query.data;
  const isMe = me === profile.userId;
  const username = pending?.username ?? profile.username;
  const bio = pending?.bio ?? profile.bio;
  let avatarUrl = profile.avatarUrl;
  if (pending?.avatarPhotoId === null) avatarUrl = null;
  else if (pendingAvatarId) avatarUrl = keptAvatar.get(pendingAvatarId) ?? avatarUrl;
  const follow = followStateOf(profile.userId, profile.followedByMe);
  const followers = followerCountWith(profile.followerCount, profile.followedByMe, follow);
  const joined = new Date(profile.joinedAt);

  return (
    <>
      <ProfileHeader title={isMe ? 'My profile' : 'Profile'} />
      <main className="app-main pf-main">
        <PeopleLinks />
        {query.fromDevice && <OfflineNote />}
        <section className="card pf-hero" aria-labelledby="pf-name">
          <Avatar username={username} avatarUrl={avatarUrl} size={96} />
          <div className="pf-hero__who">
            <h2 id="pf-name" className="pf-hero__name">
              {username}
            </h2>
            {!Number.isNaN(joined.getTime()) && (
              <p className="pf-hero__joined">Collector since {monthYear().format(joined)}</p>
            )}
          </div>
          {bio ? (
            <p className="pf-bio">{bio}</p>
          ) : (
            isMe && <p className="muted pf-bio">Tell other collectors what you hunt for.</p>
          )}
          {isMe && pending && (
            <p className="pf-pending-note" role="status">
              <span className="pf-pending">Pending</span> Your changes will sync when you’re online.
            </p>
          )}
          <div className="pf-hero__actions">
            {isMe ? (
              <>
                <Link href="/profile/edit" className="pill-link">
                  Edit profile
                </Link>
                <Link href="/profile/new-post" className="pill-link pill-link--primary">
                  New post
                </Link>
              </>
            ) : (
              me && (
                <FollowButton userId={profile.userId} username={profile.username} state={follow} />
              )
            )}
          </div>
        </section>

        <ul className="pf-stats" aria-label="Totals">
          <li className="pf-stat">
            <span className="pf-stat__value">{integer().format(profile.totalCarCount)}</span>
            <span className="pf-stat__label">{profile.totalCarCount === 1 ? 'car' : 'cars'}</span>
          </li>
          <li className="pf-stat">
            <span className="pf-stat__value">{integer().format(profile.totalSetCount)}</span>
            <span className="pf-stat__label">{profile.totalSetCount === 1 ? 'set' : 'sets'}</span>
          </li>
          <li className="pf-stat">
            <Link
              href={`${profileHref(profile.userId)}?list=followers`}
              className="pf-stat__link"
              data-testid="follower-count"
            >
              <span className="pf-stat__value">{integer().format(followers)}</span>
              <span className="pf-stat__label">{followers === 1 ? 'follower' : 'followers'}</span>
            </Link>
          </li>
          <li className="pf-stat">
            <Link
              href={`${profileHref(profile.userId)}?list=following`}
              className="pf-stat__link"
              data-testid="following-count"
            >
              <span className="pf-stat__value">{integer().format(profile.followingCount)}</span>
              <span className="pf-stat__label">following</span>
            </Link>
          </li>
        </ul>

        <section className="pf-section" aria-labelledby="pf-badges">
          <h2 id="pf-badges">Badges</h2>
          <BadgeRow badges={profile.badges} isMe={isMe} />
        </section>

        <section className="pf-section" aria-labelledby="pf-posts">
          <h2 id="pf-posts">
            Posts <span className="pf-section__count">{integer().format(profile.postCount)}</span>
          </h2>
          <ProfilePosts userId={profile.userId} isMe={isMe} />
        </section>
      </main>
    </>
  );
}
