// docs/product.md: a signed-out collector cannot change the collection; the attempt raises the
// login-redirect flag and writes nothing on the device.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deviceDb } from '../../../src/db/device-db';
import { changeCollection } from '../../../src/sync/collection-actions';
import { loginRedirect } from '../../../src/sync/login-redirect';
import { CHARGER } from '../../fixtures/catalog';

describe('a change while signed out', () => {
  it('raises the login-redirect flag and queues nothing', async () => {
    expect(loginRedirect.isRaised()).toBe(false);
    await expect(
      changeCollection('collection/add-car-instance', { carId: CHARGER, details: {} }),
    ).rejects.toMatchObject({ code: 'login-required' });
    expect(loginRedirect.isRaised()).toBe(true);
    expect(await deviceDb.outbox.count()).toBe(0);
    expect(await deviceDb.ownedCars.count()).toBe(0);
  });
});
