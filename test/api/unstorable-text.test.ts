// Text SQL cannot hold (U+0000, a lone surrogate) in any field a collector types is a 400 that
// names the field and changes nothing; inside a sync push it rejects that entry alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { BONE_SHAKER, CHARGER, TRACK_DAY } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';
import { NUL_ERROR, SURROGATE_ERROR } from '../../src/shared/text/user-text';

let api: ApiHarness;
let seller: TestUser & { username: string };
let buyer: TestUser & { username: string };
let carInstance: string;
let setInstance: string;
let listingId: string;
let offerId: string;
let postId: string;

beforeAll(async () => {
  api = await createApiHarness();
  seller = await api.collector('seller');
  buyer = await api.collector('buyer');
  const car = await api.call(seller, 'POST', '/api/collection/add-car-instance', {
    carId: CHARGER,
    details: {},
  });
  carInstance = car.body.instanceId;
  const set = await api.call(seller, 'POST', '/api/collection/add-set-instance', {
    set: { id: TRACK_DAY },
    instanceDetails: {},
  });
  setInstance = set.body.instanceId;
  listingId = `l-${randomUUID()}`;
  expect(
    (
      await api.call(seller, 'POST', '/api/listings/create', {
        listingId,
        kind: 'car',
        itemId: CHARGER,
        instanceId: carInstance,
        forTrade: true,
        forSale: false,
        askingPrice: null,
      })
    ).status,
  ).toBe(200);
  offerId = `o-${randomUUID()}`;
  expect(
    (
      await api.call(buyer, 'POST', '/api/offers/create', {
        offerId,
        listingId,
        message: 'Interested',
      })
    ).status,
  ).toBe(200);
  postId = `p-${randomUUID()}`;
  expect(
    (await api.call(seller, 'POST', '/api/posts/create', { postId, body: 'My Charger' })).status,
  ).toBe(200);
});
afterAll(async () => {
  await api.close();
});

/** Everything a collector's refused request could have changed, read back through the API. */
async function stateOf(user: TestUser) {
  const [collection, me, post, listing, profile] = await Promise.all([
    api.call(user, 'GET', '/api/collection/get'),
    api.call(user, 'GET', '/api/profile/me'),
    api.call(user, 'GET', `/api/posts/${postId}`),
    api.call(user, 'GET', `/api/listings/${listingId}`),
    api.call(null, 'GET', `/api/profiles/${user.uid}`),
  ]);
  return [collection.body, me.body, post.body, listing.body, profile.body];
}

type Case = [
  label: string,
  who: () => TestUser,
  path: string,
  payload: (bad: string) => unknown,
  field: RegExp,
];

const cases: Case[] = [
  [
    'car notes',
    () => seller,
    '/api/collection/add-car-instance',
    (bad) => ({ carId: BONE_SHAKER, details: { notes: `mint ${bad}` } }),
    /details\.notes/,
  ],
  [
    'car purchase place',
    () => seller,
    '/api/collection/add-car-instance',
    (bad) => ({ carId: BONE_SHAKER, details: { purchasePlace: `fair${bad}` } }),
    /details\.purchasePlace/,
  ],
  [
    'notes of a car instance update',
    () => seller,
    '/api/collection/update-car-instance',
    (bad) => ({ carId: CHARGER, instanceId: carInstance, updates: { notes: bad } }),
    /updates\.notes/,
  ],
  [
    'purchase place of a set instance update',
    () => seller,
    '/api/collection/update-set-instance',
    (bad) => ({ setId: TRACK_DAY, instanceId: setInstance, updates: { purchasePlace: bad } }),
    /updates\.purchasePlace/,
  ],
  [
    'a settings value',
    () => seller,
    '/api/users/update-settings',
    (bad) => ({ key: 'theme', value: `dark${bad}` }),
    /value/,
  ],
  [
    'a string deep in a settings value',
    () => seller,
    '/api/users/update-settings',
    (bad) => ({ key: 'layout', value: { columns: [{ title: bad }] } }),
    /value: columns\[0\]\.title/,
  ],
  [
    'a key inside a settings value',
    () => seller,
    '/api/users/update-settings',
    (bad) => ({ key: 'layout', value: { [`k${bad}`]: 1 } }),
    /value: key/,
  ],
  ['a bio', () => seller, '/api/profile/update', (bad) => ({ bio: `Hi ${bad}` }), /bio/],
  [
    'a post body',
    () => seller,
    '/api/posts/create',
    (bad) => ({ postId: `p-${randomUUID()}`, body: bad }),
    /body/,
  ],
  [
    'a comment',
    () => buyer,
    '/api/comments/create',
    (bad) => ({ commentId: `c-${randomUUID()}`, postId, body: `nice${bad}` }),
    /body/,
  ],
  [
    'a report reason',
    () => buyer,
    '/api/posts/report',
    (bad) => ({ postId, reason: `spam${bad}` }),
    /reason/,
  ],
  [
    'what a listing wants',
    () => seller,
    '/api/listings/update',
    (bad) => ({ listingId, wants: `a${bad}` }),
    /wants/,
  ],
  [
    'an offer message',
    () => buyer,
    '/api/offers/create',
    (bad) => ({ offerId: `o-${randomUUID()}`, listingId, message: `hello${bad}` }),
    /message/,
  ],
  [
    'an offer reply',
    () => seller,
    '/api/offers/answer',
    (bad) => ({ offerId, accept: false, reply: `no${bad}` }),
    /reply/,
  ],
  [
    'an unsubscribe endpoint',
    () => seller,
    '/api/push/unsubscribe',
    (bad) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/x${bad}` }),
    /endpoint/,
  ],
];

describe('text the database cannot hold', () => {
  for (const [bad, message] of [
    ['\u0000', NUL_ERROR],
    ['\ud800', SURROGATE_ERROR],
    ['x\udc00y', SURROGATE_ERROR],
  ] as const) {
    it.each(cases)(`${JSON.stringify(bad)} in %s is a 400 naming the field`, async (...args) => {
      const [, who, path, payload, field] = args;
      const user = who();
      const before = await stateOf(user);
      const response = await api.call(user, 'POST', path, payload(bad));
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error).toMatch(field);
      expect(response.body.error).toContain(message);
      expect(await stateOf(user)).toEqual(before);
    });
  }

  it('a well-formed emoji (a surrogate pair) is kept as typed', async () => {
    const response = await api.call(seller, 'POST', '/api/profile/update', { bio: ' 🏎️ fan ' });
    expect(response.status).toBe(200);
    expect(response.body.profile.bio).toBe('🏎️ fan');
  });

  it('in a sync push, the bad entry is rejected with its error and the others are applied', async () => {
    const user = await api.collector('pusher');
    const response = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [
        {
          key: 'd:1',
          name: 'collection/add-car-instance',
          args: { carId: CHARGER, details: { instanceId: 'good-1' } },
        },
        {
          key: 'd:2',
          name: 'collection/add-car-instance',
          args: { carId: BONE_SHAKER, details: { instanceId: 'bad', notes: 'a\u0000b' } },
        },
        { key: 'd:3', name: 'users/update-settings', args: { key: 'k', value: '\ud83d' } },
        { key: 'd:4', name: 'posts/create', args: { postId: `p-${randomUUID()}`, body: '\u0000' } },
        {
          key: 'd:5',
          name: 'collection/add-car-instance',
          args: { carId: BONE_SHAKER, details: { instanceId: 'good-2', notes: 'fine' } },
        },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      { key: 'd:1', status: 'ok' },
      { key: 'd:2', status: 'rejected', error: `details.notes: ${NUL_ERROR}` },
      { key: 'd:3', status: 'rejected', error: `value: ${SURROGATE_ERROR}` },
      { key: 'd:4', status: 'rejected', error: `body: ${NUL_ERROR}` },
      { key: 'd:5', status: 'ok' },
    ]);
    const { body } = await api.call(user, 'GET', '/api/collection/get');
    expect(body.ownedCars.map((car: { carId: string }) => car.carId)).toEqual([
      CHARGER,
      BONE_SHAKER,
    ]);
  });
});
