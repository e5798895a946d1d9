// collection/update-wishlist-car, the pure rule the device, its rebase and the server all run:
// one shape for a wish (price and note only when said), refused off the wishlist, and what it
// costs against the write budget.
import { describe, expect, it } from 'vitest';
import {
  applyMutation,
  parseMutation,
  prepareMutation,
  RuleError,
} from '../../../src/shared/collection/mutations';
import type { CatalogLookup } from '../../../src/shared/collection/rules';
import { emptyUserState, type UserState } from '../../../src/shared/collection/types';
import { collectionChangeUnits } from '../../../src/shared/collection/work-units';

const catalog: CatalogLookup = {
  hasCar: (id) => ['car-a', 'car-b'].includes(id),
  getSet: () => undefined,
};
const now = '2026-11-22T10:00:00.000Z';

function apply(state: UserState, name: string, args: unknown): UserState {
  const parsed = parseMutation(name, args);
  if (!parsed.ok) throw new Error(parsed.error);
  const mutation = prepareMutation(parsed.mutation, { newId: () => 'gen-1', now });
  return applyMutation(state, mutation, { now, catalog });
}

const wished = (): UserState =>
  apply(emptyUserState(), 'collection/toggle-wishlist', { carId: 'car-a', isWishlisted: false });

describe('update-wishlist-car', () => {
  it('sets the price in cents and the trimmed note, and leaves other wishes alone', () => {
    let state = apply(wished(), 'collection/toggle-wishlist', {
      carId: 'car-b',
      isWishlisted: false,
    });
    state = apply(state, 'collection/update-wishlist-car', {
      carId: 'car-a',
      maxPrice: 4.999,
      note: ' only carded  ',
    });
    expect(state.collection.wishlistCarIds).toEqual([
      { id: 'car-a', addedAt: now, maxPrice: 5, note: 'only carded' },
      { id: 'car-b', addedAt: now },
    ]);
  });

  it('keeps one shape: a cleared price or note is absent, never null or empty', () => {
    let state = apply(wished(), 'collection/update-wishlist-car', {
      carId: 'car-a',
      maxPrice: 3,
      note: 'blue',
    });
    state = apply(state, 'collection/update-wishlist-car', {
      carId: 'car-a',
      maxPrice: null,
      note: '   ',
    });
    expect(state.collection.wishlistCarIds).toEqual([{ id: 'car-a', addedAt: now }]);
    expect(Object.keys(state.collection.wishlistCarIds[0] ?? {})).toEqual(['id', 'addedAt']);
  });

  it('a max price of 0 is a price said (free only), not none', () => {
    const state = apply(wished(), 'collection/update-wishlist-car', {
      carId: 'car-a',
      maxPrice: 0,
      note: '',
    });
    expect(state.collection.wishlistCarIds).toEqual([{ id: 'car-a', addedAt: now, maxPrice: 0 }]);
  });

  it('changes nothing (the same object) when the values are the ones kept', () => {
    const state = apply(wished(), 'collection/update-wishlist-car', {
      carId: 'car-a',
      maxPrice: 2,
      note: 'x',
    });
    const again = apply(state, 'collection/update-wishlist-car', {
      carId: 'car-a',
      maxPrice: 2,
      note: 'x',
    });
    expect(again.collection).toBe(state.collection);
  });

  it('refuses a car that is not on the wishlist (404), without putting it there', () => {
    const state = emptyUserState();
    expect(() =>
      apply(state, 'collection/update-wishlist-car', { carId: 'car-b', maxPrice: 1, note: '' }),
    ).toThrow(RuleError);
    try {
      apply(state, 'collection/update-wishlist-car', { carId: 'car-b', maxPrice: 1, note: '' });
    } catch (error) {
      expect((error as RuleError).status).toBe(404);
    }
  });

  it('refuses bad input before any rule runs', () => {
    const bad = [
      { carId: 'car-a', maxPrice: -0.01, note: '' },
      { carId: 'car-a', maxPrice: Number.NaN, note: '' },
      { carId: 'car-a', maxPrice: 1, note: 'n'.repeat(201) },
      { carId: 'car-a', maxPrice: 1, note: 'nul\u0000' },
      { carId: 'car-a', maxPrice: 1 },
      { carId: 'car-a', maxPrice: 1, note: '', addedAt: now },
    ];
    for (const args of bad) {
      expect(parseMutation('collection/update-wishlist-car', args).ok, JSON.stringify(args)).toBe(
        false,
      );
    }
    expect(
      parseMutation('collection/update-wishlist-car', {
        carId: 'car-a',
        maxPrice: 1,
        note: 'n'.repeat(200),
      }).ok,
    ).toBe(true);
  });

  it('costs one work unit, like any ordinary change', () => {
    expect(
      collectionChangeUnits(
        'collection/update-wishlist-car',
        { carId: 'car-a', maxPrice: 5, note: '' },
        () => undefined,
      ),
    ).toBe(1);
  });

  it('Found it: adding the car takes it, price and note, off the wishlist', () => {
    let state = apply(wished(), 'collection/update-wishlist-car', {
      carId: 'car-a',
      maxPrice: 5,
      note: 'only carded',
    });
    state = apply(state, 'collection/add-car-instance', {
      carId: 'car-a',
      details: { purchasePrice: 5, condition: 'carded' },
    });
    expect(state.collection.wishlistCarIds).toEqual([]);
    expect(state.collection.ownedCars[0]?.instances[0]).toMatchObject({
      purchasePrice: 5,
      condition: 'carded',
    });
  });
});
