// A wishlist car with the most the collector means to pay and a note (docs/api.md, update-wishlist-car):
// collection/update-wishlist-car through its endpoint and the push, bad input refused with
// nothing changed, and 'Found it' (add-car-instance with the price) moving the car once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { CHARGER, SKYLINE } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

async function collectionOf(user: TestUser) {
  const { status, body } = await api.call(user, 'GET', '/api/collection/get');
  expect(status).toBe(200);
  return body;
}

async function wish(user: TestUser, carId: string) {
  const { status } = await api.call(user, 'POST', '/api/collection/toggle-wishlist', {
    carId,
    isWishlisted: false,
  });
  expect(status).toBe(200);
}

const update = (user: TestUser, args: unknown, headers?: Record<string, string>) =>
  api.call(user, 'POST', '/api/collection/update-wishlist-car', args, headers);

describe('a wishlist car with a price in mind', () => {
  it('keeps a max price (in cents) and a trimmed note, and clears them again', async () => {
    const user = await api.user();
    await wish(user, CHARGER);
    const [{ addedAt }] = (await collectionOf(user)).wishlistCarIds;

    const set = await update(user, { carId: CHARGER, maxPrice: 4.999, note: '  only carded ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ ok: true });
    expect((await collectionOf(user)).wishlistCarIds).toEqual([
      { id: CHARGER, addedAt, maxPrice: 5, note: 'only carded' },
    ]);

    expect((await update(user, { carId: CHARGER, maxPrice: 0.5, note: '' })).status).toBe(200);
    expect((await collectionOf(user)).wishlistCarIds).toEqual([
      { id: CHARGER, addedAt, maxPrice: 0.5 },
    ]);

    expect((await update(user, { carId: CHARGER, maxPrice: null, note: '' })).status).toBe(200);
    expect((await collectionOf(user)).wishlistCarIds).toEqual([{ id: CHARGER, addedAt }]);
  });

  it('refuses bad input with 400 and a reason, and changes nothing', async () => {
    const user = await api.user();
    await wish(user, CHARGER);
    expect((await update(user, { carId: CHARGER, maxPrice: 5, note: 'blue' })).status).toBe(200);
    const before = await collectionOf(user);

    const bad: [unknown, RegExp][] = [
      [{ carId: CHARGER, maxPrice: -1, note: '' }, /maxPrice: must not be negative/],
      [{ carId: CHARGER, maxPrice: 1_000_001, note: '' }, /maxPrice: must be at most/],
      [{ carId: CHARGER, maxPrice: '5', note: '' }, /maxPrice/],
      [{ carId: CHARGER, maxPrice: 5, note: 'x'.repeat(201) }, /note: must be at most 200/],
      [{ carId: CHARGER, maxPrice: 5, note: 'a\u0000b' }, /note: must not contain NUL/],
      [{ carId: CHARGER, maxPrice: 5, note: 'a\ud800b' }, /note: must not contain unpaired/],
      [{ carId: CHARGER, maxPrice: 5 }, /note/],
      [{ carId: CHARGER, note: '' }, /maxPrice/],
      [{ carId: CHARGER, maxPrice: 5, note: '', extra: 1 }, /extra/],
      [{ carId: '../x', maxPrice: 5, note: '' }, /carId/],
    ];
    for (const [args, error] of bad) {
      const answer = await update(user, args);
      expect(answer.status, JSON.stringify(args)).toBe(400);
      expect(answer.body.error).toMatch(error);
    }
    expect(await collectionOf(user)).toEqual(before);
  });

  it('refuses a car that is not on the wishlist (404) and puts nothing on it', async () => {
    const user = await api.user();
    const answer = await update(user, { carId: SKYLINE, maxPrice: 5, note: '' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/not on your wishlist/);
    expect((await collectionOf(user)).wishlistCarIds).toEqual([]);
  });

  it('a key sent twice applies once', async () => {
    const user = await api.user();
    await wish(user, CHARGER);
    const headers = { 'Idempotency-Key': 'device-w:1' };
    const args = { carId: CHARGER, maxPrice: 7, note: 'the red one' };
    expect((await update(user, args, headers)).status).toBe(200);
    expect((await update(user, args, headers)).status).toBe(200);
    const pushed = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [{ key: 'device-w:1', name: 'collection/update-wishlist-car', args }],
    });
    expect(pushed.body.results).toEqual([{ key: 'device-w:1', status: 'duplicate' }]);
    expect((await collectionOf(user)).wishlistCarIds).toMatchObject([
      { id: CHARGER, maxPrice: 7, note: 'the red one' },
    ]);
  });

  it('Found it: one add with the price moves the car off the wishlist, once, through the push', async () => {
    const user = await api.user();
    await wish(user, CHARGER);
    await wish(user, SKYLINE);
    await update(user, { carId: CHARGER, maxPrice: 5, note: 'only carded' });
    const found = {
      key: 'device-f:1',
      name: 'collection/add-car-instance',
      args: {
        carId: CHARGER,
        details: { instanceId: 'device-f:i1', condition: 'carded', purchasePrice: 5 },
      },
    };
    const first = await api.call(user, 'POST', '/api/sync/push', { mutations: [found] });
    expect(first.body.results).toEqual([{ key: 'device-f:1', status: 'ok' }]);
    // The answer was lost on the way: the device sends the same entry again.
    const again = await api.call(user, 'POST', '/api/sync/push', { mutations: [found] });
    expect(again.body.results).toEqual([{ key: 'device-f:1', status: 'duplicate' }]);

    const collection = await collectionOf(user);
    expect(collection.ownedCars).toMatchObject([
      {
        carId: CHARGER,
        instances: [{ instanceId: 'device-f:i1', condition: 'carded', purchasePrice: 5 }],
      },
    ]);
    expect(collection.wishlistCarIds.map((item: { id: string }) => item.id)).toEqual([SKYLINE]);
    // Wished for again later: a fresh entry, without the old price and note.
    await wish(user, CHARGER);
    expect((await collectionOf(user)).wishlistCarIds[1]).toEqual({
      id: CHARGER,
      addedAt: expect.any(String),
    });
  });

  it('a price set in the same push as the wish, then found, all in order', async () => {
    const user = await api.user();
    const pushed = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [
        {
          key: 'device-o:1',
          name: 'collection/toggle-wishlist',
          args: { carId: SKYLINE, isWishlisted: false },
        },
        {
          key: 'device-o:2',
          name: 'collection/update-wishlist-car',
          args: { carId: SKYLINE, maxPrice: 3.5, note: 'any colour' },
        },
        {
          key: 'device-o:3',
          name: 'collection/update-wishlist-car',
          args: { carId: CHARGER, maxPrice: 3.5, note: '' },
        },
      ],
    });
    expect(pushed.body.results).toEqual([
      { key: 'device-o:1', status: 'ok' },
      { key: 'device-o:2', status: 'ok' },
      { key: 'device-o:3', status: 'rejected', error: `${CHARGER} is not on your wishlist` },
    ]);
    expect((await collectionOf(user)).wishlistCarIds).toMatchObject([
      { id: SKYLINE, maxPrice: 3.5, note: 'any colour' },
    ]);
  });
});
