// Sync status for the UI: online/offline, pending changes, syncing, last synced, last error.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { deviceDb } from '../db/device-db';
import { subscribeSyncEvents } from './sync-events';

export interface SyncStatus {
  online: boolean;
  pending: number;
  syncing: boolean;
  lastSyncedAt: number | null;
  error: string | null;
}

export function useSyncStatus(userId: string | null): SyncStatus {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [syncing, setSyncing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const unsubscribe = subscribeSyncEvents((event) => {
      if (event.type === 'started' || event.type === 'chunk-sent') setSyncing(true);
      if (event.type === 'idle') {
        setSyncing(false);
        setError(null);
      }
      if (event.type === 'offline' || event.type === 'retry-scheduled') setSyncing(false);
      if (event.type === 'error') {
        setSyncing(false);
        setError(event.message);
      }
    });
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      unsubscribe();
    };
  }, []);

  const pending =
    useLiveQuery(
      () =>
        userId
          ? deviceDb.outbox
              .where('[userId+seq]')
              .between([userId, -Infinity], [userId, Infinity])
              .count()
          : 0,
      [userId],
    ) ?? 0;
  const lastSyncedAt = useLiveQuery(async () => {
    const row = await deviceDb.meta.get('lastSyncedAt');
    return typeof row?.value === 'number' ? row.value : null;
  }, []);

  return {
    online,
    pending,
    syncing: syncing && pending > 0,
    lastSyncedAt: lastSyncedAt ?? null,
    error,
  };
}

/** SPEC-style wording: 'All changes synced' or '{n} changes waiting to sync' ('1 change'). */
export function describePending(pending: number): string {
  if (pending === 0) return 'All changes synced';
  return `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to sync`;
}
