// Every money field of the shared schemas, rounded to cents: a price that must be above 0 is
// still above 0 once rounded (0.004 was stored as an asking price of 0), and one that may be 0
// rounds to 0, never to -0.
import { describe, expect, it } from 'vitest';
import { mutationArgsSchemas } from '../../../src/shared/collection/mutation-schemas';
import {
  createListingSchema,
  createOfferSchema,
  PRICE_UNDER_A_CENT,
  updateListingSchema,
} from '../../../src/shared/community/trade-schemas';
import { describeZodError } from '../../../src/shared/validation';

const listing = {
  listingId: 'l1',
  kind: 'car',
  itemId: 'c1',
  instanceId: 'i1',
  forTrade: false,
  forSale: true,
};
const offer = { offerId: 'o1', listingId: 'l1', message: 'Cash?' };

describe('prices that must be above 0', () => {
  const cases = [
    [
      'listings/create askingPrice',
      (p: number) => createListingSchema.safeParse({ ...listing, askingPrice: p }),
    ],
    [
      'listings/update askingPrice',
      (p: number) => updateListingSchema.safeParse({ listingId: 'l1', askingPrice: p }),
    ],
    ['offers/create price', (p: number) => createOfferSchema.safeParse({ ...offer, price: p })],
  ] as const;

  it.each(cases)('%s: refuses one that rounds to 0 cents', (_, parse) => {
    for (const price of [0.004, 0.0049, 1e-9]) {
      const parsed = parse(price);
      expect(parsed.success, String(price)).toBe(false);
      if (!parsed.success) expect(describeZodError(parsed.error)).toMatch(PRICE_UNDER_A_CENT);
    }
  });

  it.each(cases)('%s: keeps one that rounds to a cent or more', (_, parse) => {
    expect(parse(0.005).success).toBe(true);
    expect(parse(0.01).success).toBe(true);
  });
});

describe('prices that may be 0', () => {
  it('a purchase price or a max price rounds to 0, never to -0', () => {
    const add = mutationArgsSchemas['collection/add-car-instance'].parse({
      carId: 'c1',
      details: { purchasePrice: -0 },
    });
    expect(Object.is(add.details?.purchasePrice, 0)).toBe(true);
    const wish = mutationArgsSchemas['collection/update-wishlist-car'].parse({
      carId: 'c1',
      maxPrice: 0.004,
      note: '',
    });
    expect(Object.is(wish.maxPrice, 0)).toBe(true);
  });
});
