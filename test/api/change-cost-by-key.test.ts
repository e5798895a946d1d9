// A change costs the same on a big collection as on a small one: its read and its write look up
// each row it names by the row's whole key, never by the collector alone. Counted, not timed:
// the rows PostgreSQL fetched from each of the collector's tables inside the change's own
// transaction (pg_stat_get_xact_tuples_fetched), for a collector of one car and one of 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { queryRows, type OpenDatabase, type Queryable } from '../../api/db/database';
import { importCatalog } from '../../api/catalog/catalog-import';
import {
  buildStateDiff,
  readForMutation,
  writeStateDiff,
  type NewProcessedKey,
  type StateDiff,
} from '../../api/collection/collection-store';
import { emptyUserState, type UserState } from '../../src/shared/collection/types';
import { openTestDatabase } from '../fixtures/test-database';
import { fixtureCar, fixtureSets } from '../fixtures/catalog';
import type { CarInstance } from '../../src/shared/collection/types';

const BIG = 400;
const cars = Array.from({ length: BIG }, (_, i) => fixtureCar(`cost-car-${i}`, `Cost car ${i}`));
const COLLECTOR_TABLES = [
  'owned_cars',
  'car_instances',
  'owned_sets',
  'set_instances',
  'list_items',
  'trade_sell_entries',
  'processed_keys',
];
const ADDED_AT = '2026-01-01T00:00:00.000Z';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await importCatalog(database.db, { cars, sets: fixtureSets });
});
afterAll(async () => {
  await database.close();
});

function instance(id: string): CarInstance {
  return {
    instanceId: id,
    condition: 'carded',
    grade: 'Good',
    purchasePrice: 1,
    purchaseDate: null,
    notes: '',
    purchasePlace: '',
    dateAdded: ADDED_AT,
  };
}

/** `count` cars owned (one copy each), each a favourite, each with one up for trade. */
function collectionOf(count: number): UserState {
  const owned = cars.slice(0, count);
  const state = emptyUserState();
  return {
    ...state,
    collection: {
      ...state.collection,
      ownedCars: owned.map((car) => ({
        carId: car.id,
        isFavorite: true,
        instances: [instance(`${car.id}:1`)],
      })),
      favoriteCarIds: owned.map((car) => ({ id: car.id, addedAt: ADDED_AT })),
      tradeSellCars: owned.map((car) => ({ carId: car.id, forTrade: 1, forSale: 0 })),
    },
  };
}

/** A collector whose rows are `count` cars' worth, and as many processed keys. */
async function seedCollector(userId: string, count: number): Promise<void> {
  const state = collectionOf(count);
  const keys: NewProcessedKey[] = Array.from({ length: count }, (_, i) => ({
    key: `device:${i + 1}`,
    requestHash: 'hash',
    status: 200,
    body: { ok: true },
  }));
  const diff = buildStateDiff(emptyUserState(), state, { totalCarCount: 0, totalSetCount: 0 });
  expect(await writeStateDiff(database.db, userId, null, diff, keys)).toBe(true);
}

/** Rows fetched from each collector table by `work`, inside one transaction rolled back after. */
async function rowsFetched(
  work: (tx: Queryable) => Promise<void>,
): Promise<Record<string, number>> {
  const fetched = async (tx: Queryable) => {
    const rows = await queryRows<{ name: string; fetched: number }>(
      tx,
      sql`SELECT relname AS name, pg_stat_get_xact_tuples_fetched(oid)::int AS fetched
            FROM pg_class
           WHERE relname IN (SELECT jsonb_array_elements_text(${JSON.stringify(COLLECTOR_TABLES)}::jsonb))
             AND relkind = 'r'`,
    );
    return new Map(rows.map((row) => [row.name, row.fetched]));
  };
  let counts: Record<string, number> = {};
  await database.db
    .transaction(async (tx) => {
      const before = await fetched(tx);
      await work(tx);
      const after = await fetched(tx);
      counts = Object.fromEntries(
        COLLECTOR_TABLES.map((table) => [
          table,
          (after.get(table) ?? 0) - (before.get(table) ?? 0),
        ]),
      );
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return counts;
}

/** The read of an add-car-instance on the collector's first car, with a new key and instance. */
function readForAnAdd(tx: Queryable, userId: string) {
  const carId = cars[0]?.id as string;
  return readForMutation(tx, userId, ['device:new'], {
    carIds: [carId],
    setIds: [],
    carInstanceIds: [`${carId}:new`],
    setInstanceIds: [],
  });
}

/** A write that edits, removes and un-favourites: every kind of lookup diecast_apply_diff makes. */
async function editAndRemove(tx: Queryable, userId: string): Promise<void> {
  const read = await readForAnAdd(tx, userId);
  const car = read.state.collection.ownedCars[0];
  if (!car) throw new Error('the read found no car');
  const diff: StateDiff = {
    ...buildStateDiff(read.state, read.state, read.totals),
    updateCarInstances: [{ ...instance(`${car.carId}:1`), notes: 'edited' }],
    deleteListItems: [{ list: 'favoriteCarIds', id: car.carId }],
    deleteTradeSell: [{ kind: 'car', id: car.carId }],
  };
  expect(await writeStateDiff(tx, userId, read.version, diff)).toBe(true);
  const after = await readForAnAdd(tx, userId);
  const removed: StateDiff = {
    ...buildStateDiff(after.state, after.state, after.totals),
    deleteCarInstances: [`${car.carId}:1`],
    deleteOwnedCars: [car.carId],
  };
  expect(await writeStateDiff(tx, userId, after.version, removed)).toBe(true);
}

describe('a change on a big collection', () => {
  it('reads only the rows it names, as many as on a one-car collection', async () => {
    await seedCollector('cost-small-read', 1);
    await seedCollector('cost-big-read', BIG);
    const small = await rowsFetched(async (tx) => {
      const read = await readForAnAdd(tx, 'cost-small-read');
      expect(read.state.collection.ownedCars).toHaveLength(1);
    });
    const big = await rowsFetched(async (tx) => {
      const read = await readForAnAdd(tx, 'cost-big-read');
      expect(read.state.collection.ownedCars).toHaveLength(1);
      expect(read.state.collection.favoriteCarIds).toHaveLength(1);
      expect(read.state.collection.tradeSellCars).toHaveLength(1);
    });
    expect(big).toEqual(small);
    expect(Math.max(...Object.values(big))).toBeLessThan(5);
  });

  it('edits and removes by key, touching as many rows as on a one-car collection', async () => {
    await seedCollector('cost-small-write', 1);
    await seedCollector('cost-big-write', BIG);
    const small = await rowsFetched((tx) => editAndRemove(tx, 'cost-small-write'));
    const big = await rowsFetched((tx) => editAndRemove(tx, 'cost-big-write'));
    expect(big).toEqual(small);
    expect(Math.max(...Object.values(big))).toBeLessThan(10);
  });
});
