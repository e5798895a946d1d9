// "New follower" at most once a day per follower and followee: `follow_alerts` remembers when a
// pair last sent one, so unfollowing and following again in a loop tells the followee once.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';

export const FOLLOW_ALERT_INTERVAL_MS = 24 * 60 * 60 * 1000;

const dayBefore = (now: Date) => new Date(now.getTime() - FOLLOW_ALERT_INTERVAL_MS).toISOString();

/**
 * Within the follow's transaction: true (and the pair marked) when no follower alert for this pair
 * went in the last day, so this one may go; false when one did.
 */
export async function claimFollowAlert(
  tx: Queryable,
  followeeId: string,
  followerId: string,
  now: string,
): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`INSERT INTO follow_alerts AS f (user_id, follower_id, sent_at)
        VALUES (${followeeId}, ${followerId}, ${now}::timestamptz)
        ON CONFLICT (user_id, follower_id) DO UPDATE SET sent_at = EXCLUDED.sent_at
          WHERE f.sent_at <= ${dayBefore(new Date(now))}::timestamptz
        RETURNING f.user_id`,
  );
  return rows.length > 0;
}

/** A mark older than a day decides nothing: the sweep deletes them, a batch at a time. */
export async function forgetOldFollowAlerts(
  db: Queryable,
  now: Date,
  batch = 5_000,
): Promise<number> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`DELETE FROM follow_alerts
         WHERE (user_id, follower_id) IN (
           SELECT user_id, follower_id FROM follow_alerts
            WHERE sent_at <= ${dayBefore(now)}::timestamptz
            ORDER BY sent_at LIMIT ${batch})
        RETURNING user_id`,
  );
  return rows.length;
}
