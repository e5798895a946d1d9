// What the device and the server agree on for the market reads (docs/api.md): the community
// price of a car, the Matches view, Wanted by, and the setting that makes a wishlist public.
import { z } from 'zod';
import { idSchema } from '../collection/mutation-schemas';
import { CONDITIONS } from '../collection/types';
import type { ListingView, TradeProfile } from './trade-schemas';

/** profiles.settings key (users/update-settings): true makes the wishlist public. Off by default. */
export const WISHLIST_PUBLIC_SETTING = 'wishlistPublic';

/** The one sentence that explains the setting wherever it is offered. */
export const WISHLIST_PUBLIC_EXPLAINED =
  'A public wishlist lets sellers see you want a car they list, and gets you Matches and alerts when one comes up; while it is private, nobody sees it and nothing is matched.';

export function isWishlistPublic(settings: Record<string, unknown> | undefined): boolean {
  return settings?.[WISHLIST_PUBLIC_SETTING] === true;
}

/**
 * The price guide (docs/api.md, "Price guide"): a price is shown only from this many distinct
 * sellers, each counted once, so no one account can make a price.
 */
export const MIN_PRICE_SELLERS = 3;

/** Where a price in the guide comes from: a completed deal with another collector, or an open listing. */
export const PRICE_SOURCES = ['sold', 'asking'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/**
 * The prices of one car (or set), or of one part of them (sold, asking, one condition): the
 * median with the lowest and highest, from `count` distinct sellers, between `from` and `to`.
 */
export const priceBandSchema = z.object({
  median: z.number().nonnegative(),
  low: z.number().nonnegative(),
  high: z.number().nonnegative(),
  /** Distinct sellers, one price each (their latest): never fewer than MIN_PRICE_SELLERS. */
  count: z.number().int().min(MIN_PRICE_SELLERS),
  /** ISO timestamps of the oldest and newest price counted. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
});
export type PriceBand = z.infer<typeof priceBandSchema>;

/**
 * A community price: every trusted price of the item (a seller's latest of any kind), then the
 * same split by where it comes from (`sold`: the price agreed in deals completed with another
 * collector's offer; `asking`: open listings) and, for cars, by the listed copy's condition. A
 * part is present only when MIN_PRICE_SELLERS sellers make it.
 */
export const communityPriceSchema = priceBandSchema.extend({
  sold: priceBandSchema.optional(),
  asking: priceBandSchema.optional(),
  conditions: z.partialRecord(z.enum(CONDITIONS), priceBandSchema),
});
export type CommunityPrice = z.infer<typeof communityPriceSchema>;

export const communityPriceQuerySchema = z.strictObject({
  kind: z.enum(['car', 'set']).default('car'),
  ids: z
    .array(idSchema)
    .min(1, 'must hold at least one id')
    .max(5000, 'must hold at most 5000 ids'),
});

/** POST /api/trade/community-prices: only ids with a price from MIN_PRICE_SELLERS sellers are present. */
export const communityPricesAnswerSchema = z.object({
  prices: z.record(z.string(), communityPriceSchema),
});
export type CommunityPricesAnswer = z.infer<typeof communityPricesAnswerSchema>;

/**
 * The prices of an answer the device may show: each checked against the schema, so an answer
 * kept from before the price guide (counted listings, not sellers) shows no price until read again.
 */
export function trustedPrices(
  prices: Readonly<Record<string, unknown>>,
): Record<string, CommunityPrice> {
  const trusted: Record<string, CommunityPrice> = {};
  for (const [id, value] of Object.entries(prices)) {
    const parsed = communityPriceSchema.safeParse(value);
    if (parsed.success) trusted[id] = parsed.data;
  }
  return trusted;
}

/** How a listing matches my wishlist: the very car or set, or the same casting another year or colour. */
export type MatchKind = 'exact' | 'casting';

export interface MatchView {
  listing: ListingView;
  match: MatchKind;
  /** The wishlist entry it matched. */
  wantedItemId: string;
  /** My max price for that entry, when I set one (the wishlist's optional max price). */
  maxPrice: number | null;
}

/** GET /api/trade/matches. */
export interface MatchesAnswer {
  /** False: my wishlist is private, so nothing is matched (the view says how to change it). */
  wishlistPublic: boolean;
  matches: MatchView[];
}

export const wantedByQuerySchema = z.strictObject({
  kind: z.enum(['car', 'set']).default('car'),
  ids: z.array(idSchema).min(1, 'must hold at least one id').max(500, 'must hold at most 500 ids'),
});

export interface WantedByEntry {
  /** Collectors with a public wishlist holding it (a few), and how many there are, up to 100. */
  collectors: TradeProfile[];
  count: number;
}

/** Wanted by counts collectors up to this many ("and 95+ more"). */
export const WANTED_BY_COUNT_CAP = 100;

/** POST /api/trade/wanted-by: ids nobody wants are absent. */
export interface WantedByAnswer {
  wantedBy: Record<string, WantedByEntry>;
}

/** A listing's asking price against my max price: what the Matches view says. */
export function priceAgainstMax(
  askingPrice: number | null,
  maxPrice: number | null,
): 'within' | 'over' | null {
  if (askingPrice === null || maxPrice === null) return null;
  return askingPrice <= maxPrice ? 'within' : 'over';
}
