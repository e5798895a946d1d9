// Crafted cursors, path values and query values are refused with 400 {error}, never a query that
// fails (500): each case below answered 500 before cursors and values were parsed strictly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { developmentPaymentProvider } from '../../api/premium/development-provider';
import { localPhotoStore } from '../../api/posts/local-photo-store';

let api: ApiHarness;
let user: TestUser & { username: string };
const uploads = mkdtempSync(join(tmpdir(), 'diecast-crafted-'));

beforeAll(async () => {
  api = await createApiHarness({
    paymentProvider: developmentPaymentProvider(),
    photoStore: localPhotoStore(uploads),
  });
  user = await api.collector('crafty');
});
afterAll(async () => {
  await api.close();
  rmSync(uploads, { recursive: true, force: true });
});

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('crafted reads', () => {
  const cases: [string, 'GET' | 'POST' | 'PUT', () => string][] = [
    ['a listing cursor whose time is "1"', 'GET', () => `/api/listings?before=${b64('["1","x"]')}`],
    [
      'a listing cursor whose id is not an id',
      'GET',
      () => `/api/listings?before=${b64('["2026-05-01T10:00:00.000Z","a/b"]')}`,
    ],
    [
      'a feed cursor in the year +275760',
      'GET',
      () => `/api/posts/feed?before=${b64('+275760-09-13T00:00:00.000Z|p1')}`,
    ],
    [
      'a feed cursor on 30 February',
      'GET',
      () => `/api/posts/feed?before=${b64('2026-02-30T10:00:00.000Z|p1')}`,
    ],
    [
      'a follower cursor with a NUL in it',
      'GET',
      () =>
        `/api/profiles/${user.uid}/followers?cursor=${b64(
          JSON.stringify(['2026-05-01T10:00:00.123456Z', 'a\u0000']),
        )}`,
    ],
    [
      'a follower cursor in the year 0',
      'GET',
      () =>
        `/api/profiles/${user.uid}/following?cursor=${b64(
          JSON.stringify(['0000-01-01T00:00:00.000000Z', 'u']),
        )}`,
    ],
    ['a NUL tutorial id', 'GET', () => '/api/tutorials/%00'],
    ['a NUL user search', 'GET', () => '/api/search/users?q=%00'],
    ['a NUL brand filter', 'GET', () => '/api/listings?brand=%00'],
    ['a NUL series filter', 'GET', () => '/api/listings?series=a%00'],
    ['an enormous year filter', 'GET', () => '/api/listings?year=1e999'],
    ['an enormous page size', 'GET', () => '/api/posts/feed?limit=99999999999999999999'],
    ['a NUL checkout page', 'GET', () => '/api/premium/dev-checkout/%00'],
    ['a NUL checkout payment', 'POST', () => '/api/premium/dev-checkout/%00'],
    ['a photo id with ".."', 'PUT', () => '/api/photos/a..b'],
  ];

  it.each(cases)('%s is a 400 {error}', async (_label, method, path) => {
    const response = await api.app.request(path(), {
      method,
      headers: { Authorization: `Bearer ${user.idToken}` },
      body: method === 'PUT' ? new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) : undefined,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('the cursors the server gives out still work', async () => {
    for (let i = 0; i < 3; i++) {
      await api.call(user, 'POST', '/api/posts/create', {
        postId: `p-${i}-${user.uid}`,
        body: 'x',
      });
    }
    const first = await api.call(null, 'GET', '/api/posts/feed?limit=2');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api.call(
      null,
      'GET',
      `/api/posts/feed?limit=2&before=${first.body.nextCursor}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.posts.length).toBeGreaterThan(0);
  });
});
