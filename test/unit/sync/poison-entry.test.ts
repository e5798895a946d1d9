// A change the server keeps failing on, on a real device database: isolated, set aside with its
// error for the 'Changes that could not be sent' list, its effect kept on screen, and every other
// change delivered; the collector can then send it again or discard it.
import { describe, expect, it } from 'vitest';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import { loadOwnedTotals } from '../../../src/data/use-owned-totals';
import {
  discardSetAside,
  outboxCounts,
  retrySetAside,
  setAsideEntries,
  waitingEntries,
} from '../../../src/db/outbox-store';
import { describeChange } from '../../../src/features/sync-status/change-labels';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { dexieOutboxPort } from '../../../src/sync/outbox-ports';
import { rebaseOnStoredSnapshot } from '../../../src/local-store/rebase';
import { createReplayer, POISON_STRIKES } from '../../../src/sync/replayer';
import { BONE_SHAKER, CHARGER, CIVIC, SKYLINE, TWIN_MILL } from '../../fixtures/catalog';
import { fixedClock, openTestDevice } from '../../fixtures/device';
import {
  fakeIdentity,
  manualScheduler,
  scriptedPushServer,
} from '../../fixtures/scripted-push-server';

const NOW = '2026-11-01T10:00:00.000Z';
const CARS = [CHARGER, BONE_SHAKER, TWIN_MILL, SKYLINE, CIVIC];

async function deviceWithFiveCars() {
  const db = await openTestDevice();
  const clock = fixedClock(NOW);
  const keys: string[] = [];
  for (const carId of CARS) {
    const { entry } = await applyLocalChange(
      db,
      'u1',
      'collection/add-car-instance',
      { carId, details: {} },
      clock,
    );
    keys.push(entry.key);
  }
  return { db, keys };
}

const ownedCarIds = async (db: Awaited<ReturnType<typeof openTestDevice>>) =>
  rowsToCollection(await readAllRows(db, 'u1')).ownedCars.map((car) => car.carId);

describe('a poison entry on the device', () => {
  it('is set aside with its error while the other four reach the server, and stays on screen', async () => {
    const { db, keys } = await deviceWithFiveCars();
    const poison = keys[2] as string; // Twin Mill: text the server's database cannot hold
    const server = scriptedPushServer({ failsOn: (mutation) => mutation.key === poison });
    const scheduler = manualScheduler();
    const replayer = createReplayer({
      outbox: dexieOutboxPort(db, () => NOW),
      identity: fakeIdentity('u1'),
      server,
      refreshFromServer: async () => undefined,
      withLock: (fn) => fn(),
      schedule: (delayMs, fn) => scheduler.schedule(delayMs, fn),
      random: () => 0.5,
    });

    await replayer.replay('start');
    for (let strike = 1; strike < POISON_STRIKES; strike++) {
      scheduler.fireNext();
      await replayer.replay('test-waits-for-the-retry');
    }

    expect(server.applied).toEqual(keys.filter((key) => key !== poison));
    expect(await waitingEntries(db, 'u1')).toEqual([]);
    expect(await outboxCounts(db, 'u1')).toEqual({ waiting: 0, setAside: 1 });
    const [aside] = await setAsideEntries(db, 'u1');
    expect(aside).toMatchObject({
      key: poison,
      name: 'collection/add-car-instance',
      lastError: 'Internal server error',
      setAsideAt: NOW,
    });
    // What the list shows for it, in the collector's words.
    expect(describeChange(aside!.name, aside!.args, { car: 'Twin Mill' })).toBe('Add Twin Mill');
    // Nothing was reverted: the collector still sees all five cars.
    expect(await ownedCarIds(db)).toEqual(CARS);
    expect(scheduler.active()).toEqual([]);
  });

  it("goes back to its place in the queue on 'Try again', and off the screen on 'Discard'", async () => {
    const { db, keys } = await deviceWithFiveCars();
    const port = dexieOutboxPort(db, () => NOW);
    const [first] = await port.pending('u1', 1);
    await port.strike(first!, 'Internal server error');
    await port.setAside(first!, 'Internal server error');
    expect((await waitingEntries(db, 'u1')).map((entry) => entry.key)).toEqual(keys.slice(1));

    await retrySetAside(db, keys[0]!);
    const again = await waitingEntries(db, 'u1');
    expect(again.map((entry) => entry.key)).toEqual(keys);
    expect(again[0]).not.toHaveProperty('failures');
    expect(again[0]).not.toHaveProperty('lastError');

    await port.setAside(again[0]!, 'Internal server error');
    await discardSetAside(db, keys[0]!);
    await rebaseOnStoredSnapshot(db, 'u1');
    expect(await outboxCounts(db, 'u1')).toEqual({ waiting: 4, setAside: 0 });
    expect(await ownedCarIds(db)).toEqual(CARS.slice(1));
    expect((await loadOwnedTotals(db, 'u1'))?.cars).toBe(4);
  });
});
