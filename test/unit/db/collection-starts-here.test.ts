// A collector who signed up on this device has their whole collection here from the start: before
// any pull, the screens answer from the device (their offline adds count), not "on its way".
import { describe, expect, it } from 'vitest';
import { collectionArrival, noteCollectionStartsHere } from '../../../src/db/collection-arrival';
import { openTestDevice } from '../../fixtures/device';

describe('a collection that began on this device', () => {
  it('is here before any pull; another collector on the device still waits for theirs', async () => {
    const device = await openTestDevice();
    try {
      expect(await collectionArrival(device, 'new-here')).toEqual({ state: 'waiting' });
      await noteCollectionStartsHere(device, 'new-here');
      expect(await collectionArrival(device, 'new-here')).toEqual({ state: 'here' });
      expect(await collectionArrival(device, 'someone-else')).toEqual({ state: 'waiting' });
    } finally {
      await device.delete();
    }
  });
});
