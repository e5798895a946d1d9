// The wishlist forms: prices as collectors type them, and every bad value named under its field
// in their words (the change itself is never built, so nothing is queued).
import { describe, expect, it } from 'vitest';
import {
  checkPricePaid,
  checkWishForm,
  priceText,
  readPrice,
} from '../../../src/features/wishlist/wish-form';
import { describeQuickAnswer, type QuickAnswer } from '../../../src/db/quick-answers';

describe('the wishlist forms', () => {
  it('read prices as typed: 5, 4.50, $5, 4,50, .5; empty is none', () => {
    expect(['5', '4.50', '$5', '$ 5', '4,50', '.5', ' 12 '].map(readPrice)).toEqual([
      5, 4.5, 5, 5, 4.5, 0.5, 12,
    ]);
    expect(readPrice('')).toBeNull();
    expect(['abc', '5 dollars', '1.2.3', '--1', '1e3'].map(readPrice)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([priceText(5), priceText(4.5), priceText(null)]).toEqual(['5', '4.50', '']);
  });

  it('build the change for good input, the price in cents and the note trimmed', () => {
    expect(checkWishForm('car-a', { maxPrice: '$4.999', note: ' only carded ' })).toEqual({
      ok: true,
      args: { carId: 'car-a', maxPrice: 5, note: 'only carded' },
    });
    expect(checkWishForm('car-a', { maxPrice: '', note: '' })).toEqual({
      ok: true,
      args: { carId: 'car-a', maxPrice: null, note: '' },
    });
  });

  it('name each bad field in words a collector uses', () => {
    expect(checkWishForm('car-a', { maxPrice: 'five', note: '' })).toEqual({
      ok: false,
      errors: { maxPrice: 'Enter the most you would pay, like 5 or 4.50, or leave it empty' },
    });
    expect(checkWishForm('car-a', { maxPrice: '-2', note: '' })).toEqual({
      ok: false,
      errors: { maxPrice: 'A price cannot be below 0' },
    });
    expect(checkWishForm('car-a', { maxPrice: '2000000', note: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: {
        maxPrice: 'A price can be at most 1,000,000',
        note: 'Keep the note to 200 characters',
      },
    });
    expect(checkWishForm('car-a', { maxPrice: '1', note: 'a\u0000' })).toMatchObject({
      ok: false,
      errors: { note: expect.stringMatching(/cannot be kept/) },
    });
  });

  it('Found it takes an empty price as 0 and refuses one that is not a price', () => {
    expect(checkPricePaid('')).toEqual({ ok: true, price: 0 });
    expect(checkPricePaid('4,25')).toEqual({ ok: true, price: 4.25 });
    expect(checkPricePaid('cheap')).toEqual({ ok: false, error: 'Enter what you paid, like 2.50' });
    expect(checkPricePaid('-1')).toEqual({ ok: false, error: 'A price cannot be below 0' });
  });

  it('the quick check says the max price, then the note', () => {
    const answer: QuickAnswer = {
      carId: 'car-a',
      owned: { count: 0, kinds: [] },
      wishlist: { maxPrice: 5, note: 'only carded' },
      completing: null,
    };
    expect(describeQuickAnswer(answer, (n) => `$${n}`)).toEqual([
      'On your wishlist — max $5',
      'Note: only carded',
    ]);
  });
});
