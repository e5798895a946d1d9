// One collector can never read or change another's collection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { CHARGER, TRACK_DAY, TRACK_DAY_CARS } from '../fixtures/catalog';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

describe('two users', () => {
  it('see only their own collection, and cannot touch each other’s instances', async () => {
    const alice = await api.user();
    const bob = await api.user();
    await api.call(alice, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'alice-charger' },
    });
    await api.call(alice, 'POST', '/api/collection/add-set-instance', {
      set: { id: TRACK_DAY },
      instanceDetails: { instanceId: 'alice-set' },
    });
    const aliceBefore = (await api.call(alice, 'GET', '/api/collection/get')).body;

    expect((await api.call(bob, 'GET', '/api/collection/get')).body.ownedCars).toEqual([]);
    const steal = await api.call(bob, 'POST', '/api/collection/remove-car-instance', {
      carId: CHARGER,
      instanceId: 'alice-charger',
    });
    expect(steal.status).toBe(404);
    const edit = await api.call(bob, 'POST', '/api/collection/update-car-instance', {
      carId: CHARGER,
      instanceId: 'alice-charger',
      updates: { notes: 'mine now' },
    });
    expect(edit.status).toBe(404);
    const removeSet = await api.call(bob, 'POST', '/api/collection/remove-set-instance', {
      setId: TRACK_DAY,
      instanceId: 'alice-set',
      carIds: TRACK_DAY_CARS,
    });
    expect(removeSet.status).toBe(404);
    const pushed = await api.call(bob, 'POST', '/api/sync/push', {
      mutations: [
        {
          key: 'b:1',
          name: 'collection/remove-car-instance',
          args: { carId: CHARGER, instanceId: 'alice-charger' },
        },
      ],
    });
    expect(pushed.body.results[0].status).toBe('rejected');

    // Bob may use the same instance id for his own copy: ids are per collector.
    const bobsOwn = await api.call(bob, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'alice-charger' },
    });
    expect(bobsOwn.status).toBe(200);

    expect((await api.call(alice, 'GET', '/api/collection/get')).body).toEqual(aliceBefore);
    await api.call(alice, 'POST', '/api/users/initialize', { username: 'AliceA' });
    await api.call(bob, 'POST', '/api/users/initialize', { username: 'BobB' });
    expect((await api.call(alice, 'GET', '/api/profile/me')).body.totalCarCount).toBe(4);
    expect((await api.call(bob, 'GET', '/api/profile/me')).body.totalCarCount).toBe(1);
  });
});
