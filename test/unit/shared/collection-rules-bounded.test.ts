// The add paths of the collection rules do work in proportion to what they add and what they
// touch, never one to the other (before, each new copy rescanned every copy already there:
// 30 pushes of 100 set instances stalled the server for seconds), and one change may create
// at most MAX_COPIES_PER_CHANGE copies.
import { describe, expect, it } from 'vitest';
import {
  applyMutation,
  parseMutation,
  prepareMutation,
  RuleError,
} from '../../../src/shared/collection/mutations';
import type { CatalogLookup } from '../../../src/shared/collection/rules';
import { emptyUserState, type UserState } from '../../../src/shared/collection/types';
import { MAX_COPIES_PER_CHANGE } from '../../../src/shared/collection/work-units';

const bigSet = Array.from({ length: 50 }, (_, i) => `car-${i}`);
const catalog: CatalogLookup = {
  hasCar: (id) => id.startsWith('car-'),
  getSet: (id) => (id === 'series' ? { id, name: 'Series', carIds: bigSet } : undefined),
};
const now = '2026-11-22T10:00:00.000Z';

/**
 * Counts how often the rules read the ids of the copies already in `state`: work that grows
 * with (copies there × copies added) shows as tens of millions of reads, linear work as a few
 * per copy. A count, not a clock, so a busy machine cannot fail it or pass it.
 */
function countIdReads(state: UserState): { reads: number } {
  const counter = { reads: 0 };
  const watch = (instance: { instanceId: string }) => {
    const id = instance.instanceId;
    Object.defineProperty(instance, 'instanceId', {
      enumerable: true,
      configurable: true,
      get: () => {
        counter.reads += 1;
        return id;
      },
    });
  };
  for (const car of state.collection.ownedCars) car.instances.forEach(watch);
  for (const set of state.collection.ownedSets) set.instances.forEach(watch);
  return counter;
}

function apply(state: UserState, name: string, args: unknown): UserState {
  const parsed = parseMutation(name, args);
  if (!parsed.ok) throw new Error(parsed.error);
  let id = 0;
  const mutation = prepareMutation(parsed.mutation, { newId: () => `${name}-${id++}`, now });
  return applyMutation(state, mutation, { now, catalog });
}

/** A collection holding `sets` instances of the 50-car set (51 copies each), added 20 at a time. */
function stateWithSets(sets: number): UserState {
  let state = emptyUserState();
  for (let first = 0; first < sets; first += 20) {
    state = apply(state, 'collection/add-multiple-set-instances', {
      set: { id: 'series' },
      instances: Array.from({ length: Math.min(20, sets - first) }, (_, i) => ({
        instanceId: `old-${first + i}`,
      })),
    });
  }
  return state;
}

describe('bounded work in the collection rules', () => {
  it('adds 20 instances of a 50-car set (1,020 copies) next to 81,600 copies, reading each id a few times at most', () => {
    // 1,600 set instances with their cars, made directly (the rules would take 80 changes).
    const state = emptyUserState();
    const sets = Array.from({ length: 1600 }, (_, i) => `old-${i}`);
    state.collection.ownedSets = [
      {
        setId: 'series',
        instances: sets.map((instanceId) => ({
          instanceId,
          purchasePrice: 0,
          dateAdded: now,
          purchaseDate: null,
          notes: '',
          purchasePlace: '',
        })),
      },
    ];
    state.collection.ownedCars = bigSet.map((carId, index) => ({
      carId,
      isFavorite: false,
      instances: sets.map((setInstance) => ({
        instanceId: `${setInstance}~${index + 1}`,
        condition: 'carded' as const,
        grade: 'Good' as const,
        purchasePrice: 0,
        purchaseDate: null,
        notes: 'Part of Series',
        purchasePlace: '',
        dateAdded: now,
      })),
    }));
    const ids = countIdReads(state);
    const after = apply(state, 'collection/add-multiple-set-instances', {
      set: { id: 'series' },
      instances: Array.from({ length: 20 }, (_, i) => ({ instanceId: `new-${i}` })),
    });
    expect(after.collection.ownedSets[0]?.instances).toHaveLength(1620);
    expect(after.collection.ownedCars[0]?.instances).toHaveLength(1620);
    // Rescanning every copy for each new one read 83 million ids here; linear work reads each
    // of the 81,600 copies' ids a few times at most.
    expect(ids.reads).toBeLessThan(4 * 81_600);
  });

  it('still refuses an instance id that is taken, also within the same change', () => {
    const state = stateWithSets(2);
    const refusal = (instances: unknown[]) => {
      try {
        apply(state, 'collection/add-multiple-set-instances', { set: { id: 'series' }, instances });
      } catch (error) {
        if (error instanceof RuleError) return `${error.status} ${error.message}`;
        throw error;
      }
      return null;
    };
    expect(refusal([{ instanceId: 'old-1' }])).toBe('409 Set instance old-1 already exists');
    expect(refusal([{ instanceId: 'x' }, { instanceId: 'x' }])).toBe(
      '409 Set instance x already exists',
    );
  });

  it(`refuses one change that would create more than ${MAX_COPIES_PER_CHANGE} copies (413)`, () => {
    // 24 instances of the 50-car set: 24 × 51 = 1,224 copies.
    try {
      apply(emptyUserState(), 'collection/add-multiple-set-instances', {
        set: { id: 'series' },
        instances: Array.from({ length: 24 }, () => ({})),
      });
      expect.unreachable('the change should have been refused');
    } catch (error) {
      expect(error).toBeInstanceOf(RuleError);
      expect((error as RuleError).status).toBe(413);
      expect((error as RuleError).message).toBe(
        `This change adds 1,224 cars and sets at once: at most ${MAX_COPIES_PER_CHANGE.toLocaleString('en-US')} in one change`,
      );
    }
  });

  it('removes a set instance and one copy of each of its 50 cars, in proportion to the set', () => {
    const state = stateWithSets(300);
    const ids = countIdReads(state);
    const after = apply(state, 'collection/remove-set-instance', {
      setId: 'series',
      instanceId: 'old-7',
      carIds: bigSet,
    });
    // One pass over the 300 × 51 copies, not one per car of the set.
    expect(ids.reads).toBeLessThan(4 * 300 * 51);
    expect(after.collection.ownedSets[0]?.instances).toHaveLength(299);
    for (const car of after.collection.ownedCars) {
      expect(car.instances.some((instance) => instance.instanceId.startsWith('old-7~'))).toBe(
        false,
      );
    }
  });
});
