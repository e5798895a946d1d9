// How much one collector may keep (settings, wishlist, favourites, trade/sale stock, follows) and
// the words a refusal past each cap says: the device refuses with them before queueing, the
// server with the same ones. docs/api.md "Limits and caps" lists them.
import type { Collection } from './collection/types';
import { formatCountEnUs } from './text/locale-text';

/**
 * Settings are a capped map rather than a fixed list of keys: the app keeps a handful
 * (currency, default condition and grade, wishlistPublic, one hideCelebration.<type> per
 * celebration), and a fixed list would make an older server refuse a newer app's setting.
 */
export const MAX_SETTINGS_KEYS = 32;
/** The whole settings object as JSON text, in characters (a value alone: SETTING_VALUE_MAX). */
export const MAX_SETTINGS_CHARS = 16_384;

/**
 * Wishlist entries, cars and sets together. A collector hunting hard wants a few hundred; this
 * is a sixth of the catalogue's 11,948 cars, and a match search stays a bounded read.
 */
export const MAX_WISHLIST_ENTRIES = 2_000;
/** Favourite cars and sets together, as generous as the wishlist. */
export const MAX_FAVORITE_ENTRIES = 2_000;
/**
 * Cars and sets marked for trade or sale (each entry carries its own counts, so one entry may
 * stand for many copies): a dealer-sized collection of 10,000+ copies lists fewer models.
 */
export const MAX_TRADE_STOCK_ENTRIES = 5_000;
/** Collectors one may follow: a whole club and every seller one buys from, many times over. */
export const MAX_FOLLOWS = 1_000;

const count = formatCountEnUs;

export const settingsKeysRefusal = (key: string) =>
  `Too many settings: at most ${MAX_SETTINGS_KEYS}, so '${key}' cannot be added`;
export const settingsSizeRefusal = (key: string) =>
  `Settings too large: at most ${count(MAX_SETTINGS_CHARS)} characters in all, so '${key}' cannot be stored`;

/**
 * The refusal for a settings change, or null: past a cap only when the change adds a key or
 * grows the whole, so settings kept from before the caps can still shrink.
 */
export function settingsRefusal(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  key: string,
): string | null {
  const keys = Object.keys(after).length;
  if (keys > MAX_SETTINGS_KEYS && keys > Object.keys(before).length) {
    return settingsKeysRefusal(key);
  }
  const size = JSON.stringify(after).length;
  if (size > MAX_SETTINGS_CHARS && size > JSON.stringify(before).length) {
    return settingsSizeRefusal(key);
  }
  return null;
}

/** The capped lists of a collection. */
export const CAPPED_LISTS = ['wishlist', 'favorites', 'tradeStock'] as const;
export type CappedList = (typeof CAPPED_LISTS)[number];
export type ListSizes = Record<CappedList, number>;

export const LIST_CAPS: ListSizes = {
  wishlist: MAX_WISHLIST_ENTRIES,
  favorites: MAX_FAVORITE_ENTRIES,
  tradeStock: MAX_TRADE_STOCK_ENTRIES,
};

export const LIST_CAP_REFUSALS: Record<CappedList, string> = {
  wishlist: `Your wishlist is full: at most ${count(MAX_WISHLIST_ENTRIES)} cars and sets. Take some off to add more`,
  favorites: `Your favourites are full: at most ${count(MAX_FAVORITE_ENTRIES)} cars and sets. Take some off to add more`,
  tradeStock: `At most ${count(MAX_TRADE_STOCK_ENTRIES)} cars and sets can be marked for trade or sale. Unmark some to mark more`,
};

export const followsRefusal = `You follow ${count(MAX_FOLLOWS)} collectors, the most you can. Unfollow someone to follow more`;

/** The entries of each capped list the collection (or the part of it read) holds. */
export function listSizesOf(collection: Collection): ListSizes {
  return {
    wishlist: collection.wishlistCarIds.length + collection.wishlistSetIds.length,
    favorites: collection.favoriteCarIds.length + collection.favoriteSetIds.length,
    tradeStock: collection.tradeSellCars.length + collection.tradeSellSets.length,
  };
}

/**
 * The list a change grows past its cap, or null. `outside` counts the entries the rules did not
 * see (a change reads only the rows it touches); absent, the collection is whole.
 */
export function listOverCap(
  before: Collection,
  after: Collection,
  outside?: ListSizes,
): CappedList | null {
  const was = listSizesOf(before);
  const now = listSizesOf(after);
  for (const list of CAPPED_LISTS) {
    if (now[list] > was[list] && now[list] + (outside?.[list] ?? 0) > LIST_CAPS[list]) return list;
  }
  return null;
}

/** What a count of entries has to reach to tell a full list: past every cap. */
export const LIST_COUNT_LIMIT = Math.max(...Object.values(LIST_CAPS)) + 1;
