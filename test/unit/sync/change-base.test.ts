// A context's copy of the collector's rows (local-store/change-base.ts) is a shortcut, never a source of
// truth: whatever another tab or the worker wrote meanwhile, a change lands on what IndexedDB
// holds, and the screens see changes written the plain way.
import Dexie, { RangeSet, rangesOverlap, type ObservabilitySet } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeBaseFor } from '../../../src/local-store/change-base';
import { loadOwnedTotals } from '../../../src/data/use-owned-totals';
import { COLLECTION_VERSION_KEY } from '../../../src/db/collection-version';
import { DEXIE_MUTATION_SIGNAL, PLAIN_WRITES_CHANNEL } from '../../../src/db/versioned-write';
import { changeBaseSettled, loadChangeBase } from '../../../src/local-store/change-base-load';
import { readAllRows, rowsToCollection } from '../../../src/db/collection-rows';
import type { GarageDb } from '../../../src/db/garage-db';
import { isAppError } from '../../../src/errors/app-error';
import { applyLocalChange } from '../../../src/local-store/local-change';
import { rebaseOnSnapshot } from '../../../src/local-store/rebase';
import { BONE_SHAKER, CHARGER } from '../../fixtures/catalog';
import { fixedClock, openTwoContexts } from '../../fixtures/device';

const USER = 'collector-1';

describe('a change made with the rows in memory', () => {
  /** Two tabs (or a tab and the worker) on one device: two Dexie instances, one database. */
  let tab: GarageDb;
  let other: GarageDb;

  beforeEach(async () => {
    [tab, other] = await openTwoContexts();
    await add(tab, CHARGER, 'tab-0');
    await changeBaseSettled(tab);
    await loadChangeBase(tab, USER);
    expect(changeBaseFor(tab, USER)).toBeDefined();
  });

  const add = (db: GarageDb, carId: string, prefix: string) =>
    applyLocalChange(
      db,
      USER,
      'collection/add-car-instance',
      { carId, details: {} },
      fixedClock(undefined, prefix),
    );
  const instancesOf = async (carId: string) =>
    (await tab.ownedCars.get([USER, carId]))?.instances.map((i) => i.instanceId) ?? [];

  /**
   * Runs `run` with `onWrite` called for each read/write transaction `tab` makes plainly
   * (a change on the copy), just before it is made: `make` makes one more on the same stores.
   */
  async function withPlainWrites(
    onWrite: (make: IDBDatabase['transaction'], made: () => IDBTransaction) => void,
    run: () => Promise<unknown>,
  ): Promise<void> {
    const idb = tab.backendDB();
    const transaction = idb.transaction.bind(idb);
    idb.transaction = ((stores, mode, options) => {
      let made: IDBTransaction | undefined;
      const make = () => (made ??= transaction(stores, mode, options));
      if (mode === 'readwrite') onWrite(transaction, make);
      return make();
    }) as typeof idb.transaction;
    try {
      await run();
    } finally {
      idb.transaction = transaction;
    }
  }

  /**
   * Synced, then a pull in `context` brings a Bone Shaker added on another device ('from-server')
   * and the username: the rebase that makes it the rows.
   */
  async function rebaseOnServerBoneShaker(context: GarageDb): Promise<void> {
    await tab.outbox.clear();
    const server = rowsToCollection(await readAllRows(tab, USER));
    server.ownedCars.push({
      carId: BONE_SHAKER,
      isFavorite: false,
      instances: [{ ...server.ownedCars[0]!.instances[0]!, instanceId: 'from-server' }],
    });
    await rebaseOnSnapshot(context, USER, {
      collection: server,
      profile: { username: 'trackday7', totalCarCount: 2, totalSetCount: 0 },
    });
  }

  it('lands on what the other tab added meanwhile, with an outbox key of its own', async () => {
    await add(other, CHARGER, 'other');
    await add(tab, CHARGER, 'tab-1');
    expect(await instancesOf(CHARGER)).toEqual(['tab-0-1', 'other-1', 'tab-1-1']);
    const keys = (await tab.outbox.toArray()).map((entry) => entry.key);
    expect(new Set(keys).size).toBe(3);
    expect((await loadOwnedTotals(tab, USER))?.cars).toBe(3);
  });

  it('lands on a rebase the worker wrote meanwhile', async () => {
    await rebaseOnServerBoneShaker(other);
    await add(tab, BONE_SHAKER, 'tab-1');
    expect(await instancesOf(BONE_SHAKER)).toEqual(['from-server', 'tab-1-1']);
    expect((await tab.profiles.get(USER))?.username).toBe('trackday7');
    expect((await loadOwnedTotals(tab, USER))?.cars).toBe(3);
  });

  it('keeps the copy current through a rebase made here, diffed against it', async () => {
    const copy = changeBaseFor(tab, USER);
    await rebaseOnServerBoneShaker(tab);
    // The same copy, now exactly what a copy taken afresh from IndexedDB is.
    expect(changeBaseFor(tab, USER)).toBe(copy);
    await loadChangeBase(other, USER);
    expect(changeBaseFor(tab, USER)).toEqual(changeBaseFor(other, USER));
    // So the next change is made on it (the slow way would replace the copy).
    await add(tab, BONE_SHAKER, 'tab-1');
    expect(changeBaseFor(tab, USER)).toBe(copy);
    expect(await instancesOf(BONE_SHAKER)).toEqual(['from-server', 'tab-1-1']);
    expect((await loadOwnedTotals(tab, USER))?.cars).toBe(3);
  });

  it('lands on the copy a rebase here brought forward while it waited, keeping that copy', async () => {
    // After every confirmed push the page rebases; a tap made meanwhile finds the collection's
    // version moved when its write gets its turn. The rebase brought this context's copy
    // forward to that version, so the change is made again on it, not the slow way (which
    // drops the copy, and taking it again reads every row).
    const copy = changeBaseFor(tab, USER)!;
    let rebased = false;
    await withPlainWrites(
      (make) => {
        if (rebased) return;
        rebased = true;
        // Made just before the change's write, so it runs first: the rebase's new version,
        // and once it commits, the copy brought to it (keepCopyCurrent, rows unchanged).
        const rebase = make(['meta'], 'readwrite');
        rebase.objectStore('meta').put({ key: COLLECTION_VERSION_KEY, value: 'rebased-here' });
        rebase.addEventListener('complete', () => (copy.version = 'rebased-here'));
      },
      () => add(tab, CHARGER, 'tab-1'),
    );
    expect(rebased).toBe(true);
    expect(await instancesOf(CHARGER)).toEqual(['tab-0-1', 'tab-1-1']);
    expect(changeBaseFor(tab, USER)).toBe(copy);
    expect(copy.version).not.toBe('rebased-here');
    expect((await tab.meta.get(COLLECTION_VERSION_KEY))?.value).toBe(copy.version);
    expect(await tab.outbox.count()).toBe(2);
  });

  it('is refused or accepted on the stored rows, not on the copy', async () => {
    await add(other, CHARGER, 'other');
    // The copy does not know 'other-1'; the stored rows do.
    await applyLocalChange(tab, USER, 'collection/remove-car-instance', {
      carId: CHARGER,
      instanceId: 'other-1',
    });
    expect(await instancesOf(CHARGER)).toEqual(['tab-0-1']);
    // And the other way: the copy still holds 'tab-0-1' after the other tab removed it.
    await loadChangeBase(tab, USER);
    await applyLocalChange(other, USER, 'collection/remove-car-instance', {
      carId: CHARGER,
      instanceId: 'tab-0-1',
    });
    const refused = await applyLocalChange(tab, USER, 'collection/remove-car-instance', {
      carId: CHARGER,
      instanceId: 'tab-0-1',
    }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('change-refused');
  });

  it('tells the screens what it wrote, as Dexie tells them after its own commits', async () => {
    // useLiveQuery re-reads when a signal overlaps what it read: here, the car's row by key.
    const watched = new RangeSet().addKey([USER, CHARGER]);
    const signals: ObservabilitySet[] = [];
    const listener = (parts: ObservabilitySet) => signals.push(parts);
    Dexie.on('storagemutated', listener);
    try {
      await add(tab, CHARGER, 'tab-1');
    } finally {
      Dexie.on.storagemutated.unsubscribe(listener);
    }
    expect(changeBaseFor(tab, USER)).toBeDefined();
    const carRows = signals.map((parts) => parts[`idb://${tab.name}/ownedCars/`]);
    expect(carRows.some((part) => part && rangesOverlap(part, watched))).toBe(true);
    // The outbox's watchers (the sync pill's count) are told too.
    expect(signals.some((parts) => parts[`idb://${tab.name}/outbox/`])).toBe(true);
  });

  it('is told to the screens here before it commits, and their re-read sees it', async () => {
    // A watcher re-reads the moment it is told (useLiveQuery does). The change tells this
    // context's watchers as soon as its write is made, before the write commits: their re-read
    // must still see it (IndexedDB runs a read made after a write, on the same stores, after
    // it), or the screen would stay on the rows before the change.
    const committed = new Set<IDBTransaction>();
    const writes: IDBTransaction[] = [];
    const toldBeforeCommit: boolean[] = [];
    const reads: Promise<string[]>[] = [];
    const listener = (parts: ObservabilitySet) => {
      if (!parts[`idb://${tab.name}/ownedCars/`]) return;
      toldBeforeCommit.push(writes.length === 1 && !committed.has(writes[0]!));
      reads.push(instancesOf(CHARGER));
    };
    Dexie.on('storagemutated', listener);
    try {
      await withPlainWrites(
        (_, made) => {
          const tx = made();
          writes.push(tx);
          tx.addEventListener('complete', () => committed.add(tx));
        },
        () => add(tab, CHARGER, 'tab-1'),
      );
    } finally {
      Dexie.on.storagemutated.unsubscribe(listener);
    }
    // The quick way (one plain write), told once, before that write committed.
    expect(changeBaseFor(tab, USER)).toBeDefined();
    expect(toldBeforeCommit).toEqual([true]);
    expect(await Promise.all(reads)).toEqual([['tab-0-1', 'tab-1-1']]);
  });

  it('reaches the other tabs and the worker', async () => {
    // Another context's object on the channel: a change made from the copy must be heard there.
    const heard: ObservabilitySet[] = [];
    const channel = new BroadcastChannel(PLAIN_WRITES_CHANNEL);
    channel.onmessage = (event: MessageEvent<ObservabilitySet>) => heard.push(event.data);
    try {
      await add(tab, BONE_SHAKER, 'tab-1');
      expect(changeBaseFor(tab, USER)).toBeDefined();
      const watched = new RangeSet().addKey([USER, BONE_SHAKER]);
      await expect
        .poll(
          () =>
            heard.some((parts) => {
              const part = parts[`idb://${tab.name}/ownedCars/`];
              return part !== undefined && rangesOverlap(part, watched);
            }),
          { timeout: 5000 },
        )
        .toBe(true);
    } finally {
      channel.close();
    }
  });

  /** Posts a car row's change on `channelName`, as another context would: do the watchers here hear it? */
  async function heardHereFrom(channelName: string): Promise<void> {
    const signals: ObservabilitySet[] = [];
    const listener = (parts: ObservabilitySet) => signals.push(parts);
    Dexie.on('storagemutated', listener);
    const otherContext = new BroadcastChannel(channelName);
    try {
      otherContext.postMessage({
        [`idb://${tab.name}/ownedCars/`]: new RangeSet().addKey([USER, CHARGER]),
      });
      await expect
        .poll(() => signals.some((parts) => parts[`idb://${tab.name}/ownedCars/`]), {
          timeout: 5000,
        })
        .toBe(true);
    } finally {
      otherContext.close();
      Dexie.on.storagemutated.unsubscribe(listener);
    }
  }

  it('tells the screens here of what another tab or the worker wrote the plain way', () =>
    heardHereFrom(PLAIN_WRITES_CHANNEL));

  it('signals on the channel Dexie itself listens to for other tabs’ commits', () =>
    heardHereFrom(DEXIE_MUTATION_SIGNAL));
});
