// zod schemas of the trade commands, shared by the device (checked before queueing)
// and the server (api/trade/*), plus the shapes the trade board's reads answer.
import { z } from 'zod';
import { idSchema } from '../collection/mutation-schemas';
import type { Condition, Grade } from '../collection/types';
import { userText } from '../text/user-text';

export const WANTS_MAX = 500;
export const MESSAGE_MAX = 1000;
export const REPLY_MAX = 500;
export const OFFERED_CARS_MAX = 10;

/** The refusal of a price that is above 0 but rounds to 0 cents. */
export const PRICE_UNDER_A_CENT = 'must be at least 0.01 (prices are kept in whole cents)';

/**
 * Money in whole cents, like the collection's prices; > 0 (a price of 0 is 'free', not a sale),
 * and still > 0 once rounded to cents: 0.004 would otherwise be stored as a price of 0.
 */
export const positivePriceSchema = z
  .number('must be a number')
  .finite()
  .gt(0, 'must be more than 0')
  .max(1_000_000, 'must be at most 1,000,000')
  .transform((value) => Math.round(value * 100) / 100)
  .refine((cents) => cents > 0, PRICE_UNDER_A_CENT);

const wantsSchema = userText({ max: WANTS_MAX });

export const createListingSchema = z
  .strictObject({
    listingId: idSchema,
    kind: z.enum(['car', 'set'], 'must be car or set'),
    itemId: idSchema,
    instanceId: idSchema,
    forTrade: z.boolean(),
    forSale: z.boolean(),
    askingPrice: positivePriceSchema.nullable(),
    wants: wantsSchema.default(''),
  })
  .superRefine((args, ctx) => {
    if (!args.forTrade && !args.forSale) {
      ctx.addIssue({
        code: 'custom',
        path: ['forTrade'],
        message: 'list it for trade, for sale or both',
      });
    }
    if (args.forSale && args.askingPrice === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['askingPrice'],
        message: 'is required when the listing is for sale',
      });
    }
    if (!args.forSale && args.askingPrice !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['askingPrice'],
        message: 'must be null for a trade-only listing',
      });
    }
  });

export const updateListingSchema = z
  .strictObject({
    listingId: idSchema,
    askingPrice: positivePriceSchema.optional(),
    wants: wantsSchema.optional(),
    status: z.literal('withdrawn', "may only be 'withdrawn'").optional(),
  })
  .refine(
    (args) =>
      args.askingPrice !== undefined || args.wants !== undefined || args.status !== undefined,
    'must change askingPrice, wants or status',
  );

export const offeredCarSchema = z.strictObject({ carId: idSchema, instanceId: idSchema });

export const createOfferSchema = z.strictObject({
  offerId: idSchema,
  listingId: idSchema,
  message: userText({ max: MESSAGE_MAX, min: 1 }),
  offeredCars: z
    .array(offeredCarSchema)
    .max(OFFERED_CARS_MAX, `must hold at most ${OFFERED_CARS_MAX} cars`)
    .refine(
      (cars) => new Set(cars.map((car) => car.instanceId)).size === cars.length,
      'must not name the same car instance twice',
    )
    .default([]),
  price: positivePriceSchema.nullable().default(null),
});

export const answerOfferSchema = z.strictObject({
  offerId: idSchema,
  accept: z.boolean(),
  reply: userText({ max: REPLY_MAX }).optional(),
});

export const withdrawOfferSchema = z.strictObject({ offerId: idSchema });

export const completeListingSchema = z.strictObject({
  listingId: idSchema,
  outcome: z.enum(['sold', 'traded'], 'must be sold or traded'),
  offerId: idSchema.optional(),
});

export const tradeCommandSchemas = {
  'listings/create': createListingSchema,
  'listings/update': updateListingSchema,
  'listings/complete': completeListingSchema,
  'offers/create': createOfferSchema,
  'offers/answer': answerOfferSchema,
  'offers/withdraw': withdrawOfferSchema,
} satisfies Record<string, z.ZodType>;

export type TradeCommandName = keyof typeof tradeCommandSchemas;
export type TradeArgs<N extends TradeCommandName> = z.output<(typeof tradeCommandSchemas)[N]>;

// ---- What the reads answer (GET /api/listings…, /api/offers/mine) ----------------------------

export type ListingStatus = 'open' | 'sold' | 'traded' | 'withdrawn';
export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

export interface TradeProfile {
  userId: string;
  username: string | null;
  avatarUrl: string | null;
}

/** The catalogue car or set a listing (or an offered car) names. */
export interface TradeItem {
  name: string;
  image: string | null;
  brand: string | null;
  year: number | null;
  series: string | null;
  seriesNumber: string | null;
  huntType: 'TH' | 'STH' | null;
}

export interface ListingView {
  id: string;
  kind: 'car' | 'set';
  itemId: string;
  instanceId: string;
  forTrade: boolean;
  forSale: boolean;
  askingPrice: number | null;
  wants: string;
  status: ListingStatus;
  createdAt: string;
  updatedAt: string;
  item: TradeItem;
  /** The seller's copy: condition and grade for a car; null for a set, or once it is gone. */
  instance: { condition: Condition; grade: Grade } | null;
  /** False once the seller no longer has the listed instance (it cannot be completed). */
  available: boolean;
  /** Offers still waiting for an answer. */
  pendingOfferCount: number;
  seller: TradeProfile;
}

export interface OfferedCarView {
  carId: string;
  instanceId: string;
  item: TradeItem;
  /** The buyer's copy; null once it has left their collection. */
  instance: { condition: Condition; grade: Grade } | null;
}

export interface OfferView {
  id: string;
  listingId: string;
  buyer: TradeProfile;
  message: string;
  offeredCars: OfferedCarView[];
  price: number | null;
  status: OfferStatus;
  reply: string | null;
  createdAt: string;
  answeredAt: string | null;
}

export interface ListingPage {
  listings: ListingView[];
  nextCursor: string | null;
}

/** GET /api/listings/{id}: `offers` only for the seller (all) or a buyer (their own). */
export interface ListingDetail extends ListingView {
  offers?: OfferView[];
}

/** GET /api/offers/mine. */
export interface MyOffer extends OfferView {
  listing: ListingView;
}
