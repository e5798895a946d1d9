// Match alerts: a new listing whose car or set is on a collector's public wishlist
// tells them by Web Push, at most once an hour: inside the hour the match is counted, and the
// count goes out as one digest when the hour is up (the next match, or the sweep below). Never
// for the seller's own listing. A tap opens the Matches view.
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../db/database';
import type { Notifier, PushMessage } from '../push/notifier';
import { WISHLIST_PUBLIC_SETTING } from '../../src/shared/community/market-schemas';

export const MATCH_DIGEST_INTERVAL_MS = 60 * 60 * 1000;
/** How often a server looks for digests whose hour is up. */
export const MATCH_DIGEST_SWEEP_MS = 5 * 60 * 1000;
export const MATCHES_URL = '/trade?tab=matches';

export function matchMessage(count: number, itemName: string | null): PushMessage {
  return count === 1 && itemName
    ? {
        title: 'A match for your wishlist',
        body: `${itemName} is on the trade board`,
        url: MATCHES_URL,
      }
    : {
        title: 'Matches for your wishlist',
        body: `${count} new listings match your wishlist`,
        url: MATCHES_URL,
      };
}

/**
 * Within the listing's transaction: counts the match for every collector (not the seller) whose
 * public wishlist holds the item, and answers who is to be told now (their hour is up) with how
 * many matches the digest carries.
 */
export async function recordMatchAlerts(
  tx: Queryable,
  listing: { sellerId: string; kind: 'car' | 'set'; itemId: string },
  now: string,
): Promise<{ userId: string; count: number }[]> {
  const list = listing.kind === 'car' ? 'wishlistCarIds' : 'wishlistSetIds';
  const cutoff = new Date(new Date(now).getTime() - MATCH_DIGEST_INTERVAL_MS).toISOString();
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
  if (wanting.length === 0) return [];
  const ids = JSON.stringify(wanting.map((row) => row.user_id));
  // Locked first (in user order, like every writer here), so the matches held back are read as
  // they are now, then counted or reset by the upsert below.
  const held = await queryRows<{ user_id: string; pending: number }>(
    tx,
    sql`SELECT user_id, pending FROM match_alerts
         WHERE user_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb))
         ORDER BY user_id FOR UPDATE`,
  );
  const pendingOf = new Map(held.map((row) => [row.user_id, row.pending]));
  const sent = await queryRows<{ user_id: string; sent: boolean }>(
    tx,
    sql`INSERT INTO match_alerts AS a (user_id, last_sent_at, pending)
        SELECT jsonb_array_elements_text(${ids}::jsonb), ${now}::timestamptz, 0
        ON CONFLICT (user_id) DO UPDATE SET
          last_sent_at = CASE WHEN a.last_sent_at <= ${cutoff}::timestamptz
                              THEN ${now}::timestamptz ELSE a.last_sent_at END,
          pending = CASE WHEN a.last_sent_at <= ${cutoff}::timestamptz THEN 0 ELSE a.pending + 1 END
        RETURNING a.user_id, a.last_sent_at = ${now}::timestamptz AS sent`,
  );
  return sent
    .filter((row) => row.sent)
    .map((row) => ({ userId: row.user_id, count: (pendingOf.get(row.user_id) ?? 0) + 1 }));
}

/** Sends the digests whose hour is up (matches held back inside it); answers how many went. */
export async function sendDueDigests(
  db: Database,
  notifier: Notifier,
  now: Date,
  batch = 500,
): Promise<number> {
  const cutoff = new Date(now.getTime() - MATCH_DIGEST_INTERVAL_MS).toISOString();
  const due = await queryRows<{ user_id: string; pending: number }>(
    db,
    sql`WITH due AS (
          SELECT user_id, pending FROM match_alerts
           WHERE pending > 0 AND last_sent_at <= ${cutoff}::timestamptz
           ORDER BY last_sent_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
        )
        UPDATE match_alerts a SET last_sent_at = ${now.toISOString()}::timestamptz, pending = 0
          FROM due WHERE a.user_id = due.user_id
        RETURNING a.user_id, due.pending`,
  );
  await Promise.all(due.map((row) => notifier.send(row.user_id, matchMessage(row.pending, null))));
  return due.length;
}

export function startMatchDigests(
  db: Database,
  notifier: Notifier | undefined,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  if (!notifier) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sendDueDigests(db, notifier, new Date()).catch((error: unknown) => {
      log(`[match-alerts] digest sweep failed: ${String(error)}`);
    });
  }, MATCH_DIGEST_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
