// Collectors whose username contains `query`, asked of the server (they are not on the device);
// a newer query cancels the older request, and offline says so instead of spinning.
import { useEffect, useState } from 'react';
import { isAppError } from '../../errors/app-error';
import type { CollectorSummary, UserSearchView } from '../../shared/community/profile-schemas';
import { getLive, userSearchPath } from './profile-api';
import { useOnline } from '../../data/use-online';

export type UserSearch =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'error'; message: string }
  | { state: 'ready'; users: CollectorSummary[] };

type Answer = { state: 'ready'; users: CollectorSummary[] } | { state: 'error'; message: string };

export function useUserSearch(query: string): UserSearch {
  const online = useOnline();
  const [answer, setAnswer] = useState<{
    query: string;
    result: Answer | { state: 'offline' };
  } | null>(null);
  const wanted = query.trim();
  useEffect(() => {
    if (!wanted || !online) return;
    const controller = new AbortController();
    getLive<UserSearchView>(userSearchPath(wanted), controller.signal).then(
      (found) => setAnswer({ query: wanted, result: { state: 'ready', users: found.users } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = isAppError(error, 'offline');
        setAnswer({
          query: wanted,
          result: offline
            ? { state: 'offline' }
            : { state: 'error', message: error instanceof Error ? error.message : String(error) },
        });
      },
    );
    return () => controller.abort();
  }, [wanted, online]);
  if (!wanted) return { state: 'idle' };
  if (!online) return { state: 'offline' };
  if (answer?.query !== wanted) return { state: 'loading' };
  return answer.result;
}
