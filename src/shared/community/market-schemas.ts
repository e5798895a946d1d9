// What the device and the server agree on for the market reads (docs/api.md): the community
// price of a car, the Matches view, Wanted by, and the setting that makes a wishlist public.
import { z } from 'zod';
import { idSchema } from '../collection/mutation-schemas';
import type { ListingView, TradeProfile } from './trade-schemas';

/** profiles.settings key (users/update-settings): true makes the wishlist public. Off by default. */
export const WISHLIST_PUBLIC_SETTING = 'wishlistPublic';

/** The one sentence that explains the setting wherever it is offered. */
export const WISHLIST_PUBLIC_EXPLAINED =
  'A public wishlist lets sellers see you want a car they list, and gets you Matches and alerts when one comes up; while it is private, nobody sees it and nothing is matched.';

export function isWishlistPublic(settings: Record<string, unknown> | undefined): boolean {
  return settings?.[WISHLIST_PUBLIC_SETTING] === true;
}

/** A community price is never shown from fewer asking prices than this. */
export const MIN_COMMUNITY_PRICES = 3;

export interface CommunityPrice {
  median: number;
  low: number;
  high: number;
  count: number;
  /** ISO timestamps of the first and last listing counted. */
  from: string;
  to: string;
}

export const communityPriceQuerySchema = z.strictObject({
  kind: z.enum(['car', 'set']).default('car'),
  ids: z
    .array(idSchema)
    .min(1, 'must hold at least one id')
    .max(5000, 'must hold at most 5000 ids'),
});

/** POST /api/trade/community-prices: only ids with at least MIN_COMMUNITY_PRICES are present. */
export interface CommunityPricesAnswer {
  prices: Record<string, CommunityPrice>;
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
