// The replayer's answer policy in one table: every outcome of a push is named by its kind, and
// each kind maps to what the replayer does (docs/sync.md "What each answer means").
import { describe, expect, it } from 'vitest';
import {
  ANSWER_POLICY,
  classifyAnswer,
  classifyNotReached,
  WITHOUT_VERDICT,
  type AnswerKind,
} from '../../../src/sync/answer-policy';
import { ApiNotReachedError } from '../../../src/sync/api-fetch';
import type { PushResponse } from '../../../src/sync/replay-types';
import { PUSH_IN_FLIGHT_ERROR } from '../../../src/shared/http/request-limits';

const sent = [{ key: 'device-a:1' }, { key: 'device-a:2' }];
const answer = (status: number, body: unknown = null, retryAfterSeconds: number | null = null) =>
  ({ status, body, retryAfterSeconds }) satisfies PushResponse;
const okBody = {
  results: [
    { key: 'device-a:1', status: 'ok' },
    { key: 'device-a:2', status: 'rejected', error: 'Car not found' },
  ],
};

describe('classifyAnswer', () => {
  it.each<[string, PushResponse, boolean, AnswerKind]>([
    ['a 200 with a result per entry', answer(200, okBody), false, 'results'],
    ['a 200 with results for some entries', answer(200, { results: [] }), false, 'results'],
    [
      'a 200 that is not the push answer',
      answer(200, '<html>portal</html>'),
      false,
      'results-untrusted',
    ],
    [
      'a 200 naming a key not sent',
      answer(200, { results: [{ key: 'z:9', status: 'ok' }] }),
      false,
      'results-untrusted',
    ],
    [
      'a 200 naming a key twice',
      answer(200, {
        results: [
          { key: 'device-a:1', status: 'ok' },
          { key: 'device-a:1', status: 'duplicate' },
        ],
      }),
      false,
      'results-untrusted',
    ],
    [
      'a 200 with an unknown status',
      answer(200, { results: [{ key: 'device-a:1', status: 'maybe' }] }),
      false,
      'results-untrusted',
    ],
    ['a 401', answer(401, { error: 'Unauthorized' }), false, 'unauthorized'],
    [
      'a 401 to a refreshed token',
      answer(401, { error: 'Unauthorized' }),
      true,
      'unauthorized-again',
    ],
    ['a 429 over the budget', answer(429, { error: 'Over budget' }, 30), false, 'over-budget'],
    ['a 429 push in flight', answer(429, { error: PUSH_IN_FLIGHT_ERROR }, 1), false, 'over-budget'],
    ['a 408', answer(408, { error: 'Request timeout' }), false, 'request-timeout'],
    ['a 503', answer(503, { error: 'Database unavailable' }, 5), false, 'unavailable'],
    ['a 404', answer(404, { error: 'Not found' }), false, 'no-endpoint'],
    ['a 405', answer(405), false, 'no-endpoint'],
    ['a 500', answer(500, { error: 'Internal error' }), false, 'server-error'],
    ['a 502 of ours', answer(502), false, 'server-error'],
    ['a 400', answer(400, { error: 'mutations: too many' }), false, 'request-refused'],
    ['a 413', answer(413, { error: 'Payload too large' }), false, 'request-refused'],
    ['a 304', answer(304), false, 'unexpected-status'],
  ])('names %s', (_label, response, forcedToken, kind) => {
    expect(classifyAnswer(response, sent, forcedToken).kind).toBe(kind);
  });

  it('keeps each result by key, an error that is not text dropped rather than the answer', () => {
    const body = {
      results: [
        { key: 'device-a:1', status: 'ok', extra: true },
        { key: 'device-a:2', status: 'rejected', error: 42 },
      ],
      more: 'ignored',
    };
    const classified = classifyAnswer(answer(200, body), sent, false);
    expect(classified.kind).toBe('results');
    if (classified.kind !== 'results') return;
    expect([...classified.byKey.values()]).toEqual([
      { key: 'device-a:1', status: 'ok' },
      { key: 'device-a:2', status: 'rejected' },
    ]);
  });

  it('says what our answer said: its error, else the status, with its Retry-After', () => {
    expect(classifyAnswer(answer(429, { error: 'Wait' }, 30), sent, false)).toEqual({
      kind: 'over-budget',
      status: 429,
      said: 'Wait',
      retryAfterSeconds: 30,
    });
    expect(classifyAnswer(answer(500, { error: '' }), sent, false)).toMatchObject({
      said: 'HTTP 500',
    });
  });
});

describe('classifyNotReached', () => {
  it.each<[string, unknown, AnswerKind, string]>([
    ['a network error', new ApiNotReachedError('network'), 'network', 'network'],
    ['a timeout', new ApiNotReachedError('timeout'), 'timeout', 'timeout'],
    ['a redirect', new ApiNotReachedError('redirect'), 'redirect', 'redirect'],
    ['an answer not ours', new ApiNotReachedError('not-api'), 'not-api', 'not-api'],
    ['any other failure', new TypeError('Failed to fetch'), 'network', 'network'],
  ])('names %s', (_label, error, kind, said) => {
    expect(classifyNotReached(error)).toEqual({ kind, said, retryAfterSeconds: null });
  });
});

describe('ANSWER_POLICY', () => {
  const keepsAll = (report: string, more: object = {}) => ({
    do: 'stop',
    stoppedBy: 'retry-later',
    report,
    retry: true,
    ...more,
  });
  const notDelivered = {
    do: 'stop',
    stoppedBy: 'not-delivered',
    report: 'not-delivered',
    retry: true,
  };

  it.each<[AnswerKind, object]>([
    ['results', { do: 'settle' }],
    ['results-untrusted', keepsAll('protocol')],
    ['unauthorized', { do: 'resend-with-fresh-token' }],
    ['unauthorized-again', { do: 'stop', stoppedBy: 'auth', report: 'auth', retry: false }],
    ['over-budget', keepsAll('server', { honourRetryAfter: true, sendLess: true })],
    ['request-timeout', keepsAll('server')],
    ['unavailable', keepsAll('server', { honourRetryAfter: true })],
    ['no-endpoint', keepsAll('endpoint')],
    ['server-error', { do: 'find-poison-entry' }],
    ['request-refused', { do: 'set-aside-refused-entry' }],
    ['unexpected-status', keepsAll('protocol')],
    ['not-api', notDelivered],
    ['redirect', notDelivered],
    ['network', notDelivered],
    ['timeout', notDelivered],
    ['no-token', notDelivered],
    ['signed-out', { do: 'stop', stoppedBy: 'signed-out', report: null, retry: false }],
  ])('%s: %o', (kind, action) => {
    const { message: _message, ...rest } = ANSWER_POLICY[kind] as { message?: unknown };
    expect(rest).toEqual(action);
  });

  it('words the errors it reports', () => {
    const words = (kind: AnswerKind, said: string) => {
      const action = ANSWER_POLICY[kind];
      if (action.do !== 'stop') throw new Error(`${kind} does not stop`);
      return action.message ? action.message(said) : said;
    };
    expect(words('results-untrusted', 'HTTP 200')).toBe(
      'The push answer does not match the entries sent',
    );
    expect(words('unauthorized-again', 'Unauthorized')).toBe(
      'The server refused a freshly refreshed sign-in token',
    );
    expect(words('unexpected-status', 'HTTP 304')).toBe(
      'Unexpected HTTP 304 from the push endpoint',
    );
    expect(words('over-budget', 'Over budget')).toBe('Over budget');
  });

  it('lets only what came before any answer of ours stop a run whatever chunk was sent', () => {
    expect([...WITHOUT_VERDICT].sort()).toEqual([
      'network',
      'no-token',
      'not-api',
      'redirect',
      'signed-out',
      'timeout',
      'unauthorized-again',
    ]);
  });
});
