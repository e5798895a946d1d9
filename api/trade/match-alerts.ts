// Match alerts: a new listing whose car or set is on a collector's public wishlist tells them by
// Web Push, at most once an hour (the rest of the hour goes out as one digest: held-alerts.ts).
// Never for the seller's own listing. A tap opens the Matches view.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import type { PushMessage } from '../push/notifier';
import type { Alert } from '../push/alerts';
import { digestMessage, holdAlerts, MATCHES_URL } from '../push/held-alerts';
import { WISHLIST_PUBLIC_SETTING } from '../../src/shared/community/market-schemas';

export { MATCHES_URL };

/** The alert for one match; without the item's name, the digest's words for one. */
export function matchMessage(itemName: string | null): PushMessage {
  return itemName
    ? {
        title: 'A match for your wishlist',
        body: `${itemName} is on the trade board`,
        url: MATCHES_URL,
      }
    : digestMessage('match', '', 1, MATCHES_URL);
}

/**
 * Within the listing's transaction: counts the match for every collector (not the seller) whose
 * public wishlist holds the item, and answers the alerts to send now (whose hour is up).
 */
export async function recordMatchAlerts(
  tx: Queryable,
  listing: { sellerId: string; kind: 'car' | 'set'; itemId: string; itemName: string | null },
  now: string,
): Promise<Alert[]> {
  const list = listing.kind === 'car' ? 'wishlistCarIds' : 'wishlistSetIds';
  // Two single-table statements, not a join: on a database distributed by user_id each is a
  // plain query of its own table (test/api/citus-readiness.test.ts).
  const wishers = await queryRows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM list_items
         WHERE list = ${list} AND item_id = ${listing.itemId} AND user_id <> ${listing.sellerId}`,
  );
  if (wishers.length === 0) return [];
  const wanting = await queryRows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM profiles
         WHERE user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(wishers.map((row) => row.user_id))}::jsonb))
           AND (settings -> ${WISHLIST_PUBLIC_SETTING}) = 'true'::jsonb
         ORDER BY user_id`,
  );
  return holdAlerts(
    tx,
    'match',
    wanting.map((row) => row.user_id),
    matchMessage(listing.itemName),
    now,
  );
}
