// The replayer's contract with the world: the ports it runs over (outbox, identity, server), what
// it reports (events, outcomes) and how it is set up; the ports' types stand apart so the
// contract reads first (the replay itself: replayer.ts, replay-run.ts, answer-policy.ts).
import type { PushEntry } from '../shared/sync/push-contract';

export interface PendingEntry {
  key: string;
  userId: string;
  name: string;
  args: unknown;
  createdAt: string;
  seq: number;
  /** Server errors it got when sent alone, in a row (see OutboxPort.strike); absent when none. */
  failures?: number;
}

export interface OutboxPort {
  /** The user's entries waiting to be sent (not set aside) in seq order, at most `limit`. */
  pending(userId: string, limit: number): Promise<PendingEntry[]>;
  /** Deletes confirmed entries (status ok or duplicate in our API's answer). */
  confirm(keys: string[]): Promise<void>;
  /** Deletes an entry our API refused (status rejected); the rebase then undoes it on screen. */
  reject(entry: PendingEntry, error: string): Promise<void>;
  /** Notes a server error for an entry sent alone; answers how many in a row it has had. */
  strike(entry: PendingEntry, error: string): Promise<number>;
  /**
   * Takes an entry out of the sending order and keeps it, with its local effect and the error,
   * for the collector to retry or discard ('Changes that could not be sent'). Never deletes it.
   */
  setAside(entry: PendingEntry, error: string): Promise<void>;
  /** The user's entries still on the device: waiting and set aside. */
  count(userId: string): Promise<number>;
}

export interface IdentityPort {
  /** The signed-in user's uid, or null when signed out (then nothing is replayed). */
  currentUserId(): Promise<string | null>;
  /** A fresh-enough ID token; forceRefresh after a 401. Throws when it cannot get one (offline, signed out). */
  idToken(forceRefresh: boolean): Promise<string>;
}

/** An entry as the push carries it (the sync contract's request entry). */
export type PushMutation = PushEntry;

export interface PushResponse {
  status: number;
  body: unknown;
  retryAfterSeconds: number | null;
}

export interface ServerPort {
  /**
   * POST /api/sync/push. Resolves only with our API's own answer (status, JSON body, Retry-After
   * seconds); rejects when the answer is anyone else's or none came: a network error, a timeout,
   * a redirect, a portal's page (the real port throws ApiNotReachedError, whose `reason` says which).
   */
  push(token: string, mutations: PushMutation[]): Promise<PushResponse>;
}

export type RefreshReason = 'after-batch' | 'rejected';

/** 'not-delivered': the last request got no answer of our API's (offline, portal, timeout). */
export type StoppedBy = 'empty' | 'not-delivered' | 'retry-later' | 'auth' | 'signed-out';

export interface ReplayOutcome {
  /** Entries carried by push requests in this run; a resent entry (401, 413, 400 probe) counts again. */
  sent: number;
  /** Push requests made in this run. */
  requests: number;
  confirmed: number;
  rejected: number;
  /** Entries set aside in this run (poison entries: kept, shown, no longer blocking the rest). */
  setAside: number;
  /** The user's entries still on the device after the run, set-aside ones included (0 when nobody is signed in). */
  remaining: number;
  stoppedBy: StoppedBy;
}

/** Why a run stopped early or a step failed, for logs and the sync status. */
export type ReplayErrorReason =
  | 'auth' // a second 401 after a forced token refresh
  | 'server' // 408, 429 or 5xx from our API
  | 'endpoint' // 404/405: the push endpoint is missing, which no entry can be blamed for
  | 'protocol' // a 2xx without a result for every entry sent, or an unexpected status
  | 'stuck' // the outbox handed back an entry this run already settled (a broken port)
  | 'refresh' // refreshFromServer failed; it is owed and retried
  | 'unexpected'; // a port threw; the run is abandoned and replay() rejects

export type ReplayEvent =
  | { type: 'started'; trigger: string; userId: string }
  | { type: 'chunk-sent'; size: number; firstKey: string; lastKey: string; forcedToken: boolean }
  | { type: 'confirmed'; count: number; keys: string[] }
  | { type: 'rejected'; key: string; name: string; error: string; message: string }
  | { type: 'set-aside'; key: string; name: string; error: string }
  | { type: 'retry-scheduled'; delayMs: number; failures: number; retryAt: number }
  /** No answer of our API's: `reason` is ApiNotReachedError's (network, timeout, redirect, not-api). */
  | { type: 'not-delivered'; reason: string }
  | { type: 'error'; reason: ReplayErrorReason; message: string; status?: number }
  | {
      type: 'idle';
      pending: number;
      lastSyncedAt: number | null;
      /** Whether this run's last request got our API's answer (false: offline, portal, server down). */
      reachedApi: boolean | null;
    };

export interface ReplayerOptions {
  outbox: OutboxPort;
  identity: IdentityPort;
  server: ServerPort;
  /** Re-reads the server snapshot and re-applies what is still pending (the rebase). Called after a run that confirmed or rejected anything, and always after a rejection. */
  refreshFromServer(userId: string, reason: RefreshReason): Promise<void>;
  /** Serialises replayers across tabs and the worker: the real one is navigator.locks.request('outbox', fn). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Status for the UI; a listener that throws is ignored, it must not break a replay. */
  events?: (event: ReplayEvent) => void;
  /** Default setTimeout; for retry back-off. Returns a cancel function. */
  schedule?: (delayMs: number, fn: () => void) => () => void;
  now?: () => number;
  random?: () => number;
  /** Default DEVICE_PUSH_CHUNK_ENTRIES, never more. */
  chunkSize?: number;
  /**
   * What each entry costs against the collector's write budget (src/sync/push-units.ts), so a
   * push carries no more than `budgetUnits`; without it every entry counts as one unit.
   */
  weigh?: (entries: readonly PendingEntry[]) => Promise<number[]>;
  /** Default WRITE_BUDGET_CAPACITY: what a full budget lets one push carry. */
  budgetUnits?: number;
}

export interface BackoffState {
  /** Failed runs in a row; 0 after any push the server answered properly. */
  failures: number;
  /** When the scheduled retry fires (ms since epoch), or null when none is scheduled. */
  retryAt: number | null;
  delayMs: number | null;
}

export interface Replayer {
  replay(trigger: string): Promise<ReplayOutcome>;
  /** Cancels the retry timer; no new one is scheduled afterwards. A run in flight finishes. */
  dispose(): void;
  /** The current back-off, for the sync status hook. */
  backoff(): BackoffState;
  /** When the server last answered a push properly (ms since epoch), or null. */
  lastSyncedAt(): number | null;
}
