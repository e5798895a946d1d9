// The signed-in collector's completed tutorials from the local profile: a completion shows at
// once (it is a local change first, then replayed), online or not.
import { useMemo } from 'react';
import { useAuth } from '../../auth/use-auth';
import { useProfile } from '../../data/use-collection';

export function useCompletedTutorials(): ReadonlySet<string> {
  const auth = useAuth();
  const profile = useProfile(auth.user?.uid ?? null);
  const done = profile?.completedTutorials;
  return useMemo(() => new Set(done ?? []), [done]);
}
