// A community change on the device: checked with the server's schema, appended to the same
// outbox as collection changes (same key space, same order), and left alone by the rebase.
import { describe, expect, it } from 'vitest';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import { isAppError } from '../../../src/errors/app-error';
import { appendCommunityChange } from '../../../src/sync/community-change';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { unsentEntries as pendingEntries } from '../../../src/db/outbox-store';
import { rebaseOnSnapshot } from '../../../src/local-store/rebase';
import { emptyCollection } from '../../../src/shared/collection/types';
import { TWIN_MILL } from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';

const NOW = '2026-11-01T10:00:00.000Z';
const post = (postId: string) => ({ postId, body: 'At the fair', photoIds: [], tagged: [] });

describe('a community change on the device', () => {
  it('joins the outbox after the collection changes queued before it, in one key sequence', async () => {
    const device = await openTestDevice();
    const clock = fixedClock(NOW);
    const added = await applyLocalChange(
      device,
      'u1',
      'collection/add-car-instance',
      { carId: TWIN_MILL, details: {} },
      clock,
    );
    const posted = await appendCommunityChange(device, 'u1', 'posts/create', post('p-1'), clock);
    const pending = await pendingEntries(device, 'u1');
    expect(pending.map((entry) => entry.name)).toEqual([
      'collection/add-car-instance',
      'posts/create',
    ]);
    expect(posted.seq).toBe(added.entry.seq + 1);
    expect(posted.key.split(':')[0]).toBe(added.entry.key.split(':')[0]);
    expect(posted.args).toEqual(post('p-1'));
  });

  it('refuses bad input and unknown names, and queues nothing', async () => {
    const device = await openTestDevice();
    const tooLong = { ...post('p-2'), body: 'x'.repeat(2001) };
    await expect(appendCommunityChange(device, 'u1', 'posts/create', tooLong)).rejects.toSatisfy(
      (error) => isAppError(error, 'invalid-change') && /2[,]?000/.test(error.message),
    );
    await expect(appendCommunityChange(device, 'u1', 'posts/launch', {})).rejects.toSatisfy(
      (error) => isAppError(error, 'invalid-change') && error.status === 404,
    );
    expect(await device.outbox.count()).toBe(0);
  });

  it('stays pending through a rebase, which re-applies only the collection changes', async () => {
    const device = await openTestDevice();
    const clock = fixedClock(NOW);
    await appendCommunityChange(device, 'u1', 'posts/create', post('p-3'), clock);
    await applyLocalChange(
      device,
      'u1',
      'collection/add-car-instance',
      { carId: TWIN_MILL, details: { instanceId: 'i-1' } },
      clock,
    );
    await rebaseOnSnapshot(device, 'u1', { collection: emptyCollection(), profile: null });
    const collection = rowsToCollection(await readAllRows(device, 'u1'));
    expect(collection.ownedCars.map((car) => car.carId)).toEqual([TWIN_MILL]);
    expect((await pendingEntries(device, 'u1')).map((entry) => entry.name)).toEqual([
      'posts/create',
      'collection/add-car-instance',
    ]);
  });
});
