// The outbox replay policy: sends a user's pending changes in order, decides what answers mean.
//
// Pure over injected ports (outbox, identity, server, lock, clock, timer): the service worker and
// the page wire real ones (Dexie, Firebase Auth, apiFetch, navigator.locks). docs/sync.md ("A change,
// from the button to SQL" and "What each answer means") holds the rules this file implements:
// an entry leaves the queue only on a per-entry result of our API's answer; anything else keeps
// it; an entry that our API keeps failing on alone is set aside, visible, so the rest moves on.
//
// One file on purpose: createReplayer is one closure over a run's state (the chunk size it has
// shrunk to, each entry's strikes, the back-off, the control entry after a poison one), and each
// step reads and changes that state; the ports' types stand first so the contract reads first.
import { backoffDelayMs } from './backoff';
import { entriesWithin } from './push-units';
import { REVERTED_MESSAGE } from './reverted-message';
import { WRITE_BUDGET_CAPACITY } from '../shared/collection/work-units';

export { REVERTED_MESSAGE };
/** At most 200 entries per push (the server takes up to 1000, for bulk imports). */
export const MAX_CHUNK_SIZE = 200;
/**
 * Server errors (5xx from our API) an entry sent alone may get before it is suspected of being
 * what breaks the server (a poison entry): then the entry after it is sent alone as a control.
 */
export const POISON_STRIKES = 3;

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

export interface PushMutation {
  key: string;
  name: string;
  args: unknown;
}

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
  /** Default 200, never more than 200. */
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

type PushResultStatus = 'ok' | 'duplicate' | 'rejected';
interface PushResult {
  key: string;
  status: PushResultStatus;
  error?: string;
}

/** What one chunk's exchange came to, before the answer's meaning is decided. */
type Exchange =
  | { kind: 'answered'; response: PushResponse }
  | { kind: 'not-delivered'; reason: string }
  | { kind: 'no-token' }
  | { kind: 'signed-out' }
  | { kind: 'auth' };

/** Why a run ends without emptying the outbox, and whether a retry is worth scheduling. */
interface Stop {
  stoppedBy: StoppedBy;
  retry: boolean;
  retryAfterSeconds: number | null;
}

/** One run's working state. */
interface RunState {
  userId: string;
  tally: { sent: number; requests: number; confirmed: number; rejected: number; setAside: number };
  /** Shrinks on 413 and stays small for the run: the payload really is that big. */
  sizeLimit: number;
  /** Shrinks on another whole-request 4xx or a 5xx to find the entry at fault; lifted once found. */
  probeLimit: number;
  /** Keys confirmed, rejected or set aside in this run. */
  settled: Set<string>;
  /** Whether the last request got our API's answer; null before the first request. */
  reachedApi: boolean | null;
}

function defaultSchedule(delayMs: number, fn: () => void): () => void {
  const handle = setTimeout(fn, delayMs);
  return () => clearTimeout(handle);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorText(body: unknown, fallback: string): string {
  return isRecord(body) && typeof body.error === 'string' && body.error !== ''
    ? body.error
    : fallback;
}

/** The `results` of a 2xx, or null when the body is not the documented shape. */
function parseResults(body: unknown): PushResult[] | null {
  if (!isRecord(body) || !Array.isArray(body.results)) return null;
  const results: PushResult[] = [];
  for (const item of body.results) {
    if (!isRecord(item) || typeof item.key !== 'string') return null;
    const status = item.status;
    if (status !== 'ok' && status !== 'duplicate' && status !== 'rejected') return null;
    const error = typeof item.error === 'string' ? item.error : undefined;
    results.push({ key: item.key, status, error });
  }
  return results;
}

/** Results by key, or null when any names a key that was not sent, or one twice: then the
 * answer cannot be trusted for any entry (a proxy's cached reply, a server bug). */
function answersByKey(
  results: PushResult[] | null,
  chunk: PendingEntry[],
): Map<string, PushResult> | null {
  if (results === null) return null;
  const sent = new Set(chunk.map((entry) => entry.key));
  const byKey = new Map<string, PushResult>();
  for (const result of results) {
    if (!sent.has(result.key) || byKey.has(result.key)) return null;
    byKey.set(result.key, result);
  }
  return byKey;
}

/** ApiNotReachedError's reason (network, timeout, redirect, not-api), or 'network' for any other failure. */
function notDeliveredReason(error: unknown): string {
  const reason = isRecord(error) ? error.reason : undefined;
  return typeof reason === 'string' ? reason : 'network';
}

function clampChunkSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return MAX_CHUNK_SIZE;
  return Math.min(MAX_CHUNK_SIZE, Math.max(1, Math.floor(size)));
}

export function createReplayer(options: ReplayerOptions): Replayer {
  const { outbox, identity, server } = options;
  const schedule = options.schedule ?? defaultSchedule;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const chunkSize = clampChunkSize(options.chunkSize);

  let running: Promise<ReplayOutcome> | null = null;
  // Set by a replay() that arrives during a run: the run reads the outbox once more before it
  // ends (or, asked after its last read, runs once more: replay()), so a change made during a
  // run is never left waiting for a trigger.
  let askedAgain = false;
  let failures = 0;
  let timer: { cancel: () => void; retryAt: number; delayMs: number } | null = null;
  let lastSynced: number | null = null;
  let disposed = false;
  // Halved by a 429 (the server's write budget) and kept until a run delivers the whole queue,
  // so a device over its budget sends what fits instead of the same chunk again.
  let budgetLimit = chunkSize;
  const budgetUnits = options.budgetUnits ?? WRITE_BUDGET_CAPACITY;
  // A rebase that failed (offline right after the push) is owed until one succeeds, or a
  // refused change would stay on screen.
  const owedRefresh = new Map<string, RefreshReason>();

  function emit(event: ReplayEvent): void {
    try {
      options.events?.(event);
    } catch {
      // The status UI is a bystander: its bugs must not keep changes from reaching the server.
    }
  }

  function cancelTimer(): void {
    timer?.cancel();
    timer = null;
  }

  function scheduleRetry(retryAfterSeconds: number | null): void {
    failures += 1;
    if (disposed) return;
    cancelTimer();
    const delayMs = backoffDelayMs(failures, random, retryAfterSeconds);
    const retryAt = now() + delayMs;
    const cancel = schedule(delayMs, () => {
      timer = null;
      // Failures are already reported through events; nobody awaits a timer's run.
      replay('retry').catch(() => undefined);
    });
    timer = { cancel, retryAt, delayMs };
    emit({ type: 'retry-scheduled', delayMs, failures, retryAt });
  }

  /** Gets a token and checks it is still this user's: entries must never go out under another account. */
  async function tokenFor(userId: string, forceRefresh: boolean): Promise<string | Exchange> {
    let token: string;
    try {
      token = await identity.idToken(forceRefresh);
    } catch {
      const current = await identity.currentUserId();
      return current === userId ? { kind: 'no-token' } : { kind: 'signed-out' };
    }
    if ((await identity.currentUserId()) !== userId) return { kind: 'signed-out' };
    return token;
  }

  /** One chunk on the wire: a token fetched now (never one from queue time), one retry after a 401. */
  async function exchange(run: RunState, chunk: PendingEntry[]): Promise<Exchange> {
    const mutations = chunk.map(({ key, name, args }) => ({ key, name, args }));
    for (const forceRefresh of [false, true]) {
      const token = await tokenFor(run.userId, forceRefresh);
      if (typeof token !== 'string') return token;
      run.tally.requests += 1;
      run.tally.sent += chunk.length;
      emit({
        type: 'chunk-sent',
        size: chunk.length,
        firstKey: chunk[0]?.key ?? '',
        lastKey: chunk[chunk.length - 1]?.key ?? '',
        forcedToken: forceRefresh,
      });
      let response: PushResponse;
      try {
        response = await server.push(token, mutations);
      } catch (error) {
        // Not our API's answer, or none: nothing is known about any entry, so every one stays.
        run.reachedApi = false;
        return { kind: 'not-delivered', reason: notDeliveredReason(error) };
      }
      run.reachedApi = true;
      if (response.status !== 401) return { kind: 'answered', response };
    }
    return { kind: 'auth' };
  }

  /** Reports why the run stops, keeping every entry that was not settled, and asks for a retry. */
  function fail(
    reason: ReplayErrorReason,
    message: string,
    status: number | undefined,
    stoppedBy: StoppedBy,
    retryAfterSeconds: number | null = null,
  ): Stop {
    emit({ type: 'error', reason, message, ...(status === undefined ? {} : { status }) });
    return { stoppedBy, retry: true, retryAfterSeconds };
  }

  async function rejectEntry(run: RunState, entry: PendingEntry, error: string): Promise<void> {
    await outbox.reject(entry, error);
    run.settled.add(entry.key);
    run.tally.rejected += 1;
    emit({ type: 'rejected', key: entry.key, name: entry.name, error, message: REVERTED_MESSAGE });
  }

  async function setAsideEntry(run: RunState, entry: PendingEntry, error: string): Promise<void> {
    await outbox.setAside(entry, error);
    run.settled.add(entry.key);
    run.tally.setAside += 1;
    run.probeLimit = chunkSize;
    emit({ type: 'set-aside', key: entry.key, name: entry.name, error });
  }

  /** A 2xx: settles each entry the server answered; a Stop when some were left unanswered. */
  async function settleResults(
    run: RunState,
    chunk: PendingEntry[],
    response: PushResponse,
  ): Promise<Stop | null> {
    const byKey = answersByKey(parseResults(response.body), chunk);
    if (byKey === null) {
      const message = 'The push answer does not match the entries sent';
      return fail('protocol', message, response.status, 'retry-later');
    }
    const confirmed: string[] = [];
    const refused: { entry: PendingEntry; error: string }[] = [];
    for (const entry of chunk) {
      const answer = byKey.get(entry.key);
      if (answer?.status === 'rejected') refused.push({ entry, error: answer.error ?? 'Rejected' });
      else if (answer !== undefined) confirmed.push(entry.key);
    }
    if (confirmed.length > 0) {
      await outbox.confirm(confirmed);
      for (const key of confirmed) run.settled.add(key);
      run.tally.confirmed += confirmed.length;
      emit({ type: 'confirmed', count: confirmed.length, keys: confirmed });
    }
    for (const { entry, error } of refused) await rejectEntry(run, entry, error);
    if (byKey.size < chunk.length) {
      // Don't confirm what the server did not answer: those entries stay and go again.
      const message = 'The push answer left entries without a result';
      return fail('protocol', message, response.status, 'retry-later');
    }
    failures = 0;
    lastSynced = now();
    return null;
  }

  /**
   * Our API failed (5xx) on a chunk. Narrowed down by halving to the entry it fails on alone; that
   * entry gets a strike, and after POISON_STRIKES the next entry goes alone as a control: if the
   * server takes the control, the first entry is what breaks it and is set aside; if not, the
   * server is failing for everyone and every entry waits.
   */
  async function serverFailed(
    run: RunState,
    chunk: PendingEntry[],
    message: string,
    status: number,
  ): Promise<Stop | null> {
    const [suspect] = chunk;
    if (suspect === undefined) return null;
    if (chunk.length > 1) {
      run.probeLimit = Math.floor(chunk.length / 2);
      return null;
    }
    const strikes = await outbox.strike(suspect, message);
    if (strikes < POISON_STRIKES) return fail('server', message, status, 'retry-later');
    const control = (await outbox.pending(run.userId, 2)).find((e) => e.key !== suspect.key);
    // Last in the queue, it blocks nothing: it keeps its place and is tried again later.
    if (control === undefined) return fail('server', message, status, 'retry-later');
    const result = await exchange(run, [control]);
    if (result.kind !== 'answered') return stopWithoutAnswer(result);
    const answered = result.response.status >= 200 && result.response.status < 300;
    if (!answered || answersByKey(parseResults(result.response.body), [control]) === null) {
      return fail('server', message, status, 'retry-later');
    }
    await setAsideEntry(run, suspect, message);
    return settleResults(run, [control], result.response);
  }

  /**
   * Our API refused the request as a whole (a 4xx other than 401/404/405/408/429): the chunk is
   * halved until the entry it is about goes alone, and that entry is set aside, never rejected:
   * the API did not answer about its change, only about the request that carried it.
   */
  async function requestRefused(
    run: RunState,
    chunk: PendingEntry[],
    message: string,
    status: number,
  ): Promise<Stop | null> {
    const [first] = chunk;
    if (first === undefined) return null;
    if (chunk.length > 1) {
      // A 413 needs smaller requests for the rest of the run; another 4xx is narrowed down.
      const half = Math.floor(chunk.length / 2);
      if (status === 413) run.sizeLimit = half;
      else run.probeLimit = half;
      return null;
    }
    await setAsideEntry(run, first, message);
    return null;
  }

  /** What our API's answer (other than 401) means: null to read the next chunk, or why the run stops. */
  async function handleAnswer(
    run: RunState,
    chunk: PendingEntry[],
    response: PushResponse,
  ): Promise<Stop | null> {
    const { status, body, retryAfterSeconds } = response;
    if (status >= 200 && status < 300) return settleResults(run, chunk, response);
    const message = errorText(body, `HTTP ${status}`);
    if (status === 429) {
      // Over the write budget: send less, once the server says there is room again.
      if (chunk.length > 1) budgetLimit = Math.max(1, Math.floor(chunk.length / 2));
      return fail('server', message, status, 'retry-later', retryAfterSeconds);
    }
    if (status === 408 || status === 503) {
      return fail(
        'server',
        message,
        status,
        'retry-later',
        status === 503 ? retryAfterSeconds : null,
      );
    }
    if (status === 404 || status === 405) {
      // A missing endpoint (an old deployment) says nothing about any entry.
      return fail('endpoint', message, status, 'retry-later');
    }
    if (status >= 500) return serverFailed(run, chunk, message, status);
    if (status >= 400) return requestRefused(run, chunk, message, status);
    return fail('protocol', `Unexpected ${message} from the push endpoint`, status, 'retry-later');
  }

  function stopWithoutAnswer(result: Exclude<Exchange, { kind: 'answered' }>): Stop {
    switch (result.kind) {
      case 'not-delivered':
        emit({ type: 'not-delivered', reason: result.reason });
        return { stoppedBy: 'not-delivered', retry: true, retryAfterSeconds: null };
      case 'no-token':
        emit({ type: 'not-delivered', reason: 'no-token' });
        return { stoppedBy: 'not-delivered', retry: true, retryAfterSeconds: null };
      case 'signed-out':
        // This user's next sign-in replays; there is nothing to retry until then.
        return { stoppedBy: 'signed-out', retry: false, retryAfterSeconds: null };
      case 'auth': {
        // Not a rejection: the changes are fine, the sign-in is not. The next trigger tries again.
        const message = 'The server refused a freshly refreshed sign-in token';
        return { ...fail('auth', message, 401, 'auth'), retry: false };
      }
    }
  }

  /** The loop: chunks in seq order until the outbox is empty or an answer says stop. */
  async function sendAll(run: RunState): Promise<Stop> {
    for (;;) {
      askedAgain = false;
      const limit = Math.min(run.sizeLimit, run.probeLimit, budgetLimit);
      // Read fresh each time, so entries queued while a chunk was in flight go in this run.
      let chunk = (await outbox.pending(run.userId, limit)).slice(0, limit);
      // An entry the server already failed on alone goes alone again: no need to halve to it.
      if ((chunk[0]?.failures ?? 0) > 0) chunk = chunk.slice(0, 1);
      // No more than a full write budget in one push: the server refuses a push over it whole.
      if (chunk.length > 1 && options.weigh) {
        chunk = chunk.slice(0, entriesWithin(await options.weigh(chunk), budgetUnits));
      }
      if (chunk.length === 0) {
        if (askedAgain) continue;
        return { stoppedBy: 'empty', retry: false, retryAfterSeconds: null };
      }
      // Settled entries are deleted (or set aside) before the next read; seeing one again means
      // the outbox port did not, and going on would resend the same chunk forever.
      if (chunk.some((entry) => run.settled.has(entry.key))) {
        const message = 'The outbox returned an entry this run already settled';
        return fail('stuck', message, undefined, 'retry-later');
      }
      const result = await exchange(run, chunk);
      const stop =
        result.kind === 'answered'
          ? await handleAnswer(run, chunk, result.response)
          : stopWithoutAnswer(result);
      if (stop) return stop;
    }
  }

  /** The rebase, once per run: 'rejected' when any change was refused (in this run or owed). */
  async function rebase(run: RunState, stop: Stop): Promise<Stop> {
    const owed = owedRefresh.get(run.userId);
    const { confirmed, rejected } = run.tally;
    if (confirmed === 0 && rejected === 0 && owed === undefined) return stop;
    const reason: RefreshReason = rejected > 0 || owed === 'rejected' ? 'rejected' : 'after-batch';
    if (stop.stoppedBy === 'signed-out') {
      // Another account (or none) is signed in now: a snapshot fetched with its token must not
      // become this user's copy. The rebase waits for this user's next run.
      owedRefresh.set(run.userId, reason);
      return stop;
    }
    try {
      await options.refreshFromServer(run.userId, reason);
      owedRefresh.delete(run.userId);
      return stop;
    } catch (error) {
      owedRefresh.set(run.userId, reason);
      emit({ type: 'error', reason: 'refresh', message: String(error) });
      // An emptied outbox has no retry of its own; schedule one so the owed rebase happens.
      return stop.stoppedBy === 'empty' ? { ...stop, retry: true } : stop;
    }
  }

  async function runOnce(trigger: string): Promise<ReplayOutcome> {
    const userId = await identity.currentUserId();
    const tally = { sent: 0, requests: 0, confirmed: 0, rejected: 0, setAside: 0 };
    if (userId === null) return { ...tally, remaining: 0, stoppedBy: 'signed-out' };
    emit({ type: 'started', trigger, userId });
    const run: RunState = {
      userId,
      tally,
      sizeLimit: chunkSize,
      probeLimit: chunkSize,
      settled: new Set(),
      reachedApi: null,
    };
    const stop = await rebase(run, await sendAll(run));
    // A queue delivered to the end: the next run may try full chunks again.
    if (stop.stoppedBy === 'empty') budgetLimit = chunkSize;
    if (stop.retry) scheduleRetry(stop.retryAfterSeconds);
    const remaining = await outbox.count(userId);
    emit({
      type: 'idle',
      pending: remaining,
      lastSyncedAt: lastSynced,
      reachedApi: run.reachedApi,
    });
    return { ...run.tally, remaining, stoppedBy: stop.stoppedBy };
  }

  function replay(trigger: string): Promise<ReplayOutcome> {
    if (running) {
      askedAgain = true;
      return running;
    }
    // online / visible / start / manual mean "try now": a pending back-off timer is not waited for.
    cancelTimer();
    const current = options
      .withLock(() => runOnce(trigger))
      .catch((error: unknown) => {
        emit({ type: 'error', reason: 'unexpected', message: String(error) });
        throw error;
      })
      .finally(() => {
        running = null;
      });
    // Asked again after the run's last look in the outbox (during its rebase, say): the change
    // that asked is not in this run, and an emptied outbox schedules no retry, so it would wait
    // for the next trigger (a minute on engines without Background Sync). One more run sends it.
    running = current.then((outcome) =>
      askedAgain && outcome.stoppedBy === 'empty' && !disposed ? replay('asked-again') : outcome,
    );
    return running;
  }

  return {
    replay,
    dispose() {
      disposed = true;
      cancelTimer();
    },
    backoff() {
      return { failures, retryAt: timer?.retryAt ?? null, delayMs: timer?.delayMs ?? null };
    },
    lastSyncedAt() {
      return lastSynced;
    },
  };
}
