// A community read for a screen: the server's answer, or the device's kept copy offline; read
// again when a replay has settled changes, so a pending post is replaced by the real one.
import { useCallback, useEffect, useState } from 'react';
import { readCommunity } from '../sync/community-client';
import { subscribeSyncEvents } from '../sync/sync-events';

export type CommunityQuery<T> =
  | {
      status: 'loading';
      data: undefined;
      error: null;
      fromDevice: false;
      fetchedAt: null;
      reload(): void;
    }
  | {
      status: 'ready';
      data: T;
      error: null;
      fromDevice: boolean;
      fetchedAt: string;
      reload(): void;
    }
  | {
      status: 'error';
      data: undefined;
      error: Error;
      fromDevice: false;
      fetchedAt: null;
      reload(): void;
    };

type State<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; fromDevice: boolean; fetchedAt: string }
  | { status: 'error'; error: Error };

/**
 * `path` null: nothing to read yet (e.g. waiting for the signed-in user). `query`: a read named
 * by a JSON body (see readCommunity); its text is part of what the answer is kept under.
 */
export function useCommunityQuery<T>(path: string | null, query?: unknown): CommunityQuery<T> {
  const queryText = query === undefined ? undefined : JSON.stringify(query);
  const key = path === null ? null : queryText === undefined ? path : `${path} ${queryText}`;
  const [state, setState] = useState<{ path: string | null; value: State<T> }>({
    path: key,
    value: { status: 'loading' },
  });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    if (path === null) return;
    let live = true;
    readCommunity<T>(path, queryText === undefined ? undefined : JSON.parse(queryText)).then(
      (read) => {
        if (live)
          setState({
            path: key,
            value: {
              status: 'ready',
              data: read.body,
              fromDevice: read.fromDevice,
              fetchedAt: read.fetchedAt,
            },
          });
      },
      (error: unknown) => {
        if (live)
          setState({
            path: key,
            value: {
              status: 'error',
              error: error instanceof Error ? error : new Error(String(error)),
            },
          });
      },
    );
    return () => {
      live = false;
    };
  }, [path, key, queryText, generation]);

  // Read again once a replay that settled something is over (a pending post became real, or
  // was refused); a run that only found the outbox empty, or offline, changes nothing on screen.
  useEffect(() => {
    let settled = false;
    return subscribeSyncEvents((event) => {
      if (event.type === 'confirmed' || event.type === 'rejected') settled = true;
      if (event.type === 'idle' && settled) {
        settled = false;
        reload();
      }
    });
  }, [reload]);

  const value: State<T> = state.path === key ? state.value : { status: 'loading' };
  if (value.status === 'ready') return { ...value, error: null, reload };
  if (value.status === 'error')
    return { ...value, data: undefined, fromDevice: false, fetchedAt: null, reload };
  return {
    status: 'loading',
    data: undefined,
    error: null,
    fromDevice: false,
    fetchedAt: null,
    reload,
  };
}
