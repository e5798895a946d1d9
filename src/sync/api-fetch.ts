// The device's one way to call /api: a deadline on every call, redirects never followed, and
// only our API's own answers let through (a captive portal, a proxy or a filter may answer in
// its place). Everything else is "not reached", which the caller treats like no network.
import { AppError } from '../errors/app-error';
import { API_MARKER_HEADER, API_MARKER_VALUE } from '../shared/http/api-marker';

/** A read or a small write: long enough for a slow venue network, short enough to move on. */
export const API_DEADLINE_MS = 15_000;
/** The catalogue download and photo uploads carry megabytes. */
export const BULK_DEADLINE_MS = 60_000;

/** Why an /api call got no answer from our API. */
export type NotReachedReason =
  /** The request failed on the way (no network, refused, reset). */
  | 'network'
  /** No complete answer within the deadline. */
  | 'timeout'
  /** A redirect: our API never redirects, a portal does. */
  | 'redirect'
  /** An answer without our marker, or not the JSON it claims to be: a portal, proxy or filter. */
  | 'not-api';

const MESSAGES: Record<NotReachedReason, string> = {
  network: "Can't reach the server: no connection.",
  timeout: "Can't reach the server: it did not answer in time.",
  redirect: "Can't reach the server: the network redirected the request (a Wi-Fi login page?).",
  'not-api': "Can't reach the server: something else on the network answered instead.",
};

/** An /api call that did not reach our API: nothing it may have carried is known to be applied. */
export class ApiNotReachedError extends AppError {
  constructor(readonly reason: NotReachedReason) {
    super('unreachable', MESSAGES[reason]);
    this.name = 'ApiNotReachedError';
  }
}

export function isNotReached(error: unknown): error is ApiNotReachedError {
  return error instanceof ApiNotReachedError;
}

export interface ApiFetchOptions {
  deadlineMs?: number;
  fetcher?: typeof fetch;
}

/** Whether a response is our API's own answer (the marker header every /api answer carries). */
export function isApiAnswer(response: Response): boolean {
  return (
    response.type !== 'opaqueredirect' &&
    response.headers.get(API_MARKER_HEADER) === API_MARKER_VALUE
  );
}

/**
 * A signal that aborts at the deadline or when the caller's does. The deadline covers reading the
 * body too, so a server that sends headers and then stalls cannot hold the caller; a timer that
 * fires after the body was read aborts nothing.
 */
function deadlineSignal(deadlineMs: number, outer: AbortSignal | null | undefined): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new ApiNotReachedError('timeout')), deadlineMs);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
  }
  return controller.signal;
}

/** Our API never redirects (304 is a cache answer, not a redirect). */
const isRedirect = (response: Response) =>
  response.type === 'opaqueredirect' ||
  (response.status >= 300 && response.status < 400 && response.status !== 304);

/**
 * fetch for /api: resolves only with our API's answer (any status), body unread and still under
 * the deadline; rejects with ApiNotReachedError otherwise, or with the caller's abort reason.
 */
export async function apiFetch(
  input: string,
  init: RequestInit = {},
  options: ApiFetchOptions = {},
): Promise<Response> {
  const fetcher = options.fetcher ?? fetch;
  const signal = deadlineSignal(options.deadlineMs ?? API_DEADLINE_MS, init.signal);
  let response: Response;
  try {
    response = await fetcher(input, { ...init, redirect: 'manual', signal });
  } catch {
    if (init.signal?.aborted) throw init.signal.reason;
    throw new ApiNotReachedError(signal.aborted ? 'timeout' : 'network');
  }
  const refused = isRedirect(response) ? 'redirect' : isApiAnswer(response) ? null : 'not-api';
  if (refused) {
    void response.body?.cancel().catch(() => undefined);
    throw new ApiNotReachedError(refused);
  }
  return response;
}

/**
 * The JSON body of an API answer; a body that cannot be read in time or is not JSON means the
 * answer did not really arrive (a reset mid-response, a stall): ApiNotReachedError.
 */
export async function readApiJson(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return null;
  try {
    return await response.json();
  } catch (error) {
    if (isNotReached(error)) throw error;
    throw new ApiNotReachedError(error instanceof SyntaxError ? 'not-api' : 'network');
  }
}
