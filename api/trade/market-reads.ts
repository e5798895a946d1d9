// The market reads, each one indexed SQL statement (plus the board's listing view for the
// few listings found): the community price (price guide) of cars, the Matches view of a collector's wishlist,
// and Wanted by (collectors whose public wishlist holds a car). Only public wishlists are read.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import { listingViews } from './trade-reads';
import { publicProfiles } from '../profiles/public-profile';
import { CONDITIONS } from '../../src/shared/collection/types';
import {
  MIN_PRICE_SELLERS,
  WANTED_BY_COUNT_CAP,
  WISHLIST_PUBLIC_SETTING,
  type CommunityPrice,
  type MatchKind,
  type PriceBand,
  type MatchView,
  type MatchesAnswer,
  type WantedByEntry,
} from '../../src/shared/community/market-schemas';

const idsJson = (ids: readonly string[]) => JSON.stringify([...new Set(ids)]);
const iso = (value: string | Date) => new Date(value).toISOString();
const WISHLIST = { car: 'wishlistCarIds', set: 'wishlistSetIds' } as const;
/** A wishlist is public when its owner's setting says so (a JSON true in profiles.settings). */
const isPublic = (alias: string) =>
  sql.raw(`(${alias}.settings -> '${WISHLIST_PUBLIC_SETTING}') = 'true'::jsonb`);

/** A row of the price guide: one part (band) of one item's prices. */
interface BandRow {
  item_id: string;
  band: number;
  median: string | number;
  low: string | number;
  high: string | number;
  count: number;
  first: string | Date;
  last: string | Date;
}

const band = (row: BandRow): PriceBand => ({
  median: Math.round(Number(row.median) * 100) / 100,
  low: Number(row.low),
  high: Number(row.high),
  count: row.count,
  from: iso(row.first),
  to: iso(row.last),
});

/** The bands of an item's prices, by number: all, sold, asking, then each of CONDITIONS in order. */
const BAND = { all: 0, sold: 1, asking: 2, firstCondition: 3 } as const;
const conditionsArray = sql.raw(`ARRAY[${CONDITIONS.map((c) => `'${c}'`).join(', ')}]::text[]`);

/**
 * The price guide of each item (docs/api.md, "Price guide"): only prices another collector stood
 * behind — deals completed with another collector's accepted offer, at the price agreed, and open
 * listings, at their asking price — and one per seller (their latest), so one account, however
 * many listings it makes or completes on its own, counts once. Each item's prices are read in
 * every band (all, sold or asking, the copy's condition); a band from fewer than
 * MIN_PRICE_SELLERS sellers is left out, and an item without the `all` band is absent. One
 * statement on the price-guide index (0017), and the seller's copy by its key for the condition
 * of an open listing (a completed one recorded it).
 */
export async function communityPrices(
  db: Queryable,
  kind: 'car' | 'set',
  ids: readonly string[],
): Promise<Record<string, CommunityPrice>> {
  const rows = await queryRows<BandRow>(
    db,
    sql`WITH priced AS (
          SELECT l.item_id, l.user_id, l.id, l.updated_at AS at,
                 CASE WHEN l.status = 'open' THEN ${BAND.asking}::int ELSE ${BAND.sold}::int END AS source,
                 CASE WHEN l.status = 'open' THEN l.asking_price ELSE l.agreed_price END AS price,
                 CASE WHEN l.status = 'open' THEN ci.condition ELSE l.copy_condition END AS condition
            FROM (SELECT DISTINCT jsonb_array_elements_text(${idsJson(ids)}::jsonb) AS id) item
            -- Each item's priced listings from the index on its own (OFFSET 0 keeps the subquery
            -- whole): a join over the list may read every priced listing of every car instead.
            CROSS JOIN LATERAL (
              SELECT * FROM listings l
               WHERE l.kind = ${kind} AND l.item_id = item.id
                 AND ((l.status = 'open' AND l.asking_price IS NOT NULL)
                   OR (l.status IN ('sold', 'traded') AND l.agreed_price IS NOT NULL))
              OFFSET 0) l
            LEFT JOIN car_instances ci
              ON l.status = 'open' AND l.kind = 'car'
             AND ci.user_id = l.user_id AND ci.instance_id = l.instance_id
        ),
        -- Each price once in each of its bands, numbered (BAND) so the sort compares integers;
        -- the ids sort bytewise, as no order of them is shown.
        latest AS (
          SELECT DISTINCT ON (p.item_id COLLATE "C", b.band, p.user_id COLLATE "C")
                 p.item_id COLLATE "C" AS item_id, b.band, p.price, p.at
            FROM priced p
            CROSS JOIN LATERAL (
              VALUES (${BAND.all}::int), (p.source),
                     (${BAND.firstCondition}::int - 1 + array_position(${conditionsArray}, p.condition))
            ) b(band)
           WHERE b.band IS NOT NULL
           ORDER BY p.item_id COLLATE "C", b.band, p.user_id COLLATE "C", p.at DESC,
                    p.id COLLATE "C" DESC
        )
        SELECT item_id, band,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median,
               min(price) AS low, max(price) AS high, count(*)::int AS count,
               min(at) AS first, max(at) AS last
          FROM latest
         GROUP BY item_id, band
        HAVING count(*) >= ${MIN_PRICE_SELLERS}`,
  );
  const bands = new Map<string, Map<number, PriceBand>>();
  for (const row of rows) {
    const item = bands.get(row.item_id) ?? new Map<number, PriceBand>();
    item.set(row.band, band(row));
    bands.set(row.item_id, item);
  }
  const prices: Record<string, CommunityPrice> = {};
  for (const [itemId, item] of bands) {
    const all = item.get(BAND.all);
    if (!all) continue;
    const conditions: CommunityPrice['conditions'] = {};
    for (const [index, condition] of CONDITIONS.entries()) {
      const found = item.get(BAND.firstCondition + index);
      if (found) conditions[condition] = found;
    }
    const sold = item.get(BAND.sold);
    const asking = item.get(BAND.asking);
    prices[itemId] = {
      ...all,
      ...(sold ? { sold } : {}),
      ...(asking ? { asking } : {}),
      conditions,
    };
  }
  return prices;
}

/** The Matches view holds at most this many listings. */
export const MATCHES_LIMIT = 50;

export interface MatchRow {
  id: string;
  match: MatchKind;
  wanted_item_id: string;
  max_price: string | number | null;
}

/**
 * Open listings of others whose car or set is on `userId`'s public wishlist (exact), then those
 * of the same casting (same brand and name) in another year or colour; newest first in each.
 * Starts from the wishlist (a primary-key range), then reads at most MATCHES_LIMIT of each
 * item's newest open listings from its index: a popular car with thousands of listings costs
 * no more than one with fifty, and the answer is the same (it holds at most that many).
 */
export async function matchRows(db: Queryable, userId: string): Promise<MatchRow[]> {
  return queryRows<MatchRow>(
    db,
    sql`WITH wished AS (
          SELECT CASE li.list WHEN ${WISHLIST.car} THEN 'car' ELSE 'set' END AS kind,
                 li.item_id,
                 li.max_price
            FROM list_items li
           WHERE li.user_id = ${userId} AND li.list IN (${WISHLIST.car}, ${WISHLIST.set})
        ),
        exact AS (
          SELECT l.id, 'exact' AS match, w.item_id AS wanted_item_id, w.max_price, l.created_at
            FROM wished w
            CROSS JOIN LATERAL (
              SELECT id, created_at FROM listings
               WHERE kind = w.kind AND item_id = w.item_id AND status = 'open'
                 AND user_id <> ${userId}
               ORDER BY created_at DESC LIMIT ${MATCHES_LIMIT}) l
        ),
        casting AS (
          SELECT l.id, 'casting' AS match, w.item_id AS wanted_item_id, w.max_price, l.created_at
            FROM wished w
            JOIN catalog_cars wc ON w.kind = 'car' AND wc.id = w.item_id
            JOIN catalog_cars oc ON oc.brand = wc.brand AND oc.name = wc.name AND oc.id <> wc.id
            CROSS JOIN LATERAL (
              SELECT id, created_at FROM listings
               WHERE kind = 'car' AND item_id = oc.id AND status = 'open'
                 AND user_id <> ${userId}
               ORDER BY created_at DESC LIMIT ${MATCHES_LIMIT}) l
           WHERE NOT EXISTS (SELECT 1 FROM wished x WHERE x.kind = 'car' AND x.item_id = oc.id)
        ),
        ranked AS (
          SELECT DISTINCT ON (id) id, match, wanted_item_id, max_price, created_at
            FROM (SELECT * FROM exact UNION ALL SELECT * FROM casting) m
           ORDER BY id, (match = 'casting'), created_at DESC
        )
        SELECT id, match, wanted_item_id, max_price FROM ranked
         WHERE EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = ${userId} AND ${isPublic('p')})
         ORDER BY (match = 'casting'), created_at DESC, id DESC
         LIMIT ${MATCHES_LIMIT}`,
  );
}

export async function wishlistIsPublic(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ public: boolean }>(
    db,
    sql`SELECT ${isPublic('p')} AS public FROM profiles p WHERE p.user_id = ${userId}`,
  );
  return row?.public ?? false;
}

export async function findMatches(db: Queryable, userId: string): Promise<MatchesAnswer> {
  const [isPublicWishlist, rows] = await Promise.all([
    wishlistIsPublic(db, userId),
    matchRows(db, userId),
  ]);
  if (rows.length === 0) return { wishlistPublic: isPublicWishlist, matches: [] };
  const views = await listingViews(
    db,
    sql`l.id IN (SELECT jsonb_array_elements_text(${idsJson(rows.map((row) => row.id))}::jsonb))`,
    MATCHES_LIMIT,
  );
  const byId = new Map(views.map((view) => [view.id, view]));
  const matches: MatchView[] = rows.flatMap((row) => {
    const listing = byId.get(row.id);
    return listing
      ? [
          {
            listing,
            match: row.match,
            wantedItemId: row.wanted_item_id,
            maxPrice: row.max_price === null ? null : Number(row.max_price),
          },
        ]
      : [];
  });
  return { wishlistPublic: isPublicWishlist, matches };
}

/** Collectors named per item in Wanted by; the count says how many there are in all. */
export const WANTED_BY_SHOWN = 5;

/**
 * Collectors other than `viewerId` whose public wishlist holds each item: a few named, and a
 * count up to WANTED_BY_COUNT_CAP. Per item, both stop early on the wishlist-by-item index, so a
 * car on thousands of wishlists costs about what one on a hundred does.
 */
export async function wantedBy(
  db: Queryable,
  kind: 'car' | 'set',
  ids: readonly string[],
  viewerId: string,
): Promise<Record<string, WantedByEntry>> {
  const wanting = sql`FROM list_items li JOIN profiles p ON p.user_id = li.user_id
         WHERE li.list = ${WISHLIST[kind]} AND li.item_id = item.id
           AND li.user_id <> ${viewerId}
           AND p.username IS NOT NULL AND ${isPublic('p')}`;
  const rows = await queryRows<{ item_id: string; user_ids: string[]; count: number }>(
    db,
    sql`SELECT item.id AS item_id, named.user_ids, counted.count
          FROM (SELECT DISTINCT jsonb_array_elements_text(${idsJson(ids)}::jsonb) AS id) item
          CROSS JOIN LATERAL (
            SELECT count(*)::int AS count
              FROM (SELECT 1 ${wanting} LIMIT ${WANTED_BY_COUNT_CAP}) found) counted
          CROSS JOIN LATERAL (
            SELECT coalesce(array_agg(user_id), '{}') AS user_ids
              FROM (SELECT li.user_id ${wanting} LIMIT ${WANTED_BY_SHOWN}) few) named
         WHERE counted.count > 0`,
  );
  const profiles = await publicProfiles(
    db,
    rows.flatMap((row) => row.user_ids),
  );
  const answer: Record<string, WantedByEntry> = {};
  for (const row of rows) {
    answer[row.item_id] = {
      count: row.count,
      collectors: row.user_ids.flatMap((id) => {
        const profile = profiles.get(id);
        return profile ? [profile] : [];
      }),
    };
  }
  return answer;
}
