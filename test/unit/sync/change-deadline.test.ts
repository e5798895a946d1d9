// A collector's change never waits forever on IndexedDB (docs/design: nothing waits forever): a
// transaction that cannot start, here because another connection holds the rows as a frozen
// one would, is abandoned past the change's deadline, the tap is answered with an error, and
// nothing of the change is written then or once the rows are free again.
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_STALLED_MESSAGE } from '../../../src/db/change-deadline';
import { changeBaseFor, dropChangeBase } from '../../../src/local-store/change-base';
import { changeBaseSettled, loadChangeBase } from '../../../src/local-store/change-base-load';
import type { GarageDb } from '../../../src/db/garage-db';
import { isAppError } from '../../../src/errors/app-error';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { CHARGER } from '../../fixtures/catalog';
import { fixedClock, openTwoContexts } from '../../fixtures/device';

const USER = 'collector-1';
const DEADLINE_MS = 200;

/**
 * Holds a read/write transaction on `stores` of `db` open, one request after another, until
 * released: every transaction of the other connection on those stores waits behind it.
 */
function holdRows(db: GarageDb, stores: string[]): { release: () => Promise<void> } {
  const tx = db.backendDB().transaction(stores, 'readwrite');
  let held = true;
  const again = () => {
    const request = tx.objectStore(stores[0]!).count();
    request.onsuccess = () => {
      if (held) again();
    };
  };
  again();
  const finished = new Promise<void>((resolve) => (tx.oncomplete = () => resolve()));
  return {
    release: () => {
      held = false;
      return finished;
    },
  };
}

describe('a change its storage does not answer', () => {
  let tab: GarageDb;
  let frozen: GarageDb;

  beforeEach(async () => {
    [tab, frozen] = await openTwoContexts();
    await add('first');
    await changeBaseSettled(tab);
    await frozen.open();
  });

  const add = (prefix: string, deadlineMs?: number) =>
    applyLocalChange(
      tab,
      USER,
      'collection/add-car-instance',
      { carId: CHARGER, details: {} },
      fixedClock(undefined, prefix),
      deadlineMs,
    );

  async function expectStalledAndNothingWritten(): Promise<void> {
    const hold = holdRows(frozen, ['outbox', 'meta', 'ownedCars']);
    const started = Date.now();
    const failed = await add('stalled', DEADLINE_MS).catch((error: unknown) => error);
    expect(isAppError(failed, 'storage-stalled')).toBe(true);
    expect((failed as Error).message).toBe(STORAGE_STALLED_MESSAGE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    await hold.release();
    // The next change goes through as usual. Transactions on the same rows run in the order
    // they were made, so had the abandoned one been left to run, it would have by now.
    await add('after');
    const instances = (await tab.ownedCars.get([USER, CHARGER]))?.instances ?? [];
    expect(instances.map((i) => i.instanceId)).toEqual(['first-1', 'after-1']);
    expect((await tab.outbox.toArray()).map((entry) => entry.args)).toHaveLength(2);
  }

  it('on the copy of the rows: fails past its deadline, writes nothing, even later', async () => {
    await loadChangeBase(tab, USER);
    expect(changeBaseFor(tab, USER)).toBeDefined();
    await expectStalledAndNothingWritten();
  });

  it('read in its transaction: fails past its deadline, writes nothing, even later', async () => {
    dropChangeBase(tab);
    await expectStalledAndNothingWritten();
  });
});
