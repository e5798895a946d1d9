// collection/import-car-instances on the server: a chunk of copies from a CSV file, applied once
// per key, and a copy whose id the collection holds skipped, so the same file twice adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { BONE_SHAKER, CHARGER } from '../fixtures/catalog';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const chunk = {
  instances: [
    {
      carId: CHARGER,
      details: {
        instanceId: 'imp-a-0-1',
        condition: 'loose',
        purchasePrice: 3.5,
        notes: 'From my sheet',
        dateAdded: '2026-01-02T03:04:05.000Z',
      },
    },
    { carId: BONE_SHAKER, details: { instanceId: 'imp-b-0-1' } },
    { carId: BONE_SHAKER, details: { instanceId: 'imp-b-0-2' } },
  ],
};

describe('importing copies from a CSV file', () => {
  it('adds each copy once, whatever the key, and leaves the wishlist without the cars added', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/collection/toggle-wishlist', {
      carId: CHARGER,
      isWishlisted: false,
    });
    const first = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [{ key: 'dev:1', name: 'collection/import-car-instances', args: chunk }],
    });
    expect(first.body).toEqual({ results: [{ key: 'dev:1', status: 'ok' }] });
    // The same file imported again from another device: new keys, the same copy ids.
    const again = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [
        { key: 'other:1', name: 'collection/import-car-instances', args: chunk },
        { key: 'dev:1', name: 'collection/import-car-instances', args: chunk },
      ],
    });
    expect(again.body).toEqual({
      results: [
        { key: 'other:1', status: 'ok' },
        { key: 'dev:1', status: 'duplicate' },
      ],
    });
    const { body } = await api.call(user, 'GET', '/api/collection/get');
    expect(
      body.ownedCars.map((car: { carId: string; instances: unknown[] }) => [
        car.carId,
        car.instances.length,
      ]),
    ).toEqual([
      [CHARGER, 1],
      [BONE_SHAKER, 2],
    ]);
    expect(body.ownedCars[0].instances[0]).toMatchObject({
      instanceId: 'imp-a-0-1',
      condition: 'loose',
      purchasePrice: 3.5,
      notes: 'From my sheet',
      dateAdded: '2026-01-02T03:04:05.000Z',
    });
    expect(body.wishlistCarIds).toEqual([]);
  });

  it('refuses a chunk over 100 copies or naming an unknown car', async () => {
    const user = await api.user();
    const many = Array.from({ length: 101 }, (_, i) => ({
      carId: CHARGER,
      details: { instanceId: `imp-${i}` },
    }));
    const tooMany = await api.call(user, 'POST', '/api/collection/import-car-instances', {
      instances: many,
    });
    expect(tooMany.status).toBe(400);
    const unknown = await api.call(user, 'POST', '/api/collection/import-car-instances', {
      instances: [{ carId: 'no-such-car', details: { instanceId: 'imp-x' } }],
    });
    expect(unknown.status).toBe(404);
  });
});
