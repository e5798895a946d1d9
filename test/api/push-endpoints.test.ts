// Web Push endpoints can no longer point into our network: registration refuses them, a row
// stored before the policy is never sent to, a collector keeps at most 10 devices (oldest
// dropped), an endpoint moves to another account only with its subscription's own keys, and
// sends run a few at a time with a deadline. Only loopback fakes are contacted:
// refused endpoints go to a recording transport that never opens a connection.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../api/db/schema';
import { createWebPushNotifier } from '../../api/push/web-push-notifier';
import {
  MAX_PUSH_DEVICES as MAX_SUBSCRIPTIONS_PER_USER,
  PUSH_ENDPOINT_TAKEN,
} from '../../src/shared/push-devices';
import type { PushRequest } from '../../api/push/push-transport';
import webpush from 'web-push';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { startFakePushService, type FakePushService } from '../fixtures/fake-push-service';

const vapid = webpush.generateVAPIDKeys();
let api: ApiHarness;
let pushService: FakePushService;

beforeAll(async () => {
  api = await createApiHarness({ allowLoopbackPush: true });
  pushService = await startFakePushService();
});
afterAll(async () => {
  await pushService.close();
  await api.close();
});

const keys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});

const devicesOf = (userId: string) =>
  api.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('registering a push endpoint', () => {
  it.each([
    'https://169.254.169.254/latest/meta-data/iam',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://10.0.0.7/push',
    'https://192.168.1.20/push',
    'https://[fd12::1]/push',
    'https://[fe80::1]/push',
  ])('refuses %s (400) and stores nothing, even with the loopback test flag', async (endpoint) => {
    const user = await api.user();
    const response = await api.call(user, 'POST', '/api/push/subscribe', {
      endpoint,
      keys: keys(),
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^endpoint: must be a push service on the internet/);
    expect(await devicesOf(user.uid)).toEqual([]);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} devices per collector: the oldest are dropped`, async () => {
    const user = await api.user();
    const devices = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 2 }, () =>
      pushService.subscription(),
    );
    for (const device of devices) {
      const response = await api.call(user, 'POST', '/api/push/subscribe', {
        endpoint: device.endpoint,
        keys: device.keys,
      });
      expect(response.status).toBe(200);
    }
    const kept = (await devicesOf(user.uid)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((device) => device.endpoint)
        .sort(),
    );

    const notifier = createWebPushNotifier({
      db: api.database.db,
      vapid,
      subject: 'mailto:t@example.com',
      policy: { production: false, allowLoopback: true },
      log: () => undefined,
    });
    const before = pushService.received.length;
    await notifier.send(user.uid, { title: 'New follower', body: 'x' });
    expect(pushService.received.length - before).toBe(MAX_SUBSCRIPTIONS_PER_USER);
  });
});

describe('an endpoint another account registered', () => {
  it('is refused (409) without the subscription keys, and the first account keeps its alerts', async () => {
    const first = await api.user();
    const second = await api.user();
    const device = pushService.subscription();
    const mine = await api.call(first, 'POST', '/api/push/subscribe', {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(mine.status).toBe(200);
    // Someone who saw the endpoint (a log, a screenshot) but never held the subscription.
    const refused = await api.call(second, 'POST', '/api/push/subscribe', {
      endpoint: device.endpoint,
      keys: keys(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: PUSH_ENDPOINT_TAKEN });
    expect(await devicesOf(second.uid)).toEqual([]);
    const kept = await devicesOf(first.uid);
    expect(kept.map((row) => [row.endpoint, row.p256dh, row.auth])).toEqual([
      [device.endpoint, device.keys.p256dh, device.keys.auth],
    ]);
  });

  it('moves with the same keys: one browser profile, the next account signing in there', async () => {
    const first = await api.user();
    const second = await api.user();
    const device = pushService.subscription();
    const body = { endpoint: device.endpoint, keys: device.keys };
    expect((await api.call(first, 'POST', '/api/push/subscribe', body)).status).toBe(200);
    expect((await api.call(second, 'POST', '/api/push/subscribe', body)).status).toBe(200);
    expect(await devicesOf(first.uid)).toEqual([]);
    expect((await devicesOf(second.uid)).map((row) => row.endpoint)).toEqual([device.endpoint]);
    // Signing out there unregisters it, so a third account then registers it freely.
    const gone = await api.call(second, 'POST', '/api/push/unsubscribe', {
      endpoint: device.endpoint,
    });
    expect(gone.body).toEqual({ ok: true, removed: 1 });
    const third = await api.user();
    const fresh = { endpoint: device.endpoint, keys: keys() };
    expect((await api.call(third, 'POST', '/api/push/subscribe', fresh)).status).toBe(200);
  });
});

describe('sending', () => {
  it('never sends to an endpoint stored before the policy: it is forgotten instead', async () => {
    const user = await api.user();
    const stored = [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/push',
      'http://127.0.0.1:9/push',
      'https://fcm.googleapis.com.evil.example/x',
    ];
    await api.database.db
      .insert(pushSubscriptions)
      .values(stored.map((endpoint) => ({ userId: user.uid, endpoint, ...keys() })));
    const sent: PushRequest[] = [];
    const logged: string[] = [];
    const notifier = createWebPushNotifier({
      db: api.database.db,
      vapid,
      subject: 'mailto:t@example.com',
      policy: { production: true, allowLoopback: false },
      log: (line) => logged.push(line),
      transport: async (request) => {
        sent.push(request);
        return 201;
      },
    });
    await notifier.send(user.uid, { title: 'Hi', body: 'there' });
    expect(sent).toEqual([]);
    expect(await devicesOf(user.uid)).toEqual([]);
    expect(logged.filter((line) => line.includes('not on an allowed push service'))).toHaveLength(
      stored.length,
    );
  });

  describe('against a push service that never answers', () => {
    let stalling: Server;
    let origin: string;
    const sockets = new Set<Socket>();
    let open = 0;
    let mostOpen = 0;
    let arrived = 0;

    beforeAll(async () => {
      stalling = createServer((request) => {
        arrived++;
        mostOpen = Math.max(mostOpen, ++open);
        request.resume();
        request.socket.once('close', () => open--);
      });
      stalling.on('connection', (socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    });

    async function userWithDevices(count: number): Promise<TestUser> {
      const user = await api.user();
      await api.database.db.insert(pushSubscriptions).values(
        Array.from({ length: count }, (_, i) => ({
          userId: user.uid,
          endpoint: `${origin}/push/${user.uid}/${i}`,
          ...keys(),
        })),
      );
      return user;
    }

    it('sends a few at a time, each with a deadline, and never fails the caller', async () => {
      const users = [await userWithDevices(3), await userWithDevices(3)];
      const logged: string[] = [];
      const notifier = createWebPushNotifier({
        db: api.database.db,
        vapid,
        subject: 'mailto:t@example.com',
        policy: { production: false, allowLoopback: true },
        log: (line) => logged.push(line),
        concurrency: 2,
        timeoutMs: 300,
      });
      arrived = 0;
      mostOpen = 0;
      const started = performance.now();
      await Promise.all(users.map((user) => notifier.send(user.uid, { title: 't', body: 'b' })));
      const elapsed = performance.now() - started;
      expect(arrived).toBe(6);
      expect(mostOpen).toBeLessThanOrEqual(2);
      // Six sends, two at a time, each given up after 300 ms.
      expect(elapsed).toBeGreaterThanOrEqual(3 * 300 - 50);
      expect(logged.filter((line) => line.includes('no answer within 300 ms'))).toHaveLength(6);
    });

    it('drops alerts beyond its queue (logged) instead of holding them in memory', async () => {
      const user = await userWithDevices(4);
      const logged: string[] = [];
      const notifier = createWebPushNotifier({
        db: api.database.db,
        vapid,
        subject: 'mailto:t@example.com',
        policy: { production: false, allowLoopback: true },
        log: (line) => logged.push(line),
        concurrency: 1,
        maxQueued: 1,
        timeoutMs: 200,
      });
      await notifier.send(user.uid, { title: 't', body: 'b' });
      expect(logged.filter((line) => line.includes('too many alerts waiting'))).toHaveLength(2);
    });
  });
});
