// POST /api/sync/push: ordered, per-entry results, a rejected entry alone rolled back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { PUSH_IN_FLIGHT_ERROR } from '../../src/shared/http/request-limits';
import { BONE_SHAKER, CHARGER, TRACK_DAY, TWIN_MILL } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const push = (user: TestUser, mutations: unknown[]) =>
  api.call(user, 'POST', '/api/sync/push', { mutations });

describe('batch push', () => {
  it('applies entries in order; a rejected entry in the middle is rolled back alone', async () => {
    const user = await api.user();
    const response = await push(user, [
      {
        key: 'd:1',
        name: 'collection/add-car-instance',
        args: { carId: CHARGER, details: { instanceId: 'i1' } },
      },
      {
        key: 'd:2',
        name: 'collection/toggle-favorite',
        args: { carId: CHARGER, isFavorited: false },
      },
      {
        key: 'd:3',
        name: 'collection/add-car-instance',
        args: { carId: 'no-such-car', details: {} },
      },
      {
        key: 'd:4',
        name: 'collection/add-car-instance',
        args: { carId: BONE_SHAKER, details: { instanceId: 'i2' } },
      },
      {
        key: 'd:5',
        name: 'collection/remove-car-instance',
        args: { carId: CHARGER, instanceId: 'i1' },
      },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [
        { key: 'd:1', status: 'ok' },
        { key: 'd:2', status: 'ok' },
        { key: 'd:3', status: 'rejected', error: 'Unknown car: no-such-car' },
        { key: 'd:4', status: 'ok' },
        { key: 'd:5', status: 'ok' },
      ],
    });
    const { body } = await api.call(user, 'GET', '/api/collection/get');
    expect(body.ownedCars.map((c: { carId: string }) => c.carId)).toEqual([BONE_SHAKER]);
    expect(body.favoriteCarIds.map((i: { id: string }) => i.id)).toEqual([CHARGER]);
  });

  it('answers duplicate for keys already applied (in an earlier push or the same one) and applies nothing twice', async () => {
    const user = await api.user();
    const add = {
      key: 'e:1',
      name: 'collection/add-car-instance',
      args: { carId: TWIN_MILL, details: { instanceId: 'tm' } },
    };
    await push(user, [add]);
    const again = await push(user, [
      add,
      { key: 'e:2', name: 'collection/add-car-instance', args: { carId: TWIN_MILL, details: {} } },
      { key: 'e:2', name: 'collection/add-car-instance', args: { carId: TWIN_MILL, details: {} } },
    ]);
    expect(again.body.results).toEqual([
      { key: 'e:1', status: 'duplicate' },
      { key: 'e:2', status: 'ok' },
      { key: 'e:2', status: 'duplicate' },
    ]);
    const { body } = await api.call(user, 'GET', '/api/collection/get');
    expect(body.ownedCars[0].instances).toHaveLength(2);
  });

  it('answers the stored rejection again for a rejected key, and refuses a key reused with another payload', async () => {
    const user = await api.user();
    const bad = {
      key: 'f:1',
      name: 'collection/remove-car-instance',
      args: { carId: CHARGER, instanceId: 'nope' },
    };
    const first = await push(user, [bad]);
    const second = await push(user, [
      bad,
      {
        key: 'f:1',
        name: 'collection/toggle-wishlist',
        args: { carId: CHARGER, isWishlisted: false },
      },
    ]);
    expect(second.body.results[0]).toEqual(first.body.results[0]);
    expect(second.body.results[0].status).toBe('rejected');
    expect(second.body.results[1]).toEqual({
      key: 'f:1',
      status: 'rejected',
      error: 'Idempotency-Key was already used with a different payload',
    });
  });

  it('a key sent to an endpoint first is a duplicate in a later push', async () => {
    const user = await api.user();
    const args = { setId: TRACK_DAY, type: 'trade', quantity: 2 };
    await api.call(user, 'POST', '/api/collection/update-set-details', args, {
      'Idempotency-Key': 'g:1',
    });
    const response = await push(user, [
      { key: 'g:1', name: 'collection/update-set-details', args },
    ]);
    expect(response.body.results).toEqual([{ key: 'g:1', status: 'duplicate' }]);
  });

  it('rejects unknown mutation names and bad payloads per entry, applying the rest', async () => {
    const user = await api.user();
    const response = await push(user, [
      { key: 'h:1', name: 'collection/launch-rocket', args: {} },
      {
        key: 'h:2',
        name: 'collection/update-car-details',
        args: { carId: CHARGER, forTrade: -1, forSale: 0 },
      },
      {
        key: 'h:3',
        name: 'collection/update-car-details',
        args: { carId: CHARGER, forTrade: 1, forSale: 0 },
      },
    ]);
    expect(response.body.results).toEqual([
      { key: 'h:1', status: 'rejected', error: 'Unknown mutation: collection/launch-rocket' },
      { key: 'h:2', status: 'rejected', error: 'forTrade: must not be negative' },
      { key: 'h:3', status: 'ok' },
    ]);
  });

  it('accepts settings and tutorials in a push', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', { username: 'PushPat' });
    const response = await push(user, [
      { key: 'k:1', name: 'users/update-settings', args: { key: 'units', value: 'eur' } },
      { key: 'k:2', name: 'tutorials/complete', args: { tutorialId: 'hunting-at-retail' } },
    ]);
    expect(response.body.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok']);
    const { body } = await api.call(user, 'GET', '/api/profile/me');
    expect(body.settings).toEqual({ units: 'eur' });
    expect(body.completedTutorials).toEqual(['hunting-at-retail']);
  });

  it('refuses a tutorial that does not exist, alone, and answers the same when replayed', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', { username: 'PushTess' });
    const chunk = [
      { key: 't:1', name: 'tutorials/complete', args: { tutorialId: 'no-such-tutorial' } },
      { key: 't:2', name: 'tutorials/complete', args: { tutorialId: 'reading-a-card' } },
    ];
    const expected = [
      { key: 't:1', status: 'rejected', error: 'Unknown tutorial: no-such-tutorial' },
      { key: 't:2', status: 'ok' },
    ];
    expect((await push(user, chunk)).body.results).toEqual(expected);
    expect((await push(user, chunk)).body.results).toEqual([
      expected[0],
      { key: 't:2', status: 'duplicate' },
    ]);
    const { body } = await api.call(user, 'GET', '/api/profile/me');
    expect(body.completedTutorials).toEqual(['reading-a-card']);
  });

  it.each([
    [{}, /mutations/],
    [{ mutations: 'x' }, /mutations/],
    [{ mutations: [{ key: '', name: 'collection/toggle-set', args: {} }] }, /key/],
    [
      {
        mutations: Array.from({ length: 1001 }, (_, i) => ({ key: `m:${i}`, name: 'x', args: {} })),
      },
      /at most 1000/,
    ],
  ])('rejects a malformed push %# with 400 and applies nothing', async (payload, message) => {
    const user = await api.user();
    const response = await api.call(user, 'POST', '/api/sync/push', payload);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  it('loses nothing when two devices of one user push at the same moment (one may be told to wait)', async () => {
    const user = await api.user();
    const device = (name: string) =>
      Array.from({ length: 40 }, (_, i) => ({
        key: `${name}:${i}`,
        name: 'collection/add-car-instance',
        args: { carId: i % 2 ? CHARGER : BONE_SHAKER, details: { instanceId: `${name}-${i}` } },
      }));
    const singles = Array.from({ length: 10 }, (_, i) =>
      api.call(
        user,
        'POST',
        '/api/collection/toggle-wishlist',
        { carId: TWIN_MILL, isWishlisted: i % 2 === 1 },
        { 'Idempotency-Key': `single:${i}` },
      ),
    );
    // One push in flight per collector: a device refused because the other's push is being
    // applied (429, Retry-After) sends again, as the device's replayer does.
    const untilTaken = async (mutations: unknown[]) => {
      for (;;) {
        const answer = await push(user, mutations);
        if (answer.status !== 429) return answer;
        expect(answer.body.error).toBe(PUSH_IN_FLIGHT_ERROR);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const [a, b] = await Promise.all([
      untilTaken(device('phone')),
      untilTaken(device('laptop')),
      ...singles,
    ]);
    expect(a?.body.results.every((r: { status: string }) => r.status === 'ok')).toBe(true);
    expect(b?.body.results.every((r: { status: string }) => r.status === 'ok')).toBe(true);
    const { body } = await api.call(user, 'GET', '/api/collection/get');
    const ids = body.ownedCars.flatMap((car: { instances: { instanceId: string }[] }) =>
      car.instances.map((i) => i.instanceId),
    );
    expect(ids).toHaveLength(80);
    expect(new Set(ids).size).toBe(80);
    await api.call(user, 'POST', '/api/users/initialize', { username: 'TwoDevices' });
    expect((await api.call(user, 'GET', '/api/profile/me')).body.totalCarCount).toBe(80);
  });
});
