// readAllRows reads a big collection in pieces (ROWS_PER_READ rows an IndexedDB request, so no
// one answer is a long task on the page), and the pieces add up to every row, in order, once,
// with nobody else's rows, inside one transaction as outside.
import { IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllRows, ROWS_PER_READ } from '../../../src/db/collection-rows';
import type { GarageDb } from '../../../src/db/garage-db';
import type { ListItemRow, OwnedCarRow, TradeSellRow } from '../../../src/db/device-rows';
import { openTestDevice } from '../../fixtures/device';

const USER = 'collector-big';
const OTHER = 'collector-other';
const CARS = 2 * ROWS_PER_READ + 3;

function ownedCar(userId: string, seq: number): OwnedCarRow {
  return { userId, carId: `car-${seq}`, seq, isFavorite: false, instances: [], instanceIds: [] };
}

function listItem(userId: string, list: ListItemRow['list'], n: number): ListItemRow {
  return { userId, list, id: `item-${String(n).padStart(5, '0')}`, addedAt: '', seq: n };
}

function tradeEntry(userId: string, n: number): TradeSellRow {
  return { userId, kind: 'car', id: `car-${n}`, seq: n, forTrade: 1, forSale: 0 };
}

/** The count of rows each getAll asked for; undefined: all of them. */
function watchGetAll(): { counts: (number | undefined)[]; stop(): void } {
  const counts: (number | undefined)[] = [];
  const originals = [IDBIndex.prototype.getAll, IDBObjectStore.prototype.getAll] as const;
  const watched = (original: (typeof originals)[number]) =>
    function (this: IDBIndex & IDBObjectStore, ...args: Parameters<typeof original>) {
      // getAll(query, count), or IndexedDB 3's getAll({ query, count, direction }).
      const [first, second] = args as unknown[];
      const options = typeof first === 'object' && first !== null && 'count' in first;
      counts.push(options ? (first.count as number | undefined) : (second as number | undefined));
      return original.apply(this, args);
    };
  IDBIndex.prototype.getAll = watched(originals[0]);
  IDBObjectStore.prototype.getAll = watched(originals[1]);
  return {
    counts,
    stop() {
      IDBIndex.prototype.getAll = originals[0];
      IDBObjectStore.prototype.getAll = originals[1];
    },
  };
}

let db: GarageDb | undefined;
afterEach(() => db?.close());

async function seeded(): Promise<GarageDb> {
  db = await openTestDevice();
  const device = db;
  const seqs = Array.from({ length: CARS }, (_, i) => i + 1);
  // With 'meta' in the transaction, so the collection version moves with the rows.
  await device.transaction(
    'rw',
    [device.ownedCars, device.listItems, device.tradeSell, device.meta],
    async () => {
      await device.ownedCars.bulkPut([
        ...seqs.map((seq) => ownedCar(USER, seq)),
        ownedCar(OTHER, 1),
        ownedCar(OTHER, CARS + 1),
      ]);
      // Two lists, the first across a piece's end, so a piece goes on into the next list.
      await device.listItems.bulkPut([
        ...Array.from({ length: ROWS_PER_READ + 1 }, (_, i) => listItem(USER, 'favoriteCarIds', i)),
        ...Array.from({ length: 5 }, (_, i) => listItem(USER, 'wishlistCarIds', i)),
        listItem(OTHER, 'favoriteCarIds', 0),
      ]);
      await device.tradeSell.bulkPut([
        tradeEntry(USER, 1),
        tradeEntry(USER, 2),
        tradeEntry(OTHER, 1),
      ]);
    },
  );
  return device;
}

describe('reading a whole collection', () => {
  it('asks for at most ROWS_PER_READ rows at a time, and gets every row once, in order', async () => {
    const device = await seeded();
    const watch = watchGetAll();
    const rows = await readAllRows(device, USER).finally(() => watch.stop());

    expect(watch.counts.length).toBeGreaterThan(4);
    expect(watch.counts.every((count) => count !== undefined && count <= ROWS_PER_READ)).toBe(true);
    expect(rows.ownedCars.map((row) => row.seq)).toEqual(
      Array.from({ length: CARS }, (_, i) => i + 1),
    );
    expect(rows.ownedCars.every((row) => row.userId === USER)).toBe(true);
    expect(rows.listItems).toHaveLength(ROWS_PER_READ + 6);
    expect(new Set(rows.listItems.map((row) => `${row.list}/${row.id}`)).size).toBe(
      ROWS_PER_READ + 6,
    );
    expect(rows.listItems.every((row) => row.userId === USER)).toBe(true);
    expect(rows.tradeSell.map((row) => row.id)).toEqual(['car-1', 'car-2']);
    expect(rows.ownedSets).toEqual([]);
  });

  it('reads the same rows inside a read-only transaction', async () => {
    const device = await seeded();
    const outside = await readAllRows(device, USER);
    const inside = await device.transaction(
      'r',
      [device.ownedCars, device.ownedSets, device.listItems, device.tradeSell],
      () => readAllRows(device, USER),
    );
    expect(inside).toEqual(outside);
  });
});
