// The outbox replayer against a scripted push server: order, chunks, back-off, auth, exactly-once.
import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../../src/sync/backoff';
import {
  createReplayer,
  type RefreshReason,
  type ReplayEvent,
  type ReplayerOptions,
} from '../../../src/sync/replayer';
import {
  fakeIdentity,
  manualScheduler,
  memoryOutbox,
  recordingLock,
  scriptedPushServer,
  type MemoryOutbox,
  type PushCall,
  type RecordingLock,
  type ScriptedPushServer,
  type ScriptedPushServerOptions,
} from '../../fixtures/scripted-push-server';

const REVERTED = 'An error occurred. Your changes have been reverted.';
const START_MS = 1_750_000_000_000;

interface HarnessOptions {
  uid?: string | null;
  server?: ScriptedPushServerOptions;
  chunkSize?: number;
  /** Shared with another harness, to play a second tab or the worker on the same device. */
  outbox?: MemoryOutbox;
  pushServer?: ScriptedPushServer;
  lock?: Pick<RecordingLock, 'withLock'>;
  refreshFromServer?: ReplayerOptions['refreshFromServer'];
  weigh?: ReplayerOptions['weigh'];
}

/** One replayer over fresh fakes, with everything it did recorded. */
function harness(options: HarnessOptions = {}) {
  const hooks: { onPush?: (call: PushCall) => void | Promise<void> } = {};
  const outbox = options.outbox ?? memoryOutbox();
  const server =
    options.pushServer ??
    scriptedPushServer({ ...options.server, onPush: (call) => hooks.onPush?.(call) });
  const identity = fakeIdentity(options.uid === undefined ? 'rita' : options.uid);
  const scheduler = manualScheduler();
  const lock = recordingLock();
  const events: ReplayEvent[] = [];
  const refreshes: [string, RefreshReason][] = [];
  const replayer = createReplayer({
    outbox,
    identity,
    server,
    withLock: options.lock?.withLock ?? lock.withLock,
    refreshFromServer:
      options.refreshFromServer ??
      (async (userId, reason) => {
        refreshes.push([userId, reason]);
      }),
    events: (event) => events.push(event),
    schedule: (delayMs, fn) => scheduler.schedule(delayMs, fn),
    now: () => START_MS,
    // 0.5 puts the ±20% jitter at its middle, so delays are exactly 1 s, 2 s, 4 s…
    random: () => 0.5,
    chunkSize: options.chunkSize,
    weigh: options.weigh,
  });
  /** Fires the back-off timer and waits for the run it starts (a replay() in flight is shared). */
  const fireRetry = () => {
    scheduler.fireNext();
    return replayer.replay('test-waits-for-the-timer-run');
  };
  return {
    outbox,
    server,
    identity,
    scheduler,
    lock,
    events,
    refreshes,
    replayer,
    hooks,
    fireRetry,
  };
}

const types = (events: ReplayEvent[]) => events.map((event) => event.type);
const keysOf = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => `device-a:${from + index}`);
const ofType = <T extends ReplayEvent['type']>(events: ReplayEvent[], type: T) =>
  events.filter((event): event is Extract<ReplayEvent, { type: T }> => event.type === type);

describe('the outbox replayer', () => {
  it('sends no more than a full write budget in one push, weighed entry by entry', async () => {
    // Entries 1-3 add 500 copies each, the rest are ordinary: 1,200 units per push at most.
    const weights = new Map(keysOf(3).map((key) => [key, 500]));
    const h = harness({
      weigh: async (entries) => entries.map((entry) => weights.get(entry.key) ?? 1),
    });
    h.outbox.addMany('rita', 10);

    const outcome = await h.replayer.replay('start');

    expect(outcome.confirmed).toBe(10);
    expect(h.server.calls.map((call) => call.keys)).toEqual([keysOf(2), keysOf(8, 3)]);
  });

  it('sends a single change over the whole budget alone, for the server to answer', async () => {
    const h = harness({ weigh: async (entries) => entries.map(() => 5_000) });
    h.outbox.addMany('rita', 2);

    await h.replayer.replay('start');

    expect(h.server.calls.map((call) => call.keys)).toEqual([keysOf(1), keysOf(1, 2)]);
  });

  it('sends 450 entries in order in chunks of 200, 200 and 50 and confirms every one', async () => {
    const h = harness();
    h.outbox.addMany('rita', 450);

    const outcome = await h.replayer.replay('start');

    expect(outcome).toEqual({
      sent: 450,
      requests: 3,
      confirmed: 450,
      rejected: 0,
      setAside: 0,
      remaining: 0,
      stoppedBy: 'empty',
    });
    expect(h.server.calls.map((call) => call.keys)).toEqual([
      keysOf(200),
      keysOf(200, 201),
      keysOf(50, 401),
    ]);
    expect(h.server.applied).toEqual(keysOf(450));
    expect(h.identity.tokenCalls).toEqual([false, false, false]);
    expect(h.refreshes).toEqual([['rita', 'after-batch']]);
    expect(types(h.events)).toEqual([
      'started',
      'chunk-sent',
      'confirmed',
      'chunk-sent',
      'confirmed',
      'chunk-sent',
      'confirmed',
      'idle',
    ]);
    expect(h.events.at(-1)).toEqual({
      type: 'idle',
      pending: 0,
      lastSyncedAt: START_MS,
      reachedApi: true,
    });
    expect(h.scheduler.delays).toEqual([]);
  });

  it('never sends more than 200 entries in a chunk, whatever chunkSize it is given', async () => {
    const h = harness({ chunkSize: 1000 });
    h.outbox.addMany('rita', 450);

    await h.replayer.replay('start');

    expect(h.server.calls.map((call) => call.keys.length)).toEqual([200, 200, 50]);
  });

  it('keeps every entry on a network error, schedules a retry after 1 s, and sends them on the retry', async () => {
    const h = harness();
    h.outbox.addMany('rita', 5);
    h.server.script({ kind: 'network' });

    const failed = await h.replayer.replay('online');

    expect(failed).toEqual({
      sent: 5,
      requests: 1,
      confirmed: 0,
      rejected: 0,
      setAside: 0,
      remaining: 5,
      stoppedBy: 'not-delivered',
    });
    expect(h.server.applied).toEqual([]);
    expect(h.outbox.keys('rita')).toEqual(keysOf(5));
    expect(h.refreshes).toEqual([]);
    expect(types(h.events)).toEqual([
      'started',
      'chunk-sent',
      'not-delivered',
      'retry-scheduled',
      'idle',
    ]);
    expect(ofType(h.events, 'idle')[0]?.reachedApi).toBe(false);
    expect(h.scheduler.active()).toEqual([{ delayMs: 1000 }]);
    expect(h.replayer.backoff()).toEqual({
      failures: 1,
      retryAt: START_MS + 1000,
      delayMs: 1000,
    });

    const retried = await h.fireRetry();

    expect(retried).toMatchObject({ confirmed: 5, remaining: 0, stoppedBy: 'empty' });
    expect(ofType(h.events, 'started').map((event) => event.trigger)).toEqual(['online', 'retry']);
    expect(h.server.applied).toEqual(keysOf(5));
    expect(h.replayer.backoff()).toEqual({ failures: 0, retryAt: null, delayMs: null });
  });

  it.each([503, 408])(
    'keeps every entry on HTTP %i and retries later with back-off',
    async (status) => {
      const h = harness();
      h.outbox.addMany('rita', 3);
      h.server.script({ kind: 'status', status });

      const failed = await h.replayer.replay('online');

      expect(failed).toMatchObject({ confirmed: 0, rejected: 0, remaining: 3 });
      expect(failed.stoppedBy).toBe('retry-later');
      expect(h.outbox.rejected).toEqual([]);
      expect(ofType(h.events, 'error')).toEqual([
        { type: 'error', reason: 'server', message: `Scripted ${status}`, status },
      ]);
      expect(h.scheduler.delays).toEqual([1000]);

      await h.fireRetry();

      expect(h.server.applied).toEqual(keysOf(3));
      expect(h.outbox.keys('rita')).toEqual([]);
    },
  );

  it('waits as long as a 429 Retry-After asks, but never more than 5 minutes', async () => {
    const h = harness();
    h.outbox.addMany('rita', 2);
    h.server.script(
      { kind: 'status', status: 429, retryAfterSeconds: 30 },
      { kind: 'status', status: 429, retryAfterSeconds: 3600 },
      // Retry-After is only a promise on 429 and 503; on a 408 the back-off formula rules.
      { kind: 'status', status: 408, retryAfterSeconds: 3600 },
    );

    await h.replayer.replay('online');
    await h.fireRetry();
    await h.fireRetry();

    expect(h.scheduler.delays).toEqual([30_000, 300_000, 4_000]);
    expect(h.server.applied).toEqual([]);
    expect(h.outbox.keys('rita')).toEqual(keysOf(2));
  });

  it('doubles the back-off per failure, caps it at 5 minutes, and starts over after a success', async () => {
    const h = harness();
    h.outbox.addMany('rita', 2);
    h.server.script(...Array.from({ length: 11 }, () => ({ kind: 'network' as const })));

    await h.replayer.replay('start');
    for (let retry = 0; retry < 10; retry++) await h.fireRetry();

    expect(h.scheduler.delays).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000,
    ]);
    expect(h.replayer.backoff().failures).toBe(11);
    expect(h.server.applied).toEqual([]);

    const healed = await h.fireRetry();
    expect(healed).toMatchObject({ confirmed: 2, stoppedBy: 'empty' });
    expect(h.replayer.backoff()).toEqual({ failures: 0, retryAt: null, delayMs: null });

    h.outbox.add('rita');
    h.server.script({ kind: 'network' });
    await h.replayer.replay('change');
    expect(h.scheduler.delays.at(-1)).toBe(1_000);
  });

  it('keeps the jitter within ±20% of the nominal delay and never passes 5 minutes', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(800);
    expect(backoffDelayMs(1, () => 0.999_999)).toBe(1200);
    expect(backoffDelayMs(4, () => 0)).toBe(6400);
    expect(backoffDelayMs(9, () => 0.999_999)).toBe(300_000);
    expect(backoffDelayMs(9, () => 0)).toBe(204_800);
    expect(backoffDelayMs(10_000, () => 0.999_999)).toBe(300_000);
    expect(backoffDelayMs(10_000, () => 0)).toBe(240_000);
    // Retry-After: 0 must not become a hot loop.
    expect(backoffDelayMs(1, () => 0.5, 0)).toBe(1000);
  });

  it('runs at once and cancels the back-off timer when triggered while waiting', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.server.script({ kind: 'network' });
    await h.replayer.replay('start');
    expect(h.scheduler.active()).toHaveLength(1);

    const outcome = await h.replayer.replay('online');

    expect(outcome).toMatchObject({ confirmed: 3, stoppedBy: 'empty' });
    expect(h.scheduler.active()).toEqual([]);
    expect(h.server.calls).toHaveLength(2);
  });

  it('refreshes the token once after a 401 and then succeeds with the fresh token', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.server.script({ kind: 'status', status: 401 });

    const outcome = await h.replayer.replay('start');

    expect(outcome).toEqual({
      sent: 6,
      requests: 2,
      confirmed: 3,
      rejected: 0,
      setAside: 0,
      remaining: 0,
      stoppedBy: 'empty',
    });
    expect(h.identity.tokenCalls).toEqual([false, true]);
    expect(h.server.calls.map((call) => [call.token, call.answer])).toEqual([
      ['rita-token-1', 401],
      ['rita-token-2', 200],
    ]);
    expect(h.server.applied).toEqual(keysOf(3));
  });

  it('stops on a second 401 with nothing lost, reporting an auth error and no rejection', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.server.script({ kind: 'status', status: 401 }, { kind: 'status', status: 401 });

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 0, rejected: 0, remaining: 3, stoppedBy: 'auth' });
    expect(h.identity.tokenCalls).toEqual([false, true]);
    expect(h.server.calls).toHaveLength(2);
    expect(h.outbox.keys('rita')).toEqual(keysOf(3));
    expect(h.outbox.rejected).toEqual([]);
    expect(ofType(h.events, 'rejected')).toEqual([]);
    expect(ofType(h.events, 'error')).toEqual([
      {
        type: 'error',
        reason: 'auth',
        message: 'The server refused a freshly refreshed sign-in token',
        status: 401,
      },
    ]);
    expect(h.refreshes).toEqual([]);
    expect(h.scheduler.delays).toEqual([]);
  });

  it('confirms the entries around a rejected one, removes it, rebases and shows the toast', async () => {
    const h = harness({
      server: { refuse: ({ key }) => (key === 'device-a:3' ? 'Car not found' : null) },
    });
    h.outbox.addMany('rita', 5);

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 4, rejected: 1, remaining: 0, stoppedBy: 'empty' });
    expect(h.server.applied).toEqual(['device-a:1', 'device-a:2', 'device-a:4', 'device-a:5']);
    expect(h.outbox.rejected).toEqual([{ key: 'device-a:3', error: 'Car not found' }]);
    expect(h.outbox.keys('rita')).toEqual([]);
    expect(h.refreshes).toEqual([['rita', 'rejected']]);
    expect(ofType(h.events, 'rejected')).toEqual([
      {
        type: 'rejected',
        key: 'device-a:3',
        name: 'collection/add-car-instance',
        error: 'Car not found',
        message: REVERTED,
      },
    ]);
    expect(ofType(h.events, 'confirmed').map((event) => event.keys)).toEqual([
      ['device-a:1', 'device-a:2', 'device-a:4', 'device-a:5'],
    ]);
  });

  it('confirms an entry the server answers as a duplicate without applying it again', async () => {
    const h = harness();
    const first = h.outbox.add('rita');
    h.outbox.add('rita');
    // An earlier delivery of the first entry reached the server (another tab, a lost answer).
    await h.server.push('rita-token-1', [{ key: first.key, name: first.name, args: first.args }]);

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 2, rejected: 0, remaining: 0 });
    expect(h.server.applied).toEqual(['device-a:1', 'device-a:2']);
    expect(h.refreshes).toEqual([['rita', 'after-batch']]);
  });

  it('applies each key exactly once when the answer to an applied chunk is lost', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.server.script({ kind: 'response-lost' });

    const lost = await h.replayer.replay('start');

    expect(lost).toMatchObject({ confirmed: 0, remaining: 3, stoppedBy: 'not-delivered' });
    expect(h.server.applied).toEqual(keysOf(3));

    const retried = await h.fireRetry();

    expect(retried).toMatchObject({ confirmed: 3, remaining: 0, stoppedBy: 'empty' });
    expect(h.server.calls.map((call) => [call.keys, call.answer])).toEqual([
      [keysOf(3), 'response-lost'],
      [keysOf(3), 200],
    ]);
    expect(h.server.applied).toEqual(keysOf(3));
  });

  it('halves the chunk on 413 until it fits and keeps that size for the rest of the run', async () => {
    const outbox = memoryOutbox();
    outbox.addMany('rita', 10);
    const firstFive = (await outbox.pending('rita', 5)).map(({ key, name, args }) => ({
      key,
      name,
      args,
    }));
    // Room for five entries (plus the one extra digit of device-a:10), not for six.
    const maxBodyChars = JSON.stringify({ mutations: firstFive }).length + 10;
    const h = harness({ outbox, server: { maxBodyChars } });

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ sent: 20, requests: 3, confirmed: 10, rejected: 0 });
    expect(h.server.calls.map((call) => [call.keys.length, call.answer])).toEqual([
      [10, 413],
      [5, 200],
      [5, 200],
    ]);
    expect(h.server.applied).toEqual(keysOf(10));
  });

  it('sets aside (never rejects) a single entry still too large on its own, and sends the others', async () => {
    const h = harness({ server: { maxBodyChars: 1000 } });
    h.outbox.add('rita');
    h.outbox.add('rita', 'collection/add-car-instance', { notes: 'x'.repeat(2000) });
    h.outbox.addMany('rita', 2);

    const outcome = await h.replayer.replay('start');

    expect(h.server.calls.map((call) => [call.keys, call.answer])).toEqual([
      [keysOf(4), 413],
      [keysOf(2), 413],
      [['device-a:1'], 200],
      [['device-a:2'], 413],
      [['device-a:3'], 200],
      [['device-a:4'], 200],
    ]);
    // Kept on the device (remaining), out of the queue, the error shown; nothing reverted.
    expect(outcome).toMatchObject({ confirmed: 3, rejected: 0, setAside: 1, remaining: 1 });
    expect(h.outbox.rejected).toEqual([]);
    expect(h.outbox.setAsideLog).toEqual([
      { key: 'device-a:2', error: 'Request body is larger than 1 MB' },
    ]);
    expect(ofType(h.events, 'set-aside')).toEqual([
      {
        type: 'set-aside',
        key: 'device-a:2',
        name: 'collection/add-car-instance',
        error: 'Request body is larger than 1 MB',
      },
    ]);
    expect(h.server.applied).toEqual(['device-a:1', 'device-a:3', 'device-a:4']);
    expect(h.refreshes).toEqual([['rita', 'after-batch']]);
  });

  it('sets aside only the malformed first entry when our API answers 400, and sends the rest', async () => {
    const h = harness({ server: { malformed: (mutation) => mutation.name === '' } });
    h.outbox.add('rita', '');
    h.outbox.addMany('rita', 3);

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 3, rejected: 0, setAside: 1, stoppedBy: 'empty' });
    expect(h.outbox.setAsideLog).toEqual([
      { key: 'device-a:1', error: 'mutations: an entry does not match the schema' },
    ]);
    expect(h.server.calls.map((call) => [call.keys, call.answer])).toEqual([
      [keysOf(4), 400],
      [keysOf(2), 400],
      [['device-a:1'], 400],
      [keysOf(3, 2), 200],
    ]);
    expect(h.server.applied).toEqual(keysOf(3, 2));
    expect(ofType(h.events, 'rejected')).toHaveLength(0);
  });

  it('narrows a 400 down to the malformed entry when it is not the first, refusing no other', async () => {
    const h = harness({ server: { malformed: (mutation) => mutation.name === '' } });
    h.outbox.addMany('rita', 3);
    h.outbox.add('rita', '');
    h.outbox.add('rita');

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 4, rejected: 0, setAside: 1, remaining: 1 });
    expect(h.outbox.setAsideLog.map((entry) => entry.key)).toEqual(['device-a:4']);
    expect(h.server.calls.map((call) => [call.keys, call.answer])).toEqual([
      [keysOf(5), 400],
      [keysOf(2), 200],
      [keysOf(2, 3), 400],
      [['device-a:3'], 200],
      [['device-a:4'], 400],
      [['device-a:5'], 200],
    ]);
    expect(h.server.applied).toEqual(['device-a:1', 'device-a:2', 'device-a:3', 'device-a:5']);
  });

  it('keeps everything on a 404, since a missing endpoint is no entry’s fault', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.server.script({ kind: 'status', status: 404, body: { error: 'Not found: POST /sync/push' } });

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ rejected: 0, remaining: 3, stoppedBy: 'retry-later' });
    expect(h.outbox.rejected).toEqual([]);
    expect(ofType(h.events, 'error').map((event) => event.reason)).toEqual(['endpoint']);
    expect(h.scheduler.delays).toEqual([1000]);
  });

  it('keeps the entries a 200 left without a result and confirms the answered ones', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.server.script({
      kind: 'tamper',
      edit: (body) => ({ results: body.results.filter((result) => result.key !== 'device-a:2') }),
    });

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 2, remaining: 1, stoppedBy: 'retry-later' });
    expect(h.outbox.keys('rita')).toEqual(['device-a:2']);
    expect(ofType(h.events, 'error').map((event) => event.reason)).toEqual(['protocol']);
    expect(h.refreshes).toEqual([['rita', 'after-batch']]);

    await h.fireRetry();

    expect(h.outbox.keys('rita')).toEqual([]);
    expect(h.server.applied).toEqual(keysOf(3));
  });

  it.each([
    ['names a key that was not sent', { results: [{ key: 'device-z:9', status: 'ok' }] }],
    ['is not the documented shape', '<html>captive portal</html>'],
  ])('trusts nothing from a 200 whose body %s', async (_label, fakeBody) => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.server.script({
      kind: 'tamper',
      edit: (body) =>
        typeof fakeBody === 'string'
          ? fakeBody
          : { results: [...body.results, ...fakeBody.results] },
    });

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 0, rejected: 0, remaining: 3 });
    expect(outcome.stoppedBy).toBe('retry-later');
    expect(h.refreshes).toEqual([]);
    expect(h.scheduler.delays).toEqual([1000]);
  });

  it('sends nothing while signed out', async () => {
    const h = harness({ uid: null });
    h.outbox.addMany('rita', 3);

    const outcome = await h.replayer.replay('start');

    expect(outcome).toEqual({
      sent: 0,
      requests: 0,
      confirmed: 0,
      rejected: 0,
      setAside: 0,
      remaining: 0,
      stoppedBy: 'signed-out',
    });
    expect(h.server.calls).toEqual([]);
    expect(h.identity.tokenCalls).toEqual([]);
    expect(h.outbox.keys('rita')).toEqual(keysOf(3));
    expect(h.events).toEqual([]);
    expect(h.scheduler.delays).toEqual([]);
  });

  it('stops before the next chunk when another user signs in mid-run, and rebases on their return', async () => {
    const h = harness();
    h.outbox.addMany('rita', 250);
    h.hooks.onPush = () => {
      h.identity.uid = 'sam';
    };

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 200, remaining: 50, stoppedBy: 'signed-out' });
    expect(h.server.calls.map((call) => call.token)).toEqual(['rita-token-1']);
    // Sam's token must not fetch Rita's snapshot.
    expect(h.refreshes).toEqual([]);

    h.hooks.onPush = undefined;
    h.identity.uid = 'rita';
    const back = await h.replayer.replay('start');

    expect(back).toMatchObject({ confirmed: 50, remaining: 0, stoppedBy: 'empty' });
    expect(h.server.applied).toEqual(keysOf(250));
    expect(h.refreshes).toEqual([['rita', 'after-batch']]);
  });

  it('sends an entry added while a chunk is in flight in the same run', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);
    h.hooks.onPush = (call) => {
      if (call.keys[0] === 'device-a:1') h.outbox.add('rita');
    };

    const outcome = await h.replayer.replay('change');

    expect(outcome).toMatchObject({ sent: 4, requests: 2, confirmed: 4, remaining: 0 });
    expect(h.server.calls.map((call) => call.keys)).toEqual([keysOf(3), ['device-a:4']]);
    expect(ofType(h.events, 'started')).toHaveLength(1);
  });

  it('reads the outbox once more when a change is queued during its last, empty read', async () => {
    const outbox = memoryOutbox();
    outbox.add('rita');
    let reads = 0;
    const racing: MemoryOutbox = {
      ...outbox,
      async pending(userId, limit) {
        const found = await outbox.pending(userId, limit);
        reads += 1;
        // The read that finds the outbox empty races with an action queuing a change.
        if (reads === 2) {
          outbox.add('rita');
          void h.replayer.replay('change');
        }
        return found;
      },
    };
    const h = harness({ outbox: racing });

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 2, remaining: 0, stoppedBy: 'empty' });
    expect(h.server.calls.map((call) => call.keys)).toEqual([['device-a:1'], ['device-a:2']]);
  });

  it('runs once more for a change queued during its rebase, after its last look in the outbox', async () => {
    let queued = false;
    const h = harness({
      refreshFromServer: async () => {
        // The collector taps while the run rebases: its outbox read is behind it.
        if (queued) return;
        queued = true;
        h.outbox.add('rita');
        void h.replayer.replay('change');
      },
    });
    h.outbox.add('rita');

    const outcome = await h.replayer.replay('start');

    expect(h.server.calls.map((call) => call.keys)).toEqual([['device-a:1'], ['device-a:2']]);
    expect(outcome).toMatchObject({ remaining: 0, stoppedBy: 'empty' });
    expect(await h.outbox.count('rita')).toBe(0);
    expect(h.scheduler.active()).toEqual([]);
  });

  it('sends nothing and retries later when no token can be had offline', async () => {
    const h = harness();
    h.outbox.addMany('rita', 2);
    h.identity.offline = true;

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({
      sent: 0,
      requests: 0,
      remaining: 2,
      stoppedBy: 'not-delivered',
    });
    expect(h.server.calls).toEqual([]);
    expect(types(h.events)).toEqual(['started', 'not-delivered', 'retry-scheduled', 'idle']);
  });

  it('shares one run between replay() calls made while it is in flight', async () => {
    const h = harness();
    h.outbox.addMany('rita', 3);

    const first = h.replayer.replay('online');
    const second = h.replayer.replay('visible');

    expect(second).toBe(first);
    expect(await second).toMatchObject({ confirmed: 3 });
    expect(h.server.calls).toHaveLength(1);
    expect(h.lock.log).toEqual(['acquire', 'release']);
    expect(ofType(h.events, 'started')).toEqual([
      { type: 'started', trigger: 'online', userId: 'rita' },
    ]);
  });

  it('pushes only while holding the lock, so a tab and the worker never send an entry twice', async () => {
    const outbox = memoryOutbox();
    outbox.addMany('rita', 300);
    const lock = recordingLock();
    const pushedOutsideLock: string[] = [];
    const server = scriptedPushServer({
      onPush: (call) => {
        if (!lock.held) pushedOutsideLock.push(...call.keys);
      },
    });
    const tab = harness({ outbox, pushServer: server, lock });
    const worker = harness({ outbox, pushServer: server, lock });

    const [fromTab, fromWorker] = await Promise.all([
      tab.replayer.replay('online'),
      worker.replayer.replay('sync'),
    ]);

    expect(lock.log).toEqual(['acquire', 'release', 'acquire', 'release']);
    expect(pushedOutsideLock).toEqual([]);
    expect(server.calls.flatMap((call) => call.keys)).toEqual(keysOf(300));
    expect(fromTab).toMatchObject({ sent: 300, confirmed: 300 });
    expect(fromWorker).toMatchObject({ sent: 0, confirmed: 0, stoppedBy: 'empty' });
  });

  it('retries a rebase that failed, on the next run, even with nothing left to send', async () => {
    const attempts: RefreshReason[] = [];
    const h = harness({
      server: { refuse: ({ key }) => (key === 'device-a:1' ? 'Set not found' : null) },
      refreshFromServer: async (_userId, reason) => {
        attempts.push(reason);
        if (attempts.length === 1) throw new Error('offline');
      },
    });
    h.outbox.addMany('rita', 2);

    const outcome = await h.replayer.replay('start');

    expect(outcome).toMatchObject({ confirmed: 1, rejected: 1, stoppedBy: 'empty' });
    expect(ofType(h.events, 'error').map((event) => event.reason)).toEqual(['refresh']);
    expect(h.scheduler.delays).toEqual([1000]);

    const retried = await h.fireRetry();

    expect(retried).toMatchObject({ sent: 0, stoppedBy: 'empty' });
    expect(attempts).toEqual(['rejected', 'rejected']);
    expect(h.scheduler.active()).toEqual([]);
  });

  it('schedules nothing after dispose()', async () => {
    const h = harness();
    h.outbox.addMany('rita', 1);
    h.server.script({ kind: 'network' }, { kind: 'network' });
    await h.replayer.replay('start');
    expect(h.scheduler.active()).toHaveLength(1);

    h.replayer.dispose();
    expect(h.scheduler.active()).toEqual([]);
    await h.replayer.replay('online');

    expect(h.scheduler.active()).toEqual([]);
    expect(h.outbox.keys('rita')).toEqual(['device-a:1']);
  });
});

describe('a poison entry', () => {
  const POISON = 'device-a:3';
  const poisoned = (mutation: { key: string }) => mutation.key === POISON;

  it('is found by halving, set aside after three strikes once a control entry goes through, and the rest delivered', async () => {
    const h = harness({ server: { failsOn: poisoned } });
    h.outbox.addMany('rita', 5);

    const first = await h.replayer.replay('start');
    expect(first).toMatchObject({ confirmed: 2, setAside: 0, stoppedBy: 'retry-later' });
    await h.fireRetry();
    const third = await h.fireRetry();

    expect(h.server.calls.map((call) => [call.keys, call.answer])).toEqual([
      [keysOf(5), 500],
      [keysOf(2), 200],
      [keysOf(2, 3), 500],
      [[POISON], 500], // strike 1
      [[POISON], 500], // strike 2 (retry)
      [[POISON], 500], // strike 3 (retry): suspected
      [['device-a:4'], 200], // the control goes through: the server works, the entry does not
      [['device-a:5'], 200],
    ]);
    expect(third).toMatchObject({ confirmed: 2, rejected: 0, setAside: 1, remaining: 1 });
    expect(h.outbox.setAsideLog).toEqual([{ key: POISON, error: 'Internal server error' }]);
    expect(h.outbox.rejected).toEqual([]);
    expect(h.server.applied).toEqual(['device-a:1', 'device-a:2', 'device-a:4', 'device-a:5']);
    expect(ofType(h.events, 'rejected')).toEqual([]);
    expect(h.scheduler.active()).toEqual([]);
  });

  it('is never suspected while the server fails for everyone: every entry waits', async () => {
    let broken = true;
    const h = harness({ server: { broken: () => broken } });
    h.outbox.addMany('rita', 4);

    await h.replayer.replay('start');
    for (let retry = 0; retry < 6; retry++) await h.fireRetry();

    expect(h.outbox.setAsideLog).toEqual([]);
    expect(h.outbox.rejected).toEqual([]);
    expect(h.outbox.keys('rita')).toEqual(keysOf(4));
    // After its strikes, the first entry is tried with the next as a control, which fails too.
    expect(h.server.calls.filter((call) => call.keys[0] === 'device-a:2')).not.toHaveLength(0);

    broken = false;
    const healed = await h.fireRetry();
    expect(healed).toMatchObject({ confirmed: 4, setAside: 0, remaining: 0, stoppedBy: 'empty' });
  });

  it('keeps its place when it is last in the queue: it blocks nothing, so it is only retried', async () => {
    const h = harness({ server: { failsOn: poisoned } });
    h.outbox.addMany('rita', 3);

    await h.replayer.replay('start');
    for (let retry = 0; retry < 5; retry++) await h.fireRetry();

    expect(h.outbox.setAsideLog).toEqual([]);
    expect(h.outbox.keys('rita')).toEqual([POISON]);
    expect(h.server.applied).toEqual(keysOf(2));

    // A change made later is the control that shows the server works: then it is set aside.
    h.outbox.add('rita');
    await h.replayer.replay('change');
    expect(h.outbox.setAsideLog.map((entry) => entry.key)).toEqual([POISON]);
    expect(h.server.applied).toEqual([...keysOf(2), 'device-a:4']);
  });
});

describe('the server write budget (429)', () => {
  it('sends smaller chunks after a 429, waits its Retry-After, and delivers everything in order', async () => {
    const h = harness({ server: { maxEntries: 60 } });
    h.outbox.addMany('rita', 200);

    await h.replayer.replay('start');
    while (h.scheduler.active().length > 0) await h.fireRetry();

    expect(h.server.calls.map((call) => [call.keys.length, call.answer])).toEqual([
      [200, 429],
      [100, 429],
      [50, 200],
      [50, 200],
      [50, 200],
      [50, 200],
    ]);
    expect(h.scheduler.delays).toEqual([5_000, 5_000]);
    expect(h.server.applied).toEqual(keysOf(200));

    // A delivered queue lifts the limit: the next run tries a full chunk again.
    h.outbox.addMany('rita', 70);
    await h.replayer.replay('change');
    expect(h.server.calls.at(-1)?.keys.length).not.toBe(50);
  });
});
