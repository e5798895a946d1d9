// What the service worker (and the page, when no worker controls it) runs in the background:
// replaying the outbox and refreshing the device's catalogue and collection snapshot.
import { firebaseAuth } from '../auth/firebase-auth';
import { storedClientConfig } from '../auth/client-config';
import { deviceDb } from '../db/device-db';
import { anyEntryWaiting } from '../db/outbox-store';
import { withDeadline } from '../db/deadline';
import { writeSyncRecord } from '../db/sync-record';
import { loadCatalogLookup } from '../db/catalog-lookup';
import { boundedIdentity, boundedOutbox, REBASE_DEADLINE_MS } from './bounded-ports';
import { withOutboxLock } from './outbox-lock';
import { createApiClient } from './api-client';
import { refetchCatalogWhenLost, refreshCatalog } from './catalog-sync';
import { dexieOutboxPort, firebaseIdentityPort, httpServerPort } from './outbox-ports';
import { pullSnapshotFor } from './snapshot-pull';
import { createReplayer, type IdentityPort, type Replayer } from './replayer';
import { publishSyncEvent } from './sync-events';
import { pushUnitsOf } from './push-units';

/** Why a replay was started; logged and shown in the sync status. */
export type ReplayTrigger =
  | 'sync'
  | 'periodic-sync'
  | 'online'
  | 'start'
  | 'visible'
  | 'change'
  /** The collector pressed 'Sync now'. */
  | 'manual'
  /** A back-off retry came due (the page's timer, or the replayer's own). */
  | 'retry'
  /** The page's last-resort timer found changes waiting with no run for a while. */
  | 'timer'
  /** A collector signed in: their own queue goes at once. */
  | 'sign-in'
  /** The service worker started (woken by anything): it sends what waits. */
  | 'worker-start'
  /** The page's probe found our API answering again after a failed attempt. */
  | 'reachable';

const api = createApiClient();
refetchCatalogWhenLost(deviceDb, api);

interface SyncContext {
  replayer: Replayer;
  identity: IdentityPort;
}
let context: SyncContext | null = null;

/**
 * Pulls the server's snapshot and rebases the pending changes on it (caller holds the lock). Past
 * the deadline the lock goes back, so a large first pull still writing its steps is told to stop
 * at the next one: the next pull goes on from there instead of writing beside it.
 */
const pullSnapshot = (identity: IdentityPort, userId: string) => {
  const abandoned = new AbortController();
  return withDeadline(
    pullSnapshotFor(deviceDb, api, identity, userId, abandoned.signal),
    REBASE_DEADLINE_MS,
    'pulling the snapshot',
    () => abandoned.abort(),
  );
};

/** One replayer per context, made once the sign-in config is on the device. */
async function syncContext(): Promise<SyncContext | null> {
  if (context) return context;
  const config = await storedClientConfig(deviceDb);
  if (!config) return null;
  const identity = boundedIdentity(firebaseIdentityPort(firebaseAuth(config)));
  const replayer = createReplayer({
    outbox: boundedOutbox(dexieOutboxPort(deviceDb)),
    identity,
    server: httpServerPort(api),
    refreshFromServer: (userId) => pullSnapshot(identity, userId),
    withLock: withOutboxLock,
    weigh: async (entries) => {
      const catalog = await loadCatalogLookup(deviceDb);
      return entries.map((entry) => pushUnitsOf(entry, catalog));
    },
    events: (event) => {
      if (event.type === 'idle') {
        const run = {
          lastSyncedAt: event.lastSyncedAt,
          reachable: event.reachedApi,
          at: Date.now(),
        };
        void writeSyncRecord(deviceDb, run).catch(() => undefined);
      }
      publishSyncEvent(event);
    },
  });
  context = { replayer, identity };
  return context;
}

/** Replays the signed-in user's pending outbox entries, in order, under the `outbox` Web Lock. */
export async function runReplay(trigger: ReplayTrigger): Promise<void> {
  // A worker woken for anything else starts sign-in and sync machinery only when there is
  // something to send.
  if (trigger === 'worker-start' && !(await anyEntryWaiting(deviceDb))) return;
  const current = await syncContext();
  await current?.replayer.replay(trigger);
}

/**
 * Pulls the signed-in user's snapshot (changes made on other devices) with the pending ones
 * re-applied on top. Under the outbox lock, so it never interleaves with a replay.
 */
export async function refreshSnapshot(): Promise<void> {
  const current = await syncContext();
  if (!current) return;
  const userId = await current.identity.currentUserId();
  if (!userId) return;
  await withOutboxLock(() => pullSnapshot(current.identity, userId));
}

/** Refreshes the catalogue (ETag: 304 costs nothing), replays, and pulls the snapshot. */
export async function refreshCatalogAndSnapshot(): Promise<void> {
  await refreshCatalog(deviceDb, api);
  await runReplay('periodic-sync');
  await refreshSnapshot();
}
