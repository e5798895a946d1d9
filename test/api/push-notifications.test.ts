// Web Push: the public key, registering a device (validated), and the web-push notifier really
// delivering the message (docs/product.md) to a local fake push service, which decrypts it; a device the
// service says is gone (410) is forgotten, and no failure reaches the caller.
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { pushSubscriptions } from '../../api/db/schema';
import { databaseWriteBudget } from '../../api/http/write-budget';
import { loadVapidKeys } from '../../api/push/vapid-keys';
import { createWebPushNotifier } from '../../api/push/web-push-notifier';
import type { Notifier } from '../../api/push/notifier';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { emulatorVerifier, type TestUser } from '../fixtures/auth';
import {
  decryptPush,
  startFakePushService,
  verifyVapid,
  type FakePushService,
} from '../fixtures/fake-push-service';

let api: ApiHarness;
let pushService: FakePushService;
let notifier: Notifier;
let dataDir: string;
let publicKey: string;
const logged: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'diecast-push-'));
  const { keys } = await loadVapidKeys({ dataDir });
  publicKey = keys.publicKey;
  pushService = await startFakePushService();
  // The harness makes the database, and the notifier reads subscriptions from it: the app gets
  // a forwarder, filled in with the real web-push notifier once the database exists.
  let real: Notifier | null = null;
  const forwarder: Notifier = {
    publicKey: keys.publicKey,
    send: (userId, message) => (real ? real.send(userId, message) : Promise.resolve()),
  };
  // The fake push service listens on loopback: the explicit test flag lets it be used.
  api = await createApiHarness({ notifier: forwarder, allowLoopbackPush: true });
  real = createWebPushNotifier({
    db: api.database.db,
    vapid: keys,
    subject: 'mailto:push-test@example.com',
    policy: { production: false, allowLoopback: true },
    log: (line) => logged.push(line),
  });
  notifier = real;
});

afterAll(async () => {
  await pushService?.close();
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function collector(name: string): Promise<TestUser> {
  const user = await api.user();
  await api.call(user, 'POST', '/api/users/initialize', { username: name });
  return user;
}

const devicesOf = (userId: string) =>
  api.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('VAPID keys', () => {
  it('are made once, kept in DATA_DIR/vapid.json readable by the owner only, and reused', async () => {
    const mode = statSync(join(dataDir, 'vapid.json')).mode & 0o777;
    expect(mode).toBe(0o600);
    const again = await loadVapidKeys({ dataDir });
    expect(again.source).toBe('file');
    expect(again.keys.publicKey).toBe(publicKey);
    // An uncompressed P-256 point, as PushManager.subscribe's applicationServerKey wants it.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('GET /api/push/public-key answers it without a token', async () => {
    const response = await api.call(null, 'GET', '/api/push/public-key');
    expect(response).toEqual({ status: 200, body: { publicKey } });
  });
});

describe('POST /api/push/subscribe', () => {
  it('needs a token', async () => {
    const device = pushService.subscription();
    const response = await api.call(null, 'POST', '/api/push/subscribe', {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(response.status).toBe(401);
  });

  // A well-formed device key pair and secret, made at collection time (it.each needs them).
  const goodKeys = {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const good = () => ({ keys: goodKeys });
  it.each([
    ['no body', undefined, /JSON/],
    ['no endpoint', { keys: good().keys }, /endpoint: is required/],
    ['a non-URL endpoint', { endpoint: 'push-me', keys: good().keys }, /endpoint: must be a URL/],
    [
      'an http endpoint elsewhere',
      { endpoint: 'http://push.example.com/x', keys: good().keys },
      /endpoint: must be an https URL/,
    ],
    [
      'a javascript: endpoint',
      { endpoint: 'javascript:alert(1)', keys: good().keys },
      /endpoint: must be an https URL/,
    ],
    ['no keys', { endpoint: 'https://push.example.com/x' }, /keys/],
    [
      'a short p256dh',
      { endpoint: 'https://push.example.com/x', keys: { p256dh: 'AAAA', auth: good().keys.auth } },
      /keys.p256dh: must be an uncompressed P-256 public key/,
    ],
    [
      'a long auth',
      {
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: good().keys.p256dh, auth: Buffer.alloc(32).toString('base64url') },
      },
      /keys.auth: must be a 16-byte secret/,
    ],
    [
      'an unknown field',
      { endpoint: 'https://push.example.com/x', keys: good().keys, admin: true },
      /admin|Unrecognized/i,
    ],
  ])('refuses %s with 400 and registers nothing', async (_name, body, message) => {
    const user = await collector(`Bad${Math.floor(Math.random() * 1e6)}`);
    const response = await api.call(user, 'POST', '/api/push/subscribe', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect(await devicesOf(user.uid)).toEqual([]);
  });

  it('registers a device once (again: refreshed, not doubled), and unsubscribe removes it', async () => {
    const user = await collector('PushPaula');
    const device = pushService.subscription();
    const body = { endpoint: device.endpoint, expirationTime: null, keys: device.keys };
    expect((await api.call(user, 'POST', '/api/push/subscribe', body)).body).toEqual({ ok: true });
    expect((await api.call(user, 'POST', '/api/push/subscribe', body)).status).toBe(200);
    expect(await devicesOf(user.uid)).toHaveLength(1);

    const gone = await api.call(user, 'POST', '/api/push/unsubscribe', {
      endpoint: device.endpoint,
    });
    expect(gone.body).toEqual({ ok: true, removed: 1 });
    expect(await devicesOf(user.uid)).toEqual([]);
    expect((await api.call(user, 'POST', '/api/push/unsubscribe', {})).status).toBe(400);
  });

  it('takes a push service on this machine only with the test flag, and never in production', async () => {
    const user = await collector('ProdPia');
    const device = pushService.subscription();
    expect(device.endpoint).toMatch(/^http:\/\/(localhost|127\.0\.0\.1)/);
    for (const deps of [{ production: true, allowLoopbackPush: true }, { production: false }]) {
      const app = createApp({ db: api.database.db, verifier: emulatorVerifier(), ...deps });
      const response = await app.request('/api/push/subscribe', {
        method: 'POST',
        headers: user.headers,
        body: JSON.stringify({ endpoint: device.endpoint, keys: device.keys }),
      });
      expect(response.status).toBe(400);
    }
    expect(await devicesOf(user.uid)).toEqual([]);
  });

  it('draws on the write budget: 429 with Retry-After', async () => {
    const strict = createApp({
      db: api.database.db,
      verifier: emulatorVerifier(),
      allowLoopbackPush: true,
      // One registration's worth (20 units), given back slowly.
      writeBudget: databaseWriteBudget(api.database.db, { capacity: 20, refillPerSecond: 0.01 }),
    });
    const user = await collector('HastyHal');
    const device = pushService.subscription();
    const send = () =>
      strict.request('/api/push/subscribe', {
        method: 'POST',
        headers: user.headers,
        body: JSON.stringify({ endpoint: device.endpoint, keys: device.keys }),
      });
    expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('moves a device to the account that registered it last (a shared phone)', async () => {
    const first = await collector('SharedFirst');
    const second = await collector('SharedSecond');
    const device = pushService.subscription();
    const body = { endpoint: device.endpoint, keys: device.keys };
    await api.call(first, 'POST', '/api/push/subscribe', body);
    await api.call(second, 'POST', '/api/push/subscribe', body);
    expect(await devicesOf(first.uid)).toEqual([]);
    expect(await devicesOf(second.uid)).toHaveLength(1);
  });
});

describe('the web-push notifier', () => {
  it('delivers the docs/product.md message, encrypted for the device and signed with our VAPID key', async () => {
    const user = await collector('ReceiverRita');
    const phone = pushService.subscription();
    const laptop = pushService.subscription();
    for (const device of [phone, laptop]) {
      await api.call(user, 'POST', '/api/push/subscribe', {
        endpoint: device.endpoint,
        keys: device.keys,
      });
    }
    const before = pushService.received.length;
    await notifier.send(user.uid, {
      title: 'New follower',
      body: 'SkylineSam now follows you',
      url: '/profile/sam',
    });
    const arrived = pushService.received.slice(before);
    expect(arrived).toHaveLength(2);

    for (const device of [phone, laptop]) {
      const push = arrived.find((p) => device.endpoint.endsWith(p.path));
      if (!push) throw new Error(`nothing arrived for ${device.endpoint}`);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      const vapid = verifyVapid(push.headers.authorization as string, pushService.origin);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims.sub).toBe('mailto:push-test@example.com');
      expect(JSON.parse(decryptPush(push.body, device))).toEqual({
        notification: { title: 'New follower', body: 'SkylineSam now follows you' },
        data: { url: '/profile/sam' },
      });
    }
  });

  it('sends nothing, and does not fail, for a user with no devices', async () => {
    const before = pushService.received.length;
    await expect(notifier.send('nobody-registered', { title: 't', body: 'b' })).resolves.toBe(
      undefined,
    );
    expect(pushService.received.length).toBe(before);
  });

  it('forgets a device the push service says is gone (410), and keeps one that failed otherwise', async () => {
    const user = await collector('GoneGary');
    const device = pushService.subscription();
    await api.call(user, 'POST', '/api/push/subscribe', {
      endpoint: device.endpoint,
      keys: device.keys,
    });

    pushService.answerWith(500);
    await expect(notifier.send(user.uid, { title: 'Offer', body: 'x' })).resolves.toBe(undefined);
    expect(await devicesOf(user.uid)).toHaveLength(1);
    expect(logged.some((line) => line.includes('HTTP 500'))).toBe(true);

    pushService.answerWith(410);
    await notifier.send(user.uid, { title: 'Offer', body: 'y' });
    expect(
      await api.database.db
        .select()
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.userId, user.uid),
            eq(pushSubscriptions.endpoint, device.endpoint),
          ),
        ),
    ).toEqual([]);
    pushService.answerWith(201);
  });

  it('logs, never throws, when the push service cannot be reached', async () => {
    const user = await collector('OfflineOlga');
    const device = pushService.subscription();
    // A port nothing listens on.
    const unreachable = { ...device, endpoint: 'http://127.0.0.1:9/push/nowhere' };
    await api.call(user, 'POST', '/api/push/subscribe', {
      endpoint: unreachable.endpoint,
      keys: unreachable.keys,
    });
    await expect(notifier.send(user.uid, { title: 'Hi', body: 'there' })).resolves.toBe(undefined);
    expect(logged.some((line) => line.includes('could not reach http://127.0.0.1:9'))).toBe(true);
    expect(await devicesOf(user.uid)).toHaveLength(1);
  });
});
