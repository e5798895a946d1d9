// The outbox replay policy: sends a user's pending changes in order, decides what answers mean.
//
// Pure over injected ports (outbox, identity, server, lock, clock, timer): the service worker and
// the page wire real ones (Dexie, Firebase Auth, apiFetch, navigator.locks). docs/sync.md ("A change,
// from the button to SQL" and "What each answer means") holds the rules this file implements:
// an entry leaves the queue only on a per-entry result of our API's answer; anything else keeps
// it; an entry that our API keeps failing on alone is set aside, visible, so the rest moves on.
//
// This file keeps what lasts between runs (the back-off, the write-budget limit, an owed rebase)
// and runs one at a time; a run's sending is replay-run.ts, what each answer means
// answer-policy.ts, the ports and events replay-types.ts.
import { backoffDelayMs } from './backoff';
import { REVERTED_MESSAGE } from './reverted-message';
import { WRITE_BUDGET_CAPACITY } from '../shared/collection/work-units';
import { DEVICE_PUSH_CHUNK_ENTRIES } from '../shared/sync/push-contract';
import { newRun, sendAll, type RunContext, type RunState, type Stop } from './replay-run';
import type {
  RefreshReason,
  Replayer,
  ReplayerOptions,
  ReplayEvent,
  ReplayOutcome,
} from './replay-types';

export { REVERTED_MESSAGE };
export { POISON_STRIKES } from './replay-run';
export type * from './replay-types';

function defaultSchedule(delayMs: number, fn: () => void): () => void {
  const handle = setTimeout(fn, delayMs);
  return () => clearTimeout(handle);
}

function clampChunkSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return DEVICE_PUSH_CHUNK_ENTRIES;
  return Math.min(DEVICE_PUSH_CHUNK_ENTRIES, Math.max(1, Math.floor(size)));
}

export function createReplayer(options: ReplayerOptions): Replayer {
  const { outbox, identity, server } = options;
  const schedule = options.schedule ?? defaultSchedule;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const chunkSize = clampChunkSize(options.chunkSize);

  let running: Promise<ReplayOutcome> | null = null;
  let failures = 0;
  let timer: { cancel: () => void; retryAt: number; delayMs: number } | null = null;
  let lastSynced: number | null = null;
  let disposed = false;
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

  const runs: RunContext = {
    outbox,
    identity,
    server,
    weigh: options.weigh,
    chunkSize,
    budgetUnits: options.budgetUnits ?? WRITE_BUDGET_CAPACITY,
    emit,
    budgetLimit: chunkSize,
    // Set by a replay() that arrives during a run: the run reads the outbox once more before it
    // ends (or, asked after its last read, runs once more: replay()), so a change made during a
    // run is never left waiting for a trigger.
    askedAgain: false,
    delivered() {
      failures = 0;
      lastSynced = now();
    },
  };

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
    if (userId === null) {
      const nothing = { sent: 0, requests: 0, confirmed: 0, rejected: 0, setAside: 0 };
      return { ...nothing, remaining: 0, stoppedBy: 'signed-out' };
    }
    emit({ type: 'started', trigger, userId });
    const run = newRun(userId, chunkSize);
    const stop = await rebase(run, await sendAll(runs, run));
    // A queue delivered to the end: the next run may try full chunks again.
    if (stop.stoppedBy === 'empty') runs.budgetLimit = chunkSize;
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
      runs.askedAgain = true;
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
      runs.askedAgain && outcome.stoppedBy === 'empty' && !disposed
        ? replay('asked-again')
        : outcome,
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
