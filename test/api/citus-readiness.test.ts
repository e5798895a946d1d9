// Ready to scale out on PostgreSQL + Citus, distributed by user id (README "Scaling"):
// every table holding one collector's rows has user_id in its primary key and in each unique
// index; the catalogue and the team's data are reference tables; global names (ids devices
// make, usernames) live in directories keyed by the name itself; the per-user SQL functions
// touch only p_user's rows; and no statement of the mutation path joins two collectors' rows,
// except trade completion (which locks both collectors first).
import { randomUUID } from 'node:crypto';
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app';
import { importCatalog } from '../../api/catalog/catalog-import';
import { openDatabase, queryRows, type OpenDatabase } from '../../api/db/database';
import { developmentPaymentProvider } from '../../api/premium/development-provider';
import type { PhotoStore } from '../../api/posts/photo-store';
import { emulatorVerifier, signUpTestUser, type TestUser } from '../fixtures/auth';
import {
  BONE_SHAKER,
  CHARGER,
  TRACK_DAY,
  TRACK_DAY_CARS,
  TWIN_MILL,
  fixtureCars,
  fixtureSets,
} from '../fixtures/catalog';

/** Shared by everyone, the same on every node: replicated as Citus reference tables. */
const REFERENCE_TABLES = [
  'catalog_cars',
  'catalog_sets',
  'catalog_meta',
  'tutorials',
  'live_streams',
];
/** Global names, distributed by the name (the column given), never by a user. */
const DIRECTORIES: Record<string, string> = {
  object_ids: 'id',
  usernames: 'name',
  username_skeletons: 'skeleton',
};

let database: OpenDatabase;
let app: App;
/** Statements sent while `current` was being answered. */
const statements: { request: string; query: string }[] = [];
let current = 'setup';

const memoryStore: PhotoStore = {
  put: async () => undefined,
  get: async () => null,
  delete: async () => undefined,
};

beforeAll(async () => {
  database = await openDatabase({
    kind: 'pglite',
    dataDir: null,
    logQuery: (query) => statements.push({ request: current, query }),
  });
  await importCatalog(database.db, { cars: fixtureCars, sets: fixtureSets });
  app = createApp({
    db: database.db,
    verifier: emulatorVerifier(),
    photoStore: memoryStore,
    paymentProvider: developmentPaymentProvider(),
    notifier: { send: async () => undefined },
    allowLoopbackPush: true,
  });
});
afterAll(async () => {
  await database.close();
});

interface TableShape {
  table: string;
  columns: string[];
  primaryKey: string[];
  uniqueIndexes: { name: string; definition: string }[];
}

async function tableShapes(): Promise<TableShape[]> {
  const tables = await queryRows<{ table: string }>(
    database.db,
    sql`SELECT table_name AS table FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return Promise.all(
    tables.map(async ({ table }) => {
      const columns = await queryRows<{ column: string }>(
        database.db,
        sql`SELECT column_name AS column FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = ${table}`,
      );
      const primaryKey = await queryRows<{ column: string }>(
        database.db,
        sql`SELECT a.attname AS column FROM pg_index i
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
            WHERE i.indrelid = ${table}::regclass AND i.indisprimary`,
      );
      const uniqueIndexes = await queryRows<{ name: string; definition: string }>(
        database.db,
        sql`SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
            FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = ${table}::regclass AND i.indisunique AND NOT i.indisprimary`,
      );
      return {
        table,
        columns: columns.map((row) => row.column),
        primaryKey: primaryKey.map((row) => row.column),
        uniqueIndexes,
      };
    }),
  );
}

/** Tables that hold one collector's rows: everything that is neither reference nor directory. */
async function collectorTables(): Promise<string[]> {
  return (await tableShapes())
    .map((shape) => shape.table)
    .filter((table) => !REFERENCE_TABLES.includes(table) && !(table in DIRECTORIES));
}

/** The collector tables a statement reads or writes. */
function tablesIn(query: string, tables: readonly string[]): Set<string> {
  const found = new Set<string>();
  const pattern = /\b(?:from|join|into|update)\s+(?:only\s+)?"?([a-z_]+)"?/gi;
  for (const match of query.matchAll(pattern)) {
    const table = match[1]?.toLowerCase();
    if (table && tables.includes(table)) found.add(table);
  }
  return found;
}

describe('the schema, for a database distributed by user id', () => {
  it('has user_id in the primary key and every unique index of each collector table', async () => {
    const shapes = await tableShapes();
    const collectors = await collectorTables();
    expect(collectors.length).toBeGreaterThan(15);
    for (const shape of shapes.filter((s) => collectors.includes(s.table))) {
      expect(shape.columns, shape.table).toContain('user_id');
      expect(shape.primaryKey, `${shape.table} primary key`).toContain('user_id');
      for (const index of shape.uniqueIndexes) {
        expect(index.definition, `${shape.table}: ${index.name}`).toMatch(/\buser_id\b/);
      }
    }
  });

  it('keys each directory by the name it holds, and keeps the catalogue free of user rows', async () => {
    const shapes = new Map((await tableShapes()).map((shape) => [shape.table, shape]));
    for (const [table, key] of Object.entries(DIRECTORIES)) {
      const shape = shapes.get(table);
      expect(shape?.primaryKey, table).toContain(key);
      for (const index of shape?.uniqueIndexes ?? []) {
        expect(index.definition).toMatch(new RegExp(`\\b${key}\\b`));
      }
    }
    for (const table of REFERENCE_TABLES) {
      expect(shapes.get(table)?.columns, table).not.toContain('user_id');
    }
  });

  it('has foreign keys only from collector tables to reference tables', async () => {
    const keys = await queryRows<{ from: string; to: string }>(
      database.db,
      sql`SELECT conrelid::regclass::text AS from, confrelid::regclass::text AS to
          FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
    );
    for (const key of keys) expect(REFERENCE_TABLES, `${key.from} → ${key.to}`).toContain(key.to);
  });

  it("has per-user SQL functions that touch only p_user's rows (each could run on one shard)", async () => {
    const collectors = await collectorTables();
    const functions = await queryRows<{ name: string; source: string }>(
      database.db,
      sql`SELECT proname AS name, prosrc AS source FROM pg_proc
          WHERE proname LIKE 'diecast_%' AND pronamespace = 'public'::regnamespace`,
    );
    expect(functions.map((fn) => fn.name).sort()).toEqual([
      'diecast_apply_diff',
      'diecast_claim_username',
      'diecast_read',
      'diecast_state_of',
      'diecast_user_state',
      'diecast_username_skeleton',
    ]);
    const pattern = /\b(?:from|join|into|update)\s+([a-z_]+)/gi;
    for (const { name, source } of functions) {
      const body = source.replace(/--[^\n]*/g, '');
      const matches = [...body.matchAll(pattern)].filter((match) =>
        collectors.includes(match[1]?.toLowerCase() ?? ''),
      );
      matches.forEach((match, index) => {
        // From this table to the next collector table or the end of the statement.
        const semicolon = body.indexOf(';', match.index);
        const end = Math.min(
          matches[index + 1]?.index ?? body.length,
          semicolon < 0 ? body.length : semicolon,
        );
        const clause = body.slice(match.index, end);
        expect(clause, `${name}: ${clause.slice(0, 80)}`).toMatch(
          /\b(?:\w+\.)?user_id\s*=\s*p_user\b|\(\s*p_user\s*,|\bSELECT\s+p_user\s*,/i,
        );
      });
    }
  });
});

describe('the mutation path', () => {
  it('never joins two collectors’ rows in one statement, except trade completion', async () => {
    const seller = await named('seller');
    const buyer = await named('buyer');
    const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
      current = `${method} ${path}`;
      const response = await app.request(path, {
        method,
        headers: user.headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      current = 'between';
      expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(
        400,
      );
      return response.status === 204 ? null : ((await response.json()) as Record<string, unknown>);
    };
    const post = (user: TestUser, path: string, body: unknown) => call(user, 'POST', path, body);

    // Every collection change, as its endpoint and inside a push.
    await post(seller, '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'c1' },
    });
    await post(seller, '/api/collection/add-car-instance', { carId: BONE_SHAKER, details: {} });
    await post(seller, '/api/collection/update-car-instance', {
      carId: CHARGER,
      instanceId: 'c1',
      updates: { notes: 'mint' },
    });
    await post(seller, '/api/collection/remove-car-instance', { carId: CHARGER, instanceId: 'c1' });
    await post(seller, '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY },
      instanceDetails: { instanceId: 's1' },
    });
    await post(seller, '/api/collection/add-multiple-set-instances', {
      set: { id: TRACK_DAY },
      instances: [{ instanceId: 's2' }, { instanceId: 's3' }],
    });
    await post(seller, '/api/collection/update-set-instance', {
      setId: TRACK_DAY,
      instanceId: 's2',
      updates: { purchasePrice: 5 },
    });
    await post(seller, '/api/collection/remove-set-instance', {
      setId: TRACK_DAY,
      instanceId: 's3',
      carIds: TRACK_DAY_CARS,
    });
    await post(seller, '/api/collection/toggle-favorite', { carId: TWIN_MILL, isFavorited: false });
    await post(seller, '/api/collection/toggle-wishlist', {
      carId: TWIN_MILL,
      isWishlisted: false,
    });
    await post(seller, '/api/collection/toggle-set', {
      setId: TRACK_DAY,
      action: 'favorite',
      isSetInList: false,
    });
    await post(seller, '/api/collection/update-set-details', {
      setId: TRACK_DAY,
      type: 'trade',
      quantity: 1,
    });
    await post(seller, '/api/collection/update-car-details', {
      carId: BONE_SHAKER,
      forTrade: 1,
      forSale: 0,
    });
    await post(seller, '/api/users/update-settings', { key: 'theme', value: 'dark' });
    await post(seller, '/api/tutorials/complete', { tutorialId: 'spotting-treasure-hunts' });
    await post(buyer, '/api/sync/push', {
      mutations: [
        {
          key: 'b:1',
          name: 'collection/add-car-instance',
          args: { carId: TWIN_MILL, details: { instanceId: 'tw1' } },
        },
        { key: 'b:2', name: 'follows/set', args: { userId: seller.uid, following: true } },
      ],
    });

    // Photos, posts, comments, likes, reports, profile, follows.
    const photoId = `ph-${randomUUID()}`;
    current = `PUT /api/photos/${photoId}`;
    const upload = await app.request(`/api/photos/${photoId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${seller.idToken}` },
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    });
    current = 'between';
    expect(upload.status).toBe(201);
    const postId = `post-${randomUUID()}`;
    await post(seller, '/api/posts/create', {
      postId,
      body: 'My garage',
      photoIds: [photoId],
      tagged: [{ kind: 'car', id: BONE_SHAKER }],
    });
    await post(buyer, '/api/posts/like', { postId, liked: true });
    await post(buyer, '/api/posts/report', { postId, reason: 'not a car' });
    const commentId = `cm-${randomUUID()}`;
    await post(buyer, '/api/comments/create', { commentId, postId, body: 'Nice' });
    await post(buyer, '/api/comments/delete', { commentId });
    await post(seller, '/api/profile/update', { bio: 'Hi', avatarPhotoId: photoId });
    await post(seller, '/api/profile/update', { username: `renamed${randomUUID().slice(0, 6)}` });
    await post(buyer, '/api/follows/set', { userId: seller.uid, following: false });
    await post(buyer, '/api/posts/create', { postId: `p2-${randomUUID()}`, body: 'mine' });
    await post(seller, '/api/posts/delete', { postId });

    // The trade board, up to a completed trade.
    const instanceId = (
      (await post(seller, '/api/collection/add-car-instance', { carId: CHARGER, details: {} })) as {
        instanceId: string;
      }
    ).instanceId;
    const listingId = `l-${randomUUID()}`;
    await post(seller, '/api/listings/create', {
      listingId,
      kind: 'car',
      itemId: CHARGER,
      instanceId,
      forTrade: true,
      forSale: false,
      askingPrice: null,
    });
    await post(seller, '/api/listings/update', { listingId, wants: 'a Twin Mill' });
    const offerId = `o-${randomUUID()}`;
    await post(buyer, '/api/offers/create', {
      offerId,
      listingId,
      message: 'Swap?',
      offeredCars: [{ carId: TWIN_MILL, instanceId: 'tw1' }],
    });
    await post(seller, '/api/offers/answer', { offerId, accept: true, reply: 'Deal' });
    await post(seller, '/api/listings/complete', { listingId, outcome: 'traded', offerId });
    const other = `o2-${randomUUID()}`;
    const listing2 = `l2-${randomUUID()}`;
    const second = (
      (await post(seller, '/api/collection/add-car-instance', {
        carId: BONE_SHAKER,
        details: {},
      })) as {
        instanceId: string;
      }
    ).instanceId;
    await post(seller, '/api/listings/create', {
      listingId: listing2,
      kind: 'car',
      itemId: BONE_SHAKER,
      instanceId: second,
      forTrade: false,
      forSale: true,
      askingPrice: 3,
    });
    await post(buyer, '/api/offers/create', {
      offerId: other,
      listingId: listing2,
      message: 'Hi',
      price: 2,
    });
    await post(buyer, '/api/offers/withdraw', { offerId: other });
    await post(seller, '/api/listings/update', { listingId: listing2, status: 'withdrawn' });

    // Push registration and checkout.
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    const keys = {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    await post(buyer, '/api/push/subscribe', { endpoint, keys });
    await post(buyer, '/api/push/unsubscribe', { endpoint });
    const checkout = (await post(buyer, '/api/premium/checkout', undefined)) as {
      sessionId: string;
    };
    current = 'POST /api/premium/dev-checkout';
    const paid = await app.request(`/api/premium/dev-checkout/${checkout.sessionId}`, {
      method: 'POST',
    });
    current = 'between';
    expect(paid.status).toBe(303);

    const collectors = await collectorTables();
    const mutationStatements = statements.filter(
      (s) => s.request !== 'setup' && s.request !== 'between' && !s.request.startsWith('GET '),
    );
    expect(new Set(mutationStatements.map((s) => s.request)).size).toBeGreaterThan(30);
    const joining = mutationStatements.filter(
      (s) => s.request !== 'POST /api/listings/complete' && tablesIn(s.query, collectors).size > 1,
    );
    expect(joining.map((s) => `${s.request}: ${s.query.slice(0, 160)}`)).toEqual([]);
  });
});

/** A signed-up collector with a username, made outside the statements being checked. */
async function named(stem: string): Promise<TestUser> {
  const user = await signUpTestUser();
  current = 'setup';
  const response = await app.request('/api/users/initialize', {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ username: `${stem}${randomUUID().slice(0, 8)}` }),
  });
  expect(response.status).toBe(200);
  return user;
}
