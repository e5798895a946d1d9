// Only our API's answers count: what a captive portal, a filter, a proxy, a reset or a stall
// sends back is "not reached", and the replayer keeps every entry it carried.
import { describe, expect, it } from 'vitest';
import { API_MARKER_HEADER, API_MARKER_VALUE } from '../../../src/shared/http/api-marker';
import { apiFetch, ApiNotReachedError, readApiJson } from '../../../src/sync/api-fetch';
import { createApiClient } from '../../../src/sync/api-client';
import { createReplayer, type ReplayEvent } from '../../../src/sync/replayer';
import { fakeIdentity, manualScheduler, memoryOutbox } from '../../fixtures/scripted-push-server';

const OURS = { [API_MARKER_HEADER]: API_MARKER_VALUE, 'content-type': 'application/json' };
const HTML = { 'content-type': 'text/html' };
const portalPage = '<!doctype html><title>Venue Wi-Fi</title><form>Sign in</form>';

/** A fetch that answers every call with `make()`, recording the init it was given. */
function answering(make: () => Response | Promise<Response>) {
  const inits: RequestInit[] = [];
  const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init ?? {});
    return make();
  }) as typeof fetch;
  return { fetcher, inits };
}

/** A body that sends a few bytes and then breaks, like a connection reset mid-response. */
function resetBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"results":['));
      controller.error(new TypeError('network error: connection reset'));
    },
  });
}

const notOurs: [string, () => Response, string][] = [
  ['a portal 511 page', () => new Response(portalPage, { status: 511, headers: HTML }), 'not-api'],
  [
    'a portal redirect to its login page',
    () => new Response(null, { status: 302, headers: { location: '/login' } }),
    'redirect',
  ],
  [
    'a portal login page answered 200',
    () => new Response(portalPage, { status: 200, headers: HTML }),
    'not-api',
  ],
  ['a filter 403 page', () => new Response(portalPage, { status: 403, headers: HTML }), 'not-api'],
  [
    'a proxy 502 page',
    () => new Response('Bad Gateway', { status: 502, headers: HTML }),
    'not-api',
  ],
  [
    'JSON of the right shape without our marker',
    () =>
      new Response(JSON.stringify({ results: [{ key: 'device-a:1', status: 'ok' }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    'not-api',
  ],
  [
    'a marked answer whose body is not JSON',
    () => new Response(portalPage, { status: 200, headers: OURS }),
    'not-api',
  ],
  [
    'a marked answer reset mid-body',
    () => new Response(resetBody(), { status: 200, headers: OURS }),
    'network',
  ],
];

describe('apiFetch and the push client', () => {
  it.each(notOurs)('treats %s as not reached', async (_what, make, reason) => {
    const { fetcher, inits } = answering(make);
    const api = createApiClient('', fetcher);

    const push = api.push('token', [{ key: 'device-a:1', name: 'x', args: {} }]);

    await expect(push).rejects.toBeInstanceOf(ApiNotReachedError);
    await expect(push).rejects.toMatchObject({ reason, code: 'unreachable' });
    expect(inits[0]?.redirect).toBe('manual');
    expect(inits[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('treats a network error as not reached', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiFetch('/api/x', {}, { fetcher })).rejects.toMatchObject({ reason: 'network' });
  });

  it('gives up at the deadline on a server that never answers', async () => {
    const fetcher = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const started = Date.now();
    await expect(apiFetch('/api/x', {}, { fetcher, deadlineMs: 50 })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up at the deadline on a body that stalls after the headers', async () => {
    const fetcher = ((_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
        },
      });
      return Promise.resolve(new Response(body, { status: 200, headers: OURS }));
    }) as typeof fetch;
    const response = await apiFetch('/api/x', {}, { fetcher, deadlineMs: 50 });
    await expect(readApiJson(response)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('passes our own answers through, whatever their status', async () => {
    const { fetcher } = answering(
      () =>
        new Response(JSON.stringify({ error: 'mutations: bad' }), { status: 400, headers: OURS }),
    );
    const answer = await createApiClient('', fetcher).push('token', []);
    expect(answer).toEqual({
      status: 400,
      body: { error: 'mutations: bad' },
      retryAfterSeconds: null,
    });
  });

  it('lets the caller abort without calling it a network failure', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('left the screen', 'AbortError'));
    const fetcher = ((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.reject(init?.signal?.reason)) as typeof fetch;
    await expect(
      apiFetch('/api/x', { signal: controller.signal }, { fetcher }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the replayer behind a captive portal', () => {
  it.each(notOurs)(
    'keeps every entry, rejects none and says why, on %s',
    async (_what, make, reason) => {
      const { fetcher } = answering(make);
      const outbox = memoryOutbox();
      outbox.addMany('rita', 3);
      const events: ReplayEvent[] = [];
      const scheduler = manualScheduler();
      const replayer = createReplayer({
        outbox,
        identity: fakeIdentity('rita'),
        server: createApiClient('', fetcher),
        refreshFromServer: async () => undefined,
        withLock: (fn) => fn(),
        events: (event) => events.push(event),
        schedule: (delayMs, fn) => scheduler.schedule(delayMs, fn),
        random: () => 0.5,
      });

      const outcome = await replayer.replay('online');

      expect(outcome).toMatchObject({
        confirmed: 0,
        rejected: 0,
        setAside: 0,
        remaining: 3,
        stoppedBy: 'not-delivered',
      });
      expect(outbox.keys('rita')).toEqual(['device-a:1', 'device-a:2', 'device-a:3']);
      expect(events).toContainEqual({ type: 'not-delivered', reason });
      expect(events.at(-1)).toMatchObject({ type: 'idle', pending: 3, reachedApi: false });
      expect(scheduler.active()).toEqual([{ delayMs: 1000 }]);
    },
  );
});
