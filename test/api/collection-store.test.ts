// The SQL store is a faithful copy of the pure rules: any sequence of changes, saved as diffs in
// random-sized chunks and read back, equals the state the rules computed in memory.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { OpenDatabase } from '../../api/db/database';
import { importCatalog } from '../../api/catalog/catalog-import';
import { loadCatalogLookup } from '../../api/catalog/catalog-lookup';
import { loadUserState, saveUserStateDiff } from '../../api/collection/collection-store';
import { lockProfile } from '../../api/collection/processed-keys';
import {
  applyMutation,
  parseMutation,
  prepareMutation,
  RuleError,
} from '../../src/shared/collection/mutations';
import type { UserState } from '../../src/shared/collection/types';
import { openTestDatabase } from '../fixtures/test-database';
import { fixtureCars, fixtureSets, TRACK_DAY, TRACK_DAY_CARS } from '../fixtures/catalog';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await importCatalog(database.db, { cars: fixtureCars, sets: fixtureSets });
});
afterAll(async () => {
  await database.close();
});

const carId = fc.constantFrom(...fixtureCars.map((car) => car.id));
/** Instance changes use two cars, one of them in the set, so adds, edits and removes collide. */
const ownedCarId = fc.constantFrom(TRACK_DAY_CARS[0] as string, fixtureCars[0]?.id as string);
const instanceId = fc.constantFrom('i1', 'i2', 'i3');
const setInstanceId = fc.constantFrom('s1', 's2', 's3');
const flag = fc.boolean();
const quantity = fc.integer({ min: 0, max: 3 });

/** Random SPEC §7 changes over a tiny id space, so removes and re-adds really collide. */
const mutationArb = fc.oneof(
  fc.record({
    name: fc.constant('collection/add-car-instance'),
    args: fc.record({
      carId: ownedCarId,
      details: fc.record({ instanceId, notes: fc.constantFrom('', 'a', 'b') }),
    }),
  }),
  fc.record({
    name: fc.constant('collection/remove-car-instance'),
    args: fc.record({ carId: ownedCarId, instanceId }),
  }),
  fc.record({
    name: fc.constant('collection/update-car-instance'),
    args: fc.record({
      carId: ownedCarId,
      instanceId,
      updates: fc.record({
        grade: fc.constantFrom('Mint', 'Fair'),
        purchasePrice: fc.integer({ min: 0, max: 500 }).map((c) => c / 100),
      }),
    }),
  }),
  fc.record({
    name: fc.constant('collection/add-set-instance'),
    args: fc.record({
      set: fc.constant({ id: TRACK_DAY }),
      instanceDetails: fc.record({ instanceId: setInstanceId }),
    }),
  }),
  fc.record({
    name: fc.constant('collection/remove-set-instance'),
    args: fc.record({
      setId: fc.constant(TRACK_DAY),
      instanceId: setInstanceId,
      carIds: fc.constant(TRACK_DAY_CARS),
    }),
  }),
  fc.record({
    name: fc.constant('collection/toggle-favorite'),
    args: fc.record({ carId, isFavorited: flag }),
  }),
  fc.record({
    name: fc.constant('collection/toggle-wishlist'),
    args: fc.record({ carId, isWishlisted: flag }),
  }),
  fc.record({
    name: fc.constant('collection/toggle-set'),
    args: fc.record({
      setId: fc.constant(TRACK_DAY),
      action: fc.constantFrom('favorite', 'wishlist'),
      isSetInList: flag,
    }),
  }),
  fc.record({
    name: fc.constant('collection/update-car-details'),
    args: fc.record({ carId, forTrade: quantity, forSale: quantity }),
  }),
  fc.record({
    name: fc.constant('collection/update-set-details'),
    args: fc.record({
      setId: fc.constant(TRACK_DAY),
      type: fc.constantFrom('trade', 'sale'),
      quantity,
    }),
  }),
  fc.record({
    name: fc.constant('users/update-settings'),
    args: fc.record({ key: fc.constantFrom('a', 'b'), value: fc.integer() }),
  }),
  fc.record({
    name: fc.constant('tutorials/complete'),
    args: fc.record({ tutorialId: fc.constantFrom('t1', 't2') }),
  }),
);

describe('collection store', () => {
  it('reads back exactly what the rules computed, for random change sequences saved in random chunks', async () => {
    let tick = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(mutationArb, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 10 }),
        async (mutations, chunkSizes) => {
          const userId = `prop-${randomUUID()}`;
          await lockProfile(database.db, userId);
          const catalog = await loadCatalogLookup(database.db, {
            carIds: fixtureCars.map((car) => car.id),
            setIds: [TRACK_DAY],
          });
          let model: UserState = await loadUserState(database.db, userId);
          let index = 0;
          let chunk = 0;
          while (index < mutations.length) {
            const size = chunkSizes[chunk++ % chunkSizes.length] as number;
            const before = model;
            for (const raw of mutations.slice(index, index + size)) {
              const parsed = parseMutation(raw.name, raw.args);
              if (!parsed.ok) throw new Error(parsed.error);
              const now = new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)).toISOString();
              const mutation = prepareMutation(parsed.mutation, { newId: randomUUID, now });
              try {
                model = applyMutation(model, mutation, { now, catalog });
              } catch (error) {
                if (!(error instanceof RuleError)) throw error;
              }
            }
            index += size;
            await database.db.transaction((tx) => saveUserStateDiff(tx, userId, before, model));
            expect(await loadUserState(database.db, userId)).toEqual(model);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
