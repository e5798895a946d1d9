// What every outcome of a push means to the replayer, in one place (docs/sync.md "What each
// answer means"): classifyAnswer names the kind of an exchange's outcome, ANSWER_POLICY says what
// the replayer does with each kind. Only a per-entry result of our API's answer settles an entry.
import { pushAnswerSchema, type PushResult } from '../shared/sync/push-contract';
import type { PushResponse, ReplayErrorReason, StoppedBy } from './replay-types';

export type AnswerKind =
  /** Our 2xx, with a result list that names only keys sent, each once. */
  | 'results'
  /** Our 2xx whose body is not the push answer, or names a key not sent or one twice. */
  | 'results-untrusted'
  /** Our 401 to a token not refreshed in this exchange. */
  | 'unauthorized'
  /** Our 401 to a token refreshed for this exchange. */
  | 'unauthorized-again'
  /** Our 429: over the write budget, or another push of this collector's is being applied. */
  | 'over-budget'
  /** Our 408. */
  | 'request-timeout'
  /** Our 503: the database is unreachable, with Retry-After. */
  | 'unavailable'
  /** Our 404 or 405: the push endpoint is missing (an old deployment). */
  | 'no-endpoint'
  /** Our other 5xx. */
  | 'server-error'
  /** Our other 4xx: about the request as a whole (400, 413, …), never about one change. */
  | 'request-refused'
  /** Our answer with a status the push endpoint never gives. */
  | 'unexpected-status'
  /** An answer that is not our API's (no marker, not JSON): a portal, a proxy, a filter. */
  | 'not-api'
  /** A redirect: our API never redirects, a portal does. */
  | 'redirect'
  /** No answer: the request failed on the way. */
  | 'network'
  /** No complete answer within the deadline. */
  | 'timeout'
  /** No token to send with (offline, or the sign-in cannot refresh it). */
  | 'no-token'
  /** Another account, or none, is signed in now: entries never go out under another account. */
  | 'signed-out';

/** What one exchange came to, named by its kind. */
export type Answer =
  | { kind: 'results'; status: number; byKey: ReadonlyMap<string, PushResult> }
  | {
      kind: Exclude<AnswerKind, 'results'>;
      /** Our API's status, when it answered. */
      status?: number;
      /** Our answer's `error` (else `HTTP <status>`), or why no answer of ours came. */
      said: string;
      retryAfterSeconds: number | null;
    };

export type Action =
  /** ok/duplicate: delete the entry; rejected: delete it, rebase, tell the collector. Entries
   * left without a result stay and go again (a 'protocol' error). */
  | { do: 'settle' }
  /** The same chunk again with a freshly refreshed token, once. */
  | { do: 'resend-with-fresh-token' }
  /** Halve the chunk down to the entry our API fails on alone; that entry gets a strike, and
   * after POISON_STRIKES the next entry goes alone as a control to decide whether to set it aside. */
  | { do: 'find-poison-entry' }
  /** Halve the chunk down to the entry the refusal is about, and set it aside (never revert it:
   * the API did not answer about its change). A 413 keeps the chunks small for the rest of the run. */
  | { do: 'set-aside-refused-entry' }
  /** Keep every entry and end the run. */
  | {
      do: 'stop';
      stoppedBy: StoppedBy;
      /** An 'error' event with this reason, a 'not-delivered' event, or nothing. */
      report: ReplayErrorReason | 'not-delivered' | null;
      /** Whether a retry is scheduled (with back-off and jitter). */
      retry: boolean;
      /** Whether that retry waits the answer's Retry-After. */
      honourRetryAfter?: boolean;
      /** Halve the entries per push until a run empties the queue. */
      sendLess?: boolean;
      /** The error's message from what the answer said (default: as said). */
      message?: (said: string) => string;
    };

export type StopAction = Extract<Action, { do: 'stop' }>;

const keepAll = (report: ReplayErrorReason, more: Partial<StopAction> = {}): StopAction => ({
  do: 'stop',
  stoppedBy: 'retry-later',
  report,
  retry: true,
  ...more,
});
const notDelivered: StopAction = {
  do: 'stop',
  stoppedBy: 'not-delivered',
  report: 'not-delivered',
  retry: true,
};

export const ANSWER_POLICY: Readonly<Record<AnswerKind, Action>> = {
  results: { do: 'settle' },
  // A proxy's cached reply, a server bug: the answer cannot be trusted for any entry.
  'results-untrusted': keepAll('protocol', {
    message: () => 'The push answer does not match the entries sent',
  }),
  unauthorized: { do: 'resend-with-fresh-token' },
  // Not a rejection: the changes are fine, the sign-in is not. The next trigger tries again.
  'unauthorized-again': {
    do: 'stop',
    stoppedBy: 'auth',
    report: 'auth',
    retry: false,
    message: () => 'The server refused a freshly refreshed sign-in token',
  },
  // Over the write budget: send less, once the server says there is room again.
  'over-budget': keepAll('server', { honourRetryAfter: true, sendLess: true }),
  'request-timeout': keepAll('server'),
  unavailable: keepAll('server', { honourRetryAfter: true }),
  // A missing endpoint (an old deployment) says nothing about any entry.
  'no-endpoint': keepAll('endpoint'),
  'server-error': { do: 'find-poison-entry' },
  'request-refused': { do: 'set-aside-refused-entry' },
  'unexpected-status': keepAll('protocol', {
    message: (said) => `Unexpected ${said} from the push endpoint`,
  }),
  // Not our API's answer, or none: nothing is known about any entry, so every one stays.
  'not-api': notDelivered,
  redirect: notDelivered,
  network: notDelivered,
  timeout: notDelivered,
  'no-token': notDelivered,
  // This user's next sign-in replays; there is nothing to retry until then.
  'signed-out': { do: 'stop', stoppedBy: 'signed-out', report: null, retry: false },
};

/**
 * Kinds that end an exchange before our API said anything about the chunk (nothing came back,
 * no request could be made, or the sign-in is refused): they stop a run whatever chunk was sent.
 */
export const WITHOUT_VERDICT: ReadonlySet<AnswerKind> = new Set<AnswerKind>([
  'unauthorized-again',
  'not-api',
  'redirect',
  'network',
  'timeout',
  'no-token',
  'signed-out',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorText(body: unknown, fallback: string): string {
  return isRecord(body) && typeof body.error === 'string' && body.error !== ''
    ? body.error
    : fallback;
}

/** Results by key, or null when the body is not the push answer, or names a key that was not
 * sent, or one twice: then the answer cannot be trusted for any entry. */
function resultsByKey(
  body: unknown,
  sent: readonly { key: string }[],
): Map<string, PushResult> | null {
  const parsed = pushAnswerSchema.safeParse(body);
  if (!parsed.success) return null;
  const keys = new Set(sent.map((entry) => entry.key));
  const byKey = new Map<string, PushResult>();
  for (const result of parsed.data.results) {
    if (!keys.has(result.key) || byKey.has(result.key)) return null;
    byKey.set(result.key, result);
  }
  return byKey;
}

function statusKind(status: number, forcedToken: boolean): Exclude<AnswerKind, 'results'> {
  if (status === 401) return forcedToken ? 'unauthorized-again' : 'unauthorized';
  if (status === 429) return 'over-budget';
  if (status === 408) return 'request-timeout';
  if (status === 503) return 'unavailable';
  if (status === 404 || status === 405) return 'no-endpoint';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'request-refused';
  return 'unexpected-status';
}

/** Our API's answer to a push of `sent`, with a token refreshed for it or not, by its kind. */
export function classifyAnswer(
  response: PushResponse,
  sent: readonly { key: string }[],
  forcedToken: boolean,
): Answer {
  const { status, body, retryAfterSeconds } = response;
  if (status >= 200 && status < 300) {
    const byKey = resultsByKey(body, sent);
    if (byKey !== null) return { kind: 'results', status, byKey };
    return { kind: 'results-untrusted', status, said: `HTTP ${status}`, retryAfterSeconds };
  }
  const said = errorText(body, `HTTP ${status}`);
  return { kind: statusKind(status, forcedToken), status, said, retryAfterSeconds };
}

const NOT_REACHED: ReadonlySet<AnswerKind> = new Set(['network', 'timeout', 'redirect', 'not-api']);

/**
 * A push that got no answer of our API's, by kind: ApiNotReachedError's reason (network,
 * timeout, redirect, not-api), or 'network' for any other failure. `said` keeps the reason.
 */
export function classifyNotReached(error: unknown): Answer {
  const reason = isRecord(error) ? error.reason : undefined;
  const said = typeof reason === 'string' ? reason : 'network';
  const kind = NOT_REACHED.has(said as AnswerKind) ? (said as AnswerKind) : 'network';
  return { kind: kind as Exclude<AnswerKind, 'results'>, said, retryAfterSeconds: null };
}
