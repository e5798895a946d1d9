// The signed-in collector as their own queued posts and comments show them (username from the
// device's profile; the avatar arrives with the server's copy once the change is synced).
import { useMemo } from 'react';
import { useProfile } from '../../data/use-collection';
import type { PublicProfileView } from '../../shared/community/post-schemas';

export function useMe(userId: string | null): PublicProfileView | null {
  const profile = useProfile(userId);
  const username = profile?.username ?? null;
  return useMemo(() => (userId ? { userId, username, avatarUrl: null } : null), [userId, username]);
}
