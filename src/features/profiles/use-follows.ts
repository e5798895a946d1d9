// Follows as the screens show them: the server's answer with my queued follows/unfollows on
// top (the last queued one wins), marked pending until the outbox has delivered them.
import { useCallback, useMemo } from 'react';
import { usePendingChanges } from '../../data/use-pending-changes';
import { showError } from '../../errors/show-error';
import { FOLLOWS_SET, type FollowSetArgs } from '../../shared/community/profile-schemas';
import { queueCommunityChange } from '../../sync/community-actions';

const NAMES = [FOLLOWS_SET] as const;

export interface FollowState {
  following: boolean;
  /** A follow or unfollow of mine is still waiting in the outbox. */
  pending: boolean;
}

export type FollowStateOf = (userId: string, serverFollowing: boolean) => FollowState;

/** One outbox read for a whole screen: rows of a list ask it, not the outbox each. */
export function useFollowStates(me: string | null): FollowStateOf {
  const pending = usePendingChanges(me, NAMES);
  const latest = useMemo(() => {
    const map = new Map<string, boolean>();
    for (const row of pending) {
      const args = row.args as FollowSetArgs;
      map.set(args.userId, args.following);
    }
    return map;
  }, [pending]);
  return useCallback(
    (userId, serverFollowing) => {
      const queued = latest.get(userId);
      return queued === undefined
        ? { following: serverFollowing, pending: false }
        : { following: queued, pending: true };
    },
    [latest],
  );
}

/** Queues the wanted state (works offline); the toast says why when it cannot be queued. */
export function setFollowing(userId: string, following: boolean): void {
  const args: FollowSetArgs = { userId, following };
  queueCommunityChange(FOLLOWS_SET, args).catch(showError);
}

/** The follower count as it will be once my pending change lands. */
export function followerCountWith(
  serverCount: number,
  serverFollowing: boolean,
  state: FollowState,
): number {
  if (state.following === serverFollowing) return serverCount;
  return Math.max(0, serverCount + (state.following ? 1 : -1));
}
