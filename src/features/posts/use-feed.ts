// A feed for a screen: the first page (kept on the device for offline reading, read again after
// every replay), 'Load more' pages after it, and the collector's queued changes merged in.
import { useCallback, useMemo, useState } from 'react';
import { useAuth } from '../../auth/use-auth';
import { usePendingChanges } from '../../data/use-pending-changes';
import { showError } from '../../errors/show-error';
import { POST_COMMAND_NAMES, type FeedPage } from '../../shared/community/post-schemas';
import { readCommunity } from '../../sync/community-client';
import { useCommunityQuery } from '../../data/use-community-query';
import { withFirstPage, withNextPage, type FeedPages } from './feed-pages';
import { mergeFeed, pendingEffects, type ShownPost } from './pending-posts';
import { useMe } from './use-me';

export type FeedScope = 'everyone' | 'following';

export function feedPath(scope: FeedScope, author?: string, before?: string): string {
  const query = new URLSearchParams({ scope });
  if (author) query.set('author', author);
  if (before) query.set('before', before);
  return `/api/posts/feed?${query.toString()}`;
}

export interface Feed {
  status: 'loading' | 'ready' | 'error';
  error: Error | null;
  posts: ShownPost[];
  /** The posts were read from this device's copy (offline). */
  fromDevice: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

interface PagesState {
  path: string | null;
  source: FeedPage | undefined;
  shown: FeedPages | null;
}

/** `path` null: nothing to read yet (the following feed waits for the signed-in user). */
export function useFeed(path: string | null, author?: string): Feed {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const me = useMe(userId);
  const first = useCommunityQuery<FeedPage>(path);
  const pending = usePendingChanges(userId, POST_COMMAND_NAMES);
  const [loadingMore, setLoadingMore] = useState(false);
  const [state, setState] = useState<PagesState>({ path, source: undefined, shown: null });

  // Stitch a fresh first page into what is shown (React's "adjust state on a prop change").
  if (state.path !== path || state.source !== first.data) {
    const base = state.path === path ? state.shown : null;
    setState({
      path,
      source: first.data,
      shown: first.data ? withFirstPage(base, first.data) : base,
    });
  }

  const cursor = state.shown?.nextCursor ?? null;
  const loadMore = useCallback(() => {
    if (!cursor || loadingMore || path === null) return;
    const url = new URL(path, 'http://x');
    url.searchParams.set('before', cursor);
    setLoadingMore(true);
    readCommunity<FeedPage>(`${url.pathname}${url.search}`)
      .then((read) =>
        setState((current) =>
          current.path === path && current.shown
            ? { ...current, shown: withNextPage(current.shown, read.body) }
            : current,
        ),
      )
      .catch(showError)
      .finally(() => setLoadingMore(false));
  }, [cursor, loadingMore, path]);

  const effects = useMemo(() => pendingEffects(pending), [pending]);
  const posts = useMemo(() => {
    const serverPosts = state.shown?.posts ?? [];
    // On someone else's page my queued posts do not belong.
    const mine = author === undefined || author === userId ? me : null;
    return mergeFeed(serverPosts, effects, mine);
  }, [state.shown, effects, me, author, userId]);

  return {
    status:
      first.status === 'error' && !state.shown ? 'error' : state.shown ? 'ready' : first.status,
    error: first.error,
    posts,
    fromDevice: first.fromDevice,
    hasMore: cursor !== null,
    loadingMore,
    loadMore,
  };
}
