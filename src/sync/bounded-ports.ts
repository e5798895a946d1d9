// Deadlines on what a replayer awaits while it holds the `outbox` lock: the outbox's IndexedDB
// requests, Firebase's token, the rebase. Past one, the run fails, the lock is let go, and the
// next trigger tries again (the network calls have their own deadlines in apiFetch).
import { withDeadline } from '../db/deadline';
import type { IdentityPort, OutboxPort } from './replay-types';

/** An outbox read or write: milliseconds normally, seconds on a slow phone. */
export const OUTBOX_DEADLINE_MS = 20_000;
/** A token refresh goes to the identity provider: the network's time plus a margin. */
export const TOKEN_DEADLINE_MS = 30_000;
/** Pulling the snapshot and rebasing a large collection on it. */
export const REBASE_DEADLINE_MS = 90_000;

export function boundedOutbox(port: OutboxPort, ms = OUTBOX_DEADLINE_MS): OutboxPort {
  const bound =
    <A extends unknown[], R>(what: string, call: (...args: A) => Promise<R>) =>
    (...args: A) =>
      withDeadline(call(...args), ms, `outbox ${what}`);
  return {
    pending: bound('read', port.pending.bind(port)),
    confirm: bound('confirm', port.confirm.bind(port)),
    reject: bound('reject', port.reject.bind(port)),
    strike: bound('strike', port.strike.bind(port)),
    setAside: bound('set aside', port.setAside.bind(port)),
    count: bound('count', port.count.bind(port)),
  };
}

export function boundedIdentity(identity: IdentityPort, ms = TOKEN_DEADLINE_MS): IdentityPort {
  return {
    currentUserId: () => withDeadline(identity.currentUserId(), ms, 'reading the signed-in user'),
    idToken: (forceRefresh) =>
      withDeadline(identity.idToken(forceRefresh), ms, 'getting a sign-in token'),
  };
}
