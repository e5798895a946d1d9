// One collector in a list (followers, following, search results): avatar, name, totals, and a
// follow button for anyone but me.
import { Link } from 'wouter';
import { Avatar } from '../../ui/avatar';
import type { CollectorSummary } from '../../shared/community/profile-schemas';
import { FollowButton } from './follow-button';
import { profileHref } from './profile-api';
import type { FollowStateOf } from './use-follows';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

/** What every community answer says about a person (api/profiles/public-profile.ts). */
export interface PublicProfileLike {
  userId: string;
  username: string | null;
  avatarUrl: string | null;
}

const integer = madeOnFirstUse(() => new Intl.NumberFormat('en-US'));

/**
 * 48 px: the initials (0.4 of the size, bold) are then 19 px bold, large text for WCAG, so the
 * shared avatar's white on its mid-tone colours meets 3:1 (at 40 px some hues miss 4.5:1).
 */
export const AVATAR_IN_LISTS = 48;

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${integer().format(count)} ${count === 1 ? one : many}`;
}

export function CollectorRow({
  collector,
  me,
  followStateOf,
}: {
  collector: CollectorSummary;
  me: string | null;
  followStateOf: FollowStateOf;
}) {
  const name = collector.username ?? 'Collector';
  return (
    <li className="pf-row" data-user-id={collector.userId}>
      <Link href={profileHref(collector.userId)} className="pf-row__link">
        <Avatar
          username={collector.username}
          avatarUrl={collector.avatarUrl}
          size={AVATAR_IN_LISTS}
        />
        <span className="pf-row__text">
          <span className="pf-row__name">{name}</span>
          <span className="pf-row__meta">
            {plural(collector.totalCarCount, 'car')} · {plural(collector.totalSetCount, 'set')}
          </span>
        </span>
      </Link>
      {me && me !== collector.userId && (
        <FollowButton
          userId={collector.userId}
          username={collector.username}
          state={followStateOf(collector.userId, collector.followedByMe)}
          compact
        />
      )}
      {me === collector.userId && <span className="pf-you">You</span>}
    </li>
  );
}
