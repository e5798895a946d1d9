// The pure docs/rules.md rules: what they refuse, which instance a set removal takes, no mutation.
import { describe, expect, it } from 'vitest';
import {
  applyMutation,
  parseMutation,
  prepareMutation,
  RuleError,
} from '../../../src/shared/collection/mutations';
import { emptyUserState, type UserState } from '../../../src/shared/collection/types';
import type { CatalogLookup } from '../../../src/shared/collection/rules';

const catalog: CatalogLookup = {
  hasCar: (id) => ['car-a', 'car-b', 'car-c'].includes(id),
  getSet: (id) =>
    id === 'pack'
      ? { id: 'pack', name: 'Track Day 5-Pack', carIds: ['car-a', 'car-b'] }
      : undefined,
};
const now = '2026-11-22T10:00:00.000Z';
let counter = 0;

function apply(state: UserState, name: string, args: unknown): UserState {
  const parsed = parseMutation(name, args);
  if (!parsed.ok) throw new Error(parsed.error);
  const mutation = prepareMutation(parsed.mutation, { newId: () => `gen-${counter++}`, now });
  return applyMutation(state, mutation, { now, catalog });
}

function refusal(state: UserState, name: string, args: unknown) {
  try {
    apply(state, name, args);
  } catch (error) {
    if (error instanceof RuleError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
}

describe('collection rules', () => {
  it('never changes the state they are given', () => {
    const state = emptyUserState();
    const frozen = JSON.stringify(state);
    const after = apply(state, 'collection/add-set-instance', {
      set: { id: 'pack' },
      instanceDetails: { instanceId: 's1' },
    });
    expect(JSON.stringify(state)).toBe(frozen);
    expect(after.collection.ownedCars).toHaveLength(2);
  });

  it('gives the cars of a set instance ids derived from it, dated like the set', () => {
    const after = apply(emptyUserState(), 'collection/add-set-instance', {
      set: { id: 'pack' },
      instanceDetails: { instanceId: 's1', dateAdded: '2026-01-02T03:04:05.000Z' },
    });
    expect(after.collection.ownedCars.map((car) => car.instances[0])).toEqual([
      expect.objectContaining({ instanceId: 's1~1', dateAdded: '2026-01-02T03:04:05.000Z' }),
      expect.objectContaining({ instanceId: 's1~2', notes: 'Part of Track Day 5-Pack' }),
    ]);
  });

  it('removing a set instance takes the copies it brought, else the newest copy', () => {
    let state = apply(emptyUserState(), 'collection/add-car-instance', {
      carId: 'car-a',
      details: { instanceId: 'own-a' },
    });
    state = apply(state, 'collection/add-set-instance', {
      set: { id: 'pack' },
      instanceDetails: { instanceId: 's1' },
    });
    state = apply(state, 'collection/remove-car-instance', { carId: 'car-b', instanceId: 's1~2' });
    state = apply(state, 'collection/add-car-instance', {
      carId: 'car-b',
      details: { instanceId: 'b-1' },
    });
    state = apply(state, 'collection/add-car-instance', {
      carId: 'car-b',
      details: { instanceId: 'b-2' },
    });
    state = apply(state, 'collection/remove-set-instance', {
      setId: 'pack',
      instanceId: 's1',
      carIds: ['car-a', 'car-b'],
    });
    const ids = (carId: string) =>
      state.collection.ownedCars
        .find((car) => car.carId === carId)
        ?.instances.map((i) => i.instanceId);
    expect(ids('car-a')).toEqual(['own-a']);
    expect(ids('car-b')).toEqual(['b-1']);
    expect(state.collection.ownedSets).toEqual([]);
  });

  it('a toggle flips from what the device saw, so replaying it changes nothing', () => {
    const once = apply(emptyUserState(), 'collection/toggle-wishlist', {
      carId: 'car-c',
      isWishlisted: false,
    });
    const twice = apply(once, 'collection/toggle-wishlist', {
      carId: 'car-c',
      isWishlisted: false,
    });
    expect(twice.collection.wishlistCarIds).toEqual([{ id: 'car-c', addedAt: now }]);
    const removed = apply(twice, 'collection/toggle-wishlist', {
      carId: 'car-c',
      isWishlisted: true,
    });
    expect(removed.collection.wishlistCarIds).toEqual([]);
  });

  it.each([
    ['collection/add-car-instance', { carId: 'nope', details: {} }, 404, 'Unknown car: nope'],
    [
      'collection/add-set-instance',
      { set: { id: 'nope' }, instanceDetails: {} },
      404,
      'Unknown set: nope',
    ],
    [
      'collection/remove-car-instance',
      { carId: 'car-a', instanceId: 'x' },
      404,
      'Car instance x of car-a not found',
    ],
    [
      'collection/update-set-instance',
      { setId: 'pack', instanceId: 'x', updates: { notes: 'n' } },
      404,
      'Set instance x of pack not found',
    ],
  ])('%s refuses %j with %i', (name, args, status, message) => {
    expect(refusal(emptyUserState(), name, args)).toEqual({ status, message });
  });

  it('refuses an instance id already used by another car or set', () => {
    const state = apply(emptyUserState(), 'collection/add-set-instance', {
      set: { id: 'pack' },
      instanceDetails: { instanceId: 's1' },
    });
    expect(
      refusal(state, 'collection/add-car-instance', {
        carId: 'car-c',
        details: { instanceId: 's1~1' },
      }),
    ).toEqual({
      status: 409,
      message: 'Car instance s1~1 already exists',
    });
    expect(
      refusal(state, 'collection/add-set-instance', {
        set: { id: 'pack' },
        instanceDetails: { instanceId: 's1' },
      }),
    ).toEqual({
      status: 409,
      message: 'Set instance s1 already exists',
    });
  });

  it('rounds prices to cents, so device and server store the same number', () => {
    const state = apply(emptyUserState(), 'collection/add-car-instance', {
      carId: 'car-a',
      details: { purchasePrice: 1.005 + 2 },
    });
    expect(state.collection.ownedCars[0]?.instances[0]?.purchasePrice).toBe(3.01);
  });
});
