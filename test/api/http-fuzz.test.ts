// A property-based HTTP fuzz (fast-check) over every /api route and every field: starting from a
// valid request, one part is broken at a time (a field replaced by an odd value, removed, an
// extra field, deep nesting, a raw body, an odd path or query value, a bad token or key).
// Whatever arrives: never a 5xx, every /api answer is ours (X-Diecast-Api) and JSON, a refusal
// says {error}, and a refused request leaves every collector's data exactly as it was.
// FUZZ_RUNS cases (2,000 in `npm test`; `npm run fuzz:api` runs many more), FUZZ_SEED to replay.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../api/db/database';
import { developmentPaymentProvider } from '../../api/premium/development-provider';
import type { PhotoStore } from '../../api/posts/photo-store';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { unsignedToken } from '../fixtures/auth';
import { CHARGER, TRACK_DAY } from '../fixtures/catalog';
import { FUZZ_ROUTES, pathOf, type FuzzContext, type FuzzRoute } from '../fixtures/fuzz-routes';
import {
  nested,
  oddString,
  oddValue,
  pathsOf,
  withAt,
  withExtraField,
} from '../fixtures/fuzz-values';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const photos = new Map<string, Uint8Array>();
const memoryStore: PhotoStore = {
  put: async (key, bytes) => void photos.set(key, bytes),
  get: async (key) => {
    const bytes = photos.get(key);
    return bytes ? { bytes, contentType: 'image/jpeg' } : null;
  },
  delete: async (key) => void photos.delete(key),
};

let api: ApiHarness;
let ctx: FuzzContext;

async function ok(response: { status: number; body: unknown }) {
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body as Record<string, unknown>;
}

beforeAll(async () => {
  api = await createApiHarness({
    photoStore: memoryStore,
    paymentProvider: developmentPaymentProvider(),
    notifier: { publicKey: 'BFuzzPublicKey', send: async () => undefined },
    clientConfig: {
      firebase: {
        apiKey: 'k',
        authDomain: 'demo-diecast.firebaseapp.com',
        projectId: 'demo-diecast',
      },
      authEmulatorHost: '127.0.0.1:9099',
    },
  });
  const me = await api.collector('fuzz');
  const other = await api.collector('other');
  const carOf = async (user: typeof me, carId: string) =>
    (
      (await ok(
        await api.call(user, 'POST', '/api/collection/add-car-instance', { carId, details: {} }),
      )) as { instanceId: string }
    ).instanceId;
  const myCar = { carId: CHARGER, instanceId: await carOf(me, CHARGER) };
  const mySetInstance = (
    (await ok(
      await api.call(me, 'POST', '/api/collection/add-set-instance', {
        set: { id: TRACK_DAY },
        instanceDetails: {},
      }),
    )) as { instanceId: string }
  ).instanceId;
  const myPhotoId = `photo-${randomUUID()}`;
  const upload = await api.app.request(`/api/photos/${myPhotoId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${me.idToken}` },
    body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
  });
  expect(upload.status).toBe(201);
  const post = async (user: typeof me, body: string) => {
    const postId = `post-${randomUUID()}`;
    await ok(await api.call(user, 'POST', '/api/posts/create', { postId, body }));
    return postId;
  };
  const otherPostId = await post(other, 'Look at this');
  const myPostId = await post(me, 'Mine');
  const myCommentId = `comment-${randomUUID()}`;
  await ok(
    await api.call(me, 'POST', '/api/comments/create', {
      commentId: myCommentId,
      postId: otherPostId,
      body: 'Wow',
    }),
  );
  const listing = async (user: typeof me, carId: string) => {
    const listingId = `listing-${randomUUID()}`;
    await ok(
      await api.call(user, 'POST', '/api/listings/create', {
        listingId,
        kind: 'car',
        itemId: carId,
        instanceId: await carOf(user, carId),
        forTrade: true,
        forSale: false,
        askingPrice: null,
      }),
    );
    return listingId;
  };
  const otherListingId = await listing(other, CHARGER);
  const myListingId = await listing(me, CHARGER);
  const offer = async (user: typeof me, listingId: string) => {
    const offerId = `offer-${randomUUID()}`;
    await ok(
      await api.call(user, 'POST', '/api/offers/create', { offerId, listingId, message: 'Hi' }),
    );
    return offerId;
  };
  const myOfferId = await offer(me, otherListingId);
  const offerToMe = await offer(other, myListingId);
  const checkout = (await ok(await api.call(me, 'POST', '/api/premium/checkout'))) as {
    sessionId: string;
  };
  ctx = {
    me,
    other,
    myCar,
    mySet: { setId: TRACK_DAY, instanceId: mySetInstance },
    otherPostId,
    myPostId,
    myCommentId,
    myPhotoId,
    otherListingId,
    myListingId,
    myOfferId,
    offerToMe,
    sessionId: checkout.sessionId,
  };

  const tables = await queryRows<{ table: string }>(
    api.database.db,
    sql`SELECT table_name AS table FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('processed_keys', 'write_budgets', 'push_leases', 'catalog_cars',
            'catalog_sets', 'catalog_meta', 'tutorials', 'live_streams')`,
  );
  // Test-only triggers count every real change to a collector's data (an update that only
  // touches updated_at is not one; idempotency keys, budgets and push leases are bookkeeping), so "nothing
  // changed" is one cheap read however large the fuzz makes the database. A refused command
  // rolls its transaction back, and the count with it.
  await api.database.db.execute(sql`CREATE TABLE fuzz_data_changes (n bigint NOT NULL)`);
  await api.database.db.execute(sql`INSERT INTO fuzz_data_changes VALUES (0)`);
  await api.database.db.execute(sql`CREATE FUNCTION fuzz_note_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'updated_at') = (to_jsonb(OLD) - 'updated_at') THEN
        RETURN NEW;
      END IF;
      UPDATE fuzz_data_changes SET n = n + 1;
      RETURN NULL;
    END $$`);
  for (const { table } of tables) {
    await api.database.db.execute(
      sql.raw(`CREATE TRIGGER fuzz_changes AFTER INSERT OR UPDATE OR DELETE ON ${table}
               FOR EACH ROW EXECUTE FUNCTION fuzz_note_change()`),
    );
  }
});
afterAll(async () => {
  await api.close();
});

/** How many real changes collectors' data has had. */
async function changes(): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    api.database.db,
    sql`SELECT n FROM fuzz_data_changes`,
  );
  return Number(row?.n ?? 0);
}

/** One way to break a valid request. */
type Breakage =
  | { kind: 'none' }
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'deep'; pick: number; depth: number }
  | { kind: 'raw'; text: string }
  | { kind: 'param'; pick: number; value: string }
  | { kind: 'query'; key: string | null; value: string }
  | { kind: 'auth'; token: 'none' | 'garbage' | 'expired' | 'other-project' }
  | { kind: 'key'; value: string }
  | { kind: 'bytes'; bytes: Uint8Array };

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      pick: fc.nat(),
      value: oddValue,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      pick: fc.nat(),
      key: oddString,
      value: oddValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      pick: fc.nat(),
      depth: fc.integer({ min: 20, max: 2_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(oddString, fc.constantFrom('{"a":', '[1,', 'null', '""', '{}', '[]', '1e999')),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('param' as const), pick: fc.nat(), value: oddString }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      key: fc.option(oddString, { nil: null }),
      value: oddString,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('auth' as const),
      token: fc.constantFrom('none', 'garbage', 'expired', 'other-project'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('key' as const), value: oddString }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bytes' as const),
      bytes: fc.uint8Array({ maxLength: 64 }),
    }),
  },
);

interface BuiltRequest {
  url: string;
  init: RequestInit;
}

/** The valid request of `route`, with `broken` applied. */
function build(route: FuzzRoute, broken: Breakage): BuiltRequest {
  const params = route.params?.(ctx) ?? {};
  const query = new URLSearchParams(route.query?.(ctx) ?? {});
  let body: unknown = route.body?.(ctx);
  let raw: string | Uint8Array<ArrayBuffer> | undefined;
  let token: string | null = route.auth === 'none' ? null : ctx.me.idToken;
  const headers: Record<string, string> = {};
  const paths = pathsOf(body);
  const at = (pick: number) => paths[pick % paths.length] ?? [];
  // A request without a body is broken through its query instead.
  if (body === undefined && !route.bytes) {
    const keys = [...query.keys()];
    const text = (value: unknown) =>
      typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    if (broken.kind === 'replace')
      query.set(keys[broken.pick % Math.max(1, keys.length)] ?? 'q', text(broken.value));
    if (broken.kind === 'extra') query.set(broken.key, text(broken.value));
    if (broken.kind === 'remove' && keys.length > 0)
      query.delete(keys[broken.pick % keys.length] as string);
    if (broken.kind === 'deep') query.set(keys[0] ?? 'q', JSON.stringify(nested(broken.depth)));
  }
  switch (broken.kind) {
    case 'replace':
      body = withAt(body, at(broken.pick), broken.value);
      break;
    case 'remove':
      body = withAt(body, at(broken.pick), undefined);
      break;
    case 'extra':
      body = withExtraField(body, at(broken.pick), broken.key, broken.value);
      break;
    case 'deep':
      body = withAt(body, at(broken.pick), nested(broken.depth, 'x'));
      break;
    case 'raw':
      raw = broken.text;
      break;
    case 'param': {
      const names = Object.keys(params);
      const name = names[broken.pick % Math.max(1, names.length)];
      if (name) params[name] = broken.value;
      else query.set('p', broken.value);
      break;
    }
    case 'query':
      query.set(broken.key ?? [...query.keys()][0] ?? 'q', broken.value);
      break;
    case 'auth':
      token =
        broken.token === 'none'
          ? null
          : broken.token === 'garbage'
            ? 'not.a.token'
            : unsignedToken(
                broken.token === 'expired'
                  ? {
                      exp: Math.floor(Date.now() / 1000) - 60,
                      sub: ctx.me.uid,
                      user_id: ctx.me.uid,
                    }
                  : { aud: 'someone-else', sub: ctx.me.uid, user_id: ctx.me.uid },
              );
      break;
    case 'key':
      headers['Idempotency-Key'] = broken.value;
      break;
    case 'bytes':
      raw = broken.bytes as Uint8Array<ArrayBuffer>;
      break;
    case 'none':
      break;
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  if (route.bytes && raw === undefined) raw = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9]);
  if (raw === undefined && body !== undefined && route.method !== 'GET') {
    raw = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const search = query.toString();
  return {
    url: `${pathOf(route, params)}${search ? `?${search}` : ''}`,
    init: { method: route.method, headers, body: route.method === 'GET' ? undefined : raw },
  };
}

/** A request HTTP itself cannot carry (a NUL or newline in a header): not the API's to answer. */
function sendable(request: BuiltRequest): boolean {
  try {
    new Request(`http://localhost${request.url}`, request.init);
    return true;
  } catch {
    return false;
  }
}

describe('the HTTP fuzz', () => {
  it('covers every /api route the app serves', () => {
    const served = new Set(
      api.app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
        .map((route) => `${route.method} ${route.path}`),
    );
    const fuzzed = new Set(FUZZ_ROUTES.map((route) => `${route.method} ${route.path}`));
    expect([...served].filter((route) => !fuzzed.has(route))).toEqual([]);
  });

  it('sees a real change, and not a refusal that only touched a row', async () => {
    const start = await changes();
    await ok(
      await api.call(ctx.me, 'POST', '/api/collection/toggle-wishlist', {
        carId: CHARGER,
        isWishlisted: false,
      }),
    );
    const afterChange = await changes();
    expect(afterChange).toBeGreaterThan(start);
    // Locks the seller's row (touching updated_at), then refuses: the copy is not theirs.
    const refused = await api.call(ctx.me, 'POST', '/api/listings/create', {
      listingId: `l-${randomUUID()}`,
      kind: 'car',
      itemId: CHARGER,
      instanceId: 'not-mine',
      forTrade: true,
      forSale: false,
      askingPrice: null,
    });
    expect(refused.status).toBe(400);
    expect(await changes()).toBe(afterChange);
  });

  it(
    `answers ${RUNS} broken requests without a 5xx, always as {error}, changing nothing when refused`,
    async () => {
      const statuses = new Map<number, number>();
      const started = performance.now();
      let before = await changes();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...FUZZ_ROUTES), breakage, async (route, broken) => {
          const request = build(route, broken);
          if (!sendable(request)) return;
          const response = await api.app.request(request.url, request.init);
          const what = `${request.init.method} ${request.url} (${broken.kind})`;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, what).toBeLessThan(500);
          expect(response.headers.get('x-diecast-api'), what).toBe('1');
          const type = response.headers.get('content-type') ?? '';
          const text = await response.text();
          if (
            route.answers === 'html' &&
            (type.startsWith('text/html') || response.status === 303)
          ) {
            // The development checkout is a page for a browser: a page, or the way back.
          } else if (route.answers === 'image' && response.status === 200) {
            expect(type, what).toMatch(/^image\//);
          } else {
            const body = JSON.parse(text) as unknown;
            if (response.status >= 400) {
              expect(body, what).toEqual(expect.objectContaining({ error: expect.any(String) }));
            }
          }
          const after = await changes();
          if (response.status >= 400) expect(after, `${what} changed data: ${text}`).toBe(before);
          before = after;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      console.log(
        `fuzz: ${RUNS} cases in ${((performance.now() - started) / 1000).toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
    },
    60_000 + RUNS * 50,
  );
});
