// Follow / Following as a toggle button (aria-pressed); a queued change shows 'Pending' beside it.
import type { FollowState } from './use-follows';
import { setFollowing } from './use-follows';

export function FollowButton({
  userId,
  username,
  state,
  compact = false,
}: {
  userId: string;
  username: string | null;
  state: FollowState;
  compact?: boolean;
}) {
  return (
    <span className={`pf-follow${compact ? ' pf-follow--compact' : ''}`}>
      <button
        type="button"
        className={state.following ? 'pf-follow__button is-following' : 'pf-follow__button'}
        aria-pressed={state.following}
        aria-describedby={state.pending ? `pf-pending-${userId}` : undefined}
        onClick={() => setFollowing(userId, !state.following)}
      >
        {state.following ? 'Following' : 'Follow'}
        {/* Many rows each have one: the name says whose it is. */}
        {username && <span className="pf-sr"> {username}</span>}
      </button>
      {state.pending && (
        <span className="pf-pending" id={`pf-pending-${userId}`}>
          Pending
        </span>
      )}
    </span>
  );
}
