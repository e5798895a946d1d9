// One replay run's sending: chunks in seq order, each exchanged with a token fetched now, and the
// answer acted on as ANSWER_POLICY (answer-policy.ts) says, until the outbox is empty or an
// answer says stop. The state kept between runs (back-off, budget) is the replayer's.
import { entriesWithin } from './push-units';
import { REVERTED_MESSAGE } from './reverted-message';
import {
  ANSWER_POLICY,
  classifyAnswer,
  classifyNotReached,
  WITHOUT_VERDICT,
  type Answer,
  type StopAction,
} from './answer-policy';
import type {
  IdentityPort,
  OutboxPort,
  PendingEntry,
  PushResponse,
  ReplayErrorReason,
  ReplayEvent,
  ReplayerOptions,
  ServerPort,
  StoppedBy,
} from './replay-types';

/**
 * Server errors (5xx from our API) an entry sent alone may get before it is suspected of being
 * what breaks the server (a poison entry): then the entry after it is sent alone as a control.
 */
export const POISON_STRIKES = 3;

/** An answer without results: what it said and, when it was ours, its status. */
type Said = Exclude<Answer, { kind: 'results' }>;

/** Why a run ends without emptying the outbox, and whether a retry is worth scheduling. */
export interface Stop {
  stoppedBy: StoppedBy;
  retry: boolean;
  retryAfterSeconds: number | null;
}

/** One run's working state. */
export interface RunState {
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

/** What a run uses of its replayer: ports, settings, and the state kept between runs. */
export interface RunContext {
  outbox: OutboxPort;
  identity: IdentityPort;
  server: ServerPort;
  weigh: ReplayerOptions['weigh'];
  chunkSize: number;
  budgetUnits: number;
  emit(event: ReplayEvent): void;
  /**
   * Halved by a 429 (the server's write budget) and kept until a run delivers the whole queue,
   * so a device over its budget sends what fits instead of the same chunk again.
   */
  budgetLimit: number;
  /** Set by a replay() asked during a run: the run reads the outbox once more before it ends. */
  askedAgain: boolean;
  /** A push our API answered properly: the back-off starts over. */
  delivered(): void;
}

/** Reports why the run stops, keeping every entry that was not settled, and asks for a retry. */
function fail(
  ctx: RunContext,
  reason: ReplayErrorReason,
  message: string,
  status: number | undefined,
  stoppedBy: StoppedBy,
  retryAfterSeconds: number | null = null,
): Stop {
  ctx.emit({ type: 'error', reason, message, ...(status === undefined ? {} : { status }) });
  return { stoppedBy, retry: true, retryAfterSeconds };
}

/** Gets a token and checks it is still this user's: entries must never go out under another account. */
async function tokenFor(ctx: RunContext, userId: string, forceRefresh: boolean) {
  let token: string;
  try {
    token = await ctx.identity.idToken(forceRefresh);
  } catch {
    const current = await ctx.identity.currentUserId();
    return current === userId ? noRequest('no-token') : noRequest('signed-out');
  }
  if ((await ctx.identity.currentUserId()) !== userId) return noRequest('signed-out');
  return token;
}

function noRequest(kind: 'no-token' | 'signed-out'): Answer {
  return { kind, said: kind, retryAfterSeconds: null };
}

/** One request of a chunk, its outcome named by its kind. */
async function attempt(
  ctx: RunContext,
  run: RunState,
  chunk: PendingEntry[],
  forceRefresh: boolean,
): Promise<Answer> {
  const token = await tokenFor(ctx, run.userId, forceRefresh);
  if (typeof token !== 'string') return token;
  run.tally.requests += 1;
  run.tally.sent += chunk.length;
  ctx.emit({
    type: 'chunk-sent',
    size: chunk.length,
    firstKey: chunk[0]?.key ?? '',
    lastKey: chunk[chunk.length - 1]?.key ?? '',
    forcedToken: forceRefresh,
  });
  const mutations = chunk.map(({ key, name, args }) => ({ key, name, args }));
  let response: PushResponse;
  try {
    response = await ctx.server.push(token, mutations);
  } catch (error) {
    run.reachedApi = false;
    return classifyNotReached(error);
  }
  run.reachedApi = true;
  return classifyAnswer(response, chunk, forceRefresh);
}

/** One chunk on the wire: a token fetched now (never one from queue time), one retry after a 401. */
async function exchange(ctx: RunContext, run: RunState, chunk: PendingEntry[]): Promise<Answer> {
  const first = await attempt(ctx, run, chunk, false);
  if (ANSWER_POLICY[first.kind].do !== 'resend-with-fresh-token') return first;
  return attempt(ctx, run, chunk, true);
}

async function rejectEntry(ctx: RunContext, run: RunState, entry: PendingEntry, error: string) {
  const { outbox } = ctx;
  await outbox.reject(entry, error);
  run.settled.add(entry.key);
  run.tally.rejected += 1;
  ctx.emit({
    type: 'rejected',
    key: entry.key,
    name: entry.name,
    error,
    message: REVERTED_MESSAGE,
  });
}

async function setAsideEntry(ctx: RunContext, run: RunState, entry: PendingEntry, error: string) {
  const { outbox } = ctx;
  await outbox.setAside(entry, error);
  run.settled.add(entry.key);
  run.tally.setAside += 1;
  run.probeLimit = ctx.chunkSize;
  ctx.emit({ type: 'set-aside', key: entry.key, name: entry.name, error });
}

/** Our 2xx with results: settles each entry the server answered; a Stop when some were left unanswered. */
async function settleResults(
  ctx: RunContext,
  run: RunState,
  chunk: PendingEntry[],
  answer: Extract<Answer, { kind: 'results' }>,
): Promise<Stop | null> {
  const { outbox } = ctx;
  const confirmed: string[] = [];
  const refused: { entry: PendingEntry; error: string }[] = [];
  for (const entry of chunk) {
    const result = answer.byKey.get(entry.key);
    if (result?.status === 'rejected') refused.push({ entry, error: result.error ?? 'Rejected' });
    else if (result !== undefined) confirmed.push(entry.key);
  }
  if (confirmed.length > 0) {
    await outbox.confirm(confirmed);
    for (const key of confirmed) run.settled.add(key);
    run.tally.confirmed += confirmed.length;
    ctx.emit({ type: 'confirmed', count: confirmed.length, keys: confirmed });
  }
  for (const { entry, error } of refused) await rejectEntry(ctx, run, entry, error);
  if (answer.byKey.size < chunk.length) {
    // Don't confirm what the server did not answer: those entries stay and go again.
    const message = 'The push answer left entries without a result';
    return fail(ctx, 'protocol', message, answer.status, 'retry-later');
  }
  ctx.delivered();
  return null;
}

/** Ends the run as a 'stop' action says, keeping every entry not settled. */
function stop(ctx: RunContext, chunk: PendingEntry[], answer: Said, action: StopAction): Stop {
  const { said } = answer;
  const retryAfterSeconds = action.honourRetryAfter ? answer.retryAfterSeconds : null;
  if (action.sendLess && chunk.length > 1) {
    ctx.budgetLimit = Math.max(1, Math.floor(chunk.length / 2));
  }
  if (action.report === 'not-delivered') ctx.emit({ type: 'not-delivered', reason: said });
  else if (action.report !== null) {
    const message = action.message ? action.message(said) : said;
    fail(ctx, action.report, message, answer.status, action.stoppedBy);
  }
  return { stoppedBy: action.stoppedBy, retry: action.retry, retryAfterSeconds };
}

/**
 * Our API failed (5xx) on a chunk. Narrowed down by halving to the entry it fails on alone; that
 * entry gets a strike, and after POISON_STRIKES the next entry goes alone as a control: if the
 * server takes the control, the first entry is what breaks it and is set aside; if not, the
 * server is failing for everyone and every entry waits.
 */
async function serverFailed(
  ctx: RunContext,
  run: RunState,
  chunk: PendingEntry[],
  failed: Said,
): Promise<Stop | null> {
  const { outbox } = ctx;
  const { said: message, status } = failed;
  const [suspect] = chunk;
  if (suspect === undefined) return null;
  if (chunk.length > 1) {
    run.probeLimit = Math.floor(chunk.length / 2);
    return null;
  }
  const strikes = await outbox.strike(suspect, message);
  if (strikes < POISON_STRIKES) return fail(ctx, 'server', message, status, 'retry-later');
  const control = (await outbox.pending(run.userId, 2)).find((e) => e.key !== suspect.key);
  // Last in the queue, it blocks nothing: it keeps its place and is tried again later.
  if (control === undefined) return fail(ctx, 'server', message, status, 'retry-later');
  const answer = await exchange(ctx, run, [control]);
  if (WITHOUT_VERDICT.has(answer.kind)) return act(ctx, run, [control], answer);
  if (answer.kind !== 'results') return fail(ctx, 'server', message, status, 'retry-later');
  await setAsideEntry(ctx, run, suspect, message);
  return settleResults(ctx, run, [control], answer);
}

/**
 * Our API refused the request as a whole (a 4xx other than 401/404/405/408/429): the chunk is
 * halved until the entry it is about goes alone, and that entry is set aside, never rejected:
 * the API did not answer about its change, only about the request that carried it.
 */
async function requestRefused(
  ctx: RunContext,
  run: RunState,
  chunk: PendingEntry[],
  refusal: Said,
): Promise<Stop | null> {
  const [first] = chunk;
  if (first === undefined) return null;
  if (chunk.length > 1) {
    // A 413 needs smaller requests for the rest of the run; another 4xx is narrowed down.
    const half = Math.floor(chunk.length / 2);
    if (refusal.status === 413) run.sizeLimit = half;
    else run.probeLimit = half;
    return null;
  }
  await setAsideEntry(ctx, run, first, refusal.said);
  return null;
}

/** Does what ANSWER_POLICY says for an answer: null to read the next chunk, or why the run stops. */
async function act(
  ctx: RunContext,
  run: RunState,
  chunk: PendingEntry[],
  answer: Answer,
): Promise<Stop | null> {
  const action = ANSWER_POLICY[answer.kind];
  if (answer.kind === 'results') return settleResults(ctx, run, chunk, answer);
  switch (action.do) {
    case 'stop':
      return stop(ctx, chunk, answer, action);
    case 'find-poison-entry':
      return serverFailed(ctx, run, chunk, answer);
    case 'set-aside-refused-entry':
      return requestRefused(ctx, run, chunk, answer);
    case 'settle':
    case 'resend-with-fresh-token':
      // Only 'results' settles, and exchange() resends a first 401 itself.
      throw new Error(`No ${action.do} for a push answer of kind ${answer.kind}`);
  }
}

export function newRun(userId: string, chunkSize: number): RunState {
  return {
    userId,
    tally: { sent: 0, requests: 0, confirmed: 0, rejected: 0, setAside: 0 },
    sizeLimit: chunkSize,
    probeLimit: chunkSize,
    settled: new Set(),
    reachedApi: null,
  };
}

/** The loop: chunks in seq order until the outbox is empty or an answer says stop. */
export async function sendAll(ctx: RunContext, run: RunState): Promise<Stop> {
  const { outbox } = ctx;
  for (;;) {
    ctx.askedAgain = false;
    const limit = Math.min(run.sizeLimit, run.probeLimit, ctx.budgetLimit);
    // Read fresh each time, so entries queued while a chunk was in flight go in this run.
    let chunk = (await outbox.pending(run.userId, limit)).slice(0, limit);
    // An entry the server already failed on alone goes alone again: no need to halve to it.
    if ((chunk[0]?.failures ?? 0) > 0) chunk = chunk.slice(0, 1);
    // No more than a full write budget in one push: the server refuses a push over it whole.
    if (chunk.length > 1 && ctx.weigh) {
      chunk = chunk.slice(0, entriesWithin(await ctx.weigh(chunk), ctx.budgetUnits));
    }
    if (chunk.length === 0) {
      if (ctx.askedAgain) continue;
      return { stoppedBy: 'empty', retry: false, retryAfterSeconds: null };
    }
    // Settled entries are deleted (or set aside) before the next read; seeing one again means
    // the outbox port did not, and going on would resend the same chunk forever.
    if (chunk.some((entry) => run.settled.has(entry.key))) {
      const message = 'The outbox returned an entry this run already settled';
      return fail(ctx, 'stuck', message, undefined, 'retry-later');
    }
    const stopped = await act(ctx, run, chunk, await exchange(ctx, run, chunk));
    if (stopped) return stopped;
  }
}
