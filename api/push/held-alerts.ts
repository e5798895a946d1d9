// Hourly digests: of the alerts of one kind (wishlist matches, comments on my posts, offers on my
// listings) a collector gets at most one an hour. The first goes at once; inside the hour the rest
// are counted in `held_alerts`, and the count goes out as one digest when the hour is up (with
// the next alert of that kind, or by the sweep below). Every send passes the daily cap.
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../db/database';
import type { Notifier, PushMessage } from './notifier';
import { admitAlerts, type Alert } from './alerts';
import { forgetOldFollowAlerts } from './follow-alerts';

export type HeldAlertKind = 'match' | 'comment' | 'offer';

export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
/** How often a server looks for digests whose hour is up. */
export const DIGEST_SWEEP_MS = 5 * 60 * 1000;
export const MATCHES_URL = '/trade?tab=matches';
/** My listings, with their offers: where a digest of offers on several listings opens. */
export const MY_LISTINGS_URL = '/trade?tab=mine';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * What a digest of `count` alerts says. `sharedUrl`: where every alert in it pointed (one post,
 * one listing), or null when they pointed to different places.
 */
export function digestMessage(
  kind: HeldAlertKind,
  userId: string,
  count: number,
  sharedUrl: string | null,
): PushMessage {
  if (kind === 'match') {
    return {
      title: 'Matches for your wishlist',
      body: `${count} new ${plural(count, 'listing matches', 'listings match')} your wishlist`,
      url: MATCHES_URL,
    };
  }
  if (kind === 'comment') {
    return {
      title: plural(count, 'New comment', 'New comments'),
      body: `${count} new ${plural(count, 'comment', 'comments')} on your ${sharedUrl ? 'post' : 'posts'}`,
      url: sharedUrl ?? `/profile/${encodeURIComponent(userId)}`,
    };
  }
  return {
    title: plural(count, 'New offer', 'New offers'),
    body: `${count} new ${plural(count, 'offer', 'offers')} on your ${sharedUrl ? 'listing' : 'listings'}`,
    url: sharedUrl ?? MY_LISTINGS_URL,
  };
}

/**
 * Within the transaction that caused them: one alert of `kind` for each of `userIds`. Answers the
 * alerts to send now: `single` to a recipient whose hour is up with nothing held, a digest to one
 * whose hour is up with alerts held; the others are held (counted, with where they point).
 */
export async function holdAlerts(
  tx: Queryable,
  kind: HeldAlertKind,
  userIds: string[],
  single: PushMessage,
  now: string,
): Promise<Alert[]> {
  if (userIds.length === 0) return [];
  const ids = JSON.stringify([...new Set(userIds)]);
  const url = single.url ?? '/';
  const cutoff = new Date(new Date(now).getTime() - DIGEST_INTERVAL_MS).toISOString();
  // Locked first (in user order, like every writer here), so what is held is read as it is now,
  // then counted or released by the upsert below.
  const held = await queryRows<{ user_id: string; pending: number; url: string | null }>(
    tx,
    sql`SELECT user_id, pending, url FROM held_alerts
         WHERE kind = ${kind} AND user_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb))
         ORDER BY user_id FOR UPDATE`,
  );
  const heldOf = new Map(held.map((row) => [row.user_id, row]));
  // pending = 0 after the upsert means this alert goes now (a new row, or the hour was up); a
  // held alert leaves pending ≥ 1. `url` stays only while every held alert points to it.
  const rows = await queryRows<{ user_id: string; released: boolean }>(
    tx,
    sql`INSERT INTO held_alerts AS a (user_id, kind, last_sent_at, pending, url)
        SELECT id, ${kind}, ${now}::timestamptz, 0, NULL
          FROM jsonb_array_elements_text(${ids}::jsonb) AS id ORDER BY id
        ON CONFLICT (user_id, kind) DO UPDATE SET
          last_sent_at = CASE WHEN a.last_sent_at <= ${cutoff}::timestamptz
                              THEN ${now}::timestamptz ELSE a.last_sent_at END,
          pending = CASE WHEN a.last_sent_at <= ${cutoff}::timestamptz THEN 0 ELSE a.pending + 1 END,
          url = CASE WHEN a.last_sent_at <= ${cutoff}::timestamptz THEN NULL
                     WHEN a.pending = 0 THEN ${url}
                     WHEN a.url = ${url} THEN a.url
                     ELSE NULL END
        RETURNING a.user_id, a.pending = 0 AS released`,
  );
  return rows
    .filter((row) => row.released)
    .map((row) => {
      const before = heldOf.get(row.user_id);
      if (!before || before.pending === 0) return { userId: row.user_id, message: single };
      const sharedUrl = before.url === url ? url : null;
      return {
        userId: row.user_id,
        message: digestMessage(kind, row.user_id, before.pending + 1, sharedUrl),
      };
    });
}

/** Sends the digests whose hour is up (alerts held inside it); answers how many went. */
export async function sendDueDigests(
  db: Database,
  notifier: Notifier,
  now: Date,
  batch = 500,
): Promise<number> {
  const cutoff = new Date(now.getTime() - DIGEST_INTERVAL_MS).toISOString();
  const due = await queryRows<{
    user_id: string;
    kind: HeldAlertKind;
    pending: number;
    url: string | null;
  }>(
    db,
    sql`WITH due AS (
          SELECT user_id, kind, pending, url FROM held_alerts
           WHERE pending > 0 AND last_sent_at <= ${cutoff}::timestamptz
           ORDER BY last_sent_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
        )
        UPDATE held_alerts a
           SET last_sent_at = ${now.toISOString()}::timestamptz, pending = 0, url = NULL
          FROM due WHERE a.user_id = due.user_id AND a.kind = due.kind
        RETURNING a.user_id, a.kind, due.pending, due.url`,
  );
  const admitted = await admitAlerts(
    db,
    due.map((row) => ({
      userId: row.user_id,
      message: digestMessage(row.kind, row.user_id, row.pending, row.url),
    })),
    now.toISOString(),
  );
  await Promise.all(admitted.map((alert) => notifier.send(alert.userId, alert.message)));
  return admitted.length;
}

/** Every DIGEST_SWEEP_MS: the digests that are due, and follower marks too old to matter. */
export function startAlertSweeps(
  db: Database,
  notifier: Notifier | undefined,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  if (!notifier) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const now = new Date();
    running = Promise.all([
      sendDueDigests(db, notifier, now),
      forgetOldFollowAlerts(db, now),
    ]).catch((error: unknown) => {
      log(`[alerts] sweep failed: ${String(error)}`);
    });
  }, DIGEST_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
