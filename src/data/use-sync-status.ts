// Sync status for the UI: what the device says about its network, what waits in the outbox,
// whether a replay is running, and what the last attempt came to (kept on the device, so a
// reopened app still knows the server could not be reached).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { deviceDb } from '../db/device-db';
import { outboxCounts } from '../db/outbox-store';
import { readSyncRecord } from '../db/sync-record';
import { useOnline } from './use-online';
import { subscribeSyncEvents } from '../sync/sync-events';
import type { SyncFacts } from './sync-wording';

export interface SyncStatus extends SyncFacts {
  /** Every unsent change of the user's: waiting plus set aside. */
  pending: number;
  error: string | null;
}

const NO_COUNTS = { waiting: 0, setAside: 0 };

export function useSyncStatus(userId: string | null): SyncStatus {
  const online = useOnline();
  const [syncing, setSyncing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      subscribeSyncEvents((event) => {
        if (event.type === 'started' || event.type === 'chunk-sent') setSyncing(true);
        if (event.type === 'idle') {
          setSyncing(false);
          setError(null);
        }
        if (event.type === 'not-delivered' || event.type === 'retry-scheduled') setSyncing(false);
        if (event.type === 'error') {
          setSyncing(false);
          setError(event.message);
        }
      }),
    [],
  );

  const counts =
    useLiveQuery(() => (userId ? outboxCounts(deviceDb, userId) : NO_COUNTS), [userId]) ??
    NO_COUNTS;
  const record = useLiveQuery(() => readSyncRecord(deviceDb), []);

  return {
    online,
    waiting: counts.waiting,
    setAside: counts.setAside,
    pending: counts.waiting + counts.setAside,
    syncing: syncing && counts.waiting > 0,
    reachable: record?.reachable ?? null,
    lastSyncedAt: record?.lastSyncedAt ?? null,
    error,
  };
}
