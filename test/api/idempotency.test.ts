// Idempotency (docs/sync.md): a key seen again answers its first result and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { CHARGER, TRACK_DAY } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const key = (value: string) => ({ 'Idempotency-Key': value });

async function instanceCount(user: TestUser) {
  const { body } = await api.call(user, 'GET', '/api/collection/get');
  return body.ownedCars.reduce(
    (sum: number, car: { instances: unknown[] }) => sum + car.instances.length,
    0,
  );
}

describe('Idempotency-Key on mutations', () => {
  it('returns the first result for the same key and applies the change once', async () => {
    const user = await api.user();
    const payload = { carId: CHARGER, details: {} };
    const first = await api.call(
      user,
      'POST',
      '/api/collection/add-car-instance',
      payload,
      key('dev:1'),
    );
    const second = await api.call(
      user,
      'POST',
      '/api/collection/add-car-instance',
      payload,
      key('dev:1'),
    );
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(await instanceCount(user)).toBe(1);
  });

  it('answers 422 for the same key with a different payload, changing nothing', async () => {
    const user = await api.user();
    await api.call(
      user,
      'POST',
      '/api/collection/add-car-instance',
      { carId: CHARGER, details: {} },
      key('dev:7'),
    );
    const reused = await api.call(
      user,
      'POST',
      '/api/collection/add-car-instance',
      { carId: CHARGER, details: { condition: 'loose' } },
      key('dev:7'),
    );
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatch(/different payload/);
    expect(await instanceCount(user)).toBe(1);
  });

  it('remembers a refusal: the same key is refused again even once the change would now succeed', async () => {
    const user = await api.user();
    const remove = { carId: CHARGER, instanceId: 'later' };
    const refused = await api.call(
      user,
      'POST',
      '/api/collection/remove-car-instance',
      remove,
      key('dev:9'),
    );
    expect(refused.status).toBe(404);
    await api.call(user, 'POST', '/api/collection/add-car-instance', {
      carId: CHARGER,
      details: { instanceId: 'later' },
    });
    const again = await api.call(
      user,
      'POST',
      '/api/collection/remove-car-instance',
      remove,
      key('dev:9'),
    );
    expect(again).toEqual(refused);
    expect(await instanceCount(user)).toBe(1);
  });

  it('keys belong to one user: another user may use the same key', async () => {
    const a = await api.user();
    const b = await api.user();
    const payload = { setId: TRACK_DAY, action: 'favorite', isSetInList: false };
    await api.call(a, 'POST', '/api/collection/toggle-set', payload, key('shared:1'));
    const fromB = await api.call(b, 'POST', '/api/collection/toggle-set', payload, key('shared:1'));
    expect(fromB.status).toBe(200);
    const { body } = await api.call(b, 'GET', '/api/collection/get');
    expect(body.favoriteSetIds).toHaveLength(1);
  });

  it('rejects a malformed Idempotency-Key with 400', async () => {
    const user = await api.user();
    const response = await api.call(
      user,
      'POST',
      '/api/collection/add-car-instance',
      { carId: CHARGER, details: {} },
      key('x'.repeat(201)),
    );
    expect(response.status).toBe(400);
    expect(await instanceCount(user)).toBe(0);
  });
});
