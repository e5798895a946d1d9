// The daily cap on alerts: every push about what someone else did (a follow, a comment, an offer,
// its answer, a deal, a match or a digest) is counted against its recipient's day before it is sent.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import type { CommandContext } from '../community/command';
import type { PushMessage } from './notifier';

/**
 * Alerts one collector may get in a UTC day, of all kinds together. Server-only: no device asks
 * for an alert, so none can refuse one early. Past it an alert is dropped (and counted in
 * `alert_counts`), never queued: by tomorrow it would be stale.
 */
export const ALERTS_PER_DAY = 50;

export interface Alert {
  userId: string;
  message: PushMessage;
}

/**
 * Counts each alert against its recipient's day (locked in user order, as every writer here) and
 * answers the ones still within the cap. Inside the transaction that caused them, so an alert is
 * counted exactly when its cause is committed, and the send can follow the commit at once.
 */
export async function admitAlerts(db: Queryable, alerts: Alert[], now: string): Promise<Alert[]> {
  if (alerts.length === 0) return [];
  const day = now.slice(0, 10);
  const wanted = new Map<string, number>();
  for (const alert of alerts) wanted.set(alert.userId, (wanted.get(alert.userId) ?? 0) + 1);
  const ids = [...wanted.keys()];
  // `alerts` counts every alert asked for today, sent or dropped (dropped = alerts - the cap). A
  // clock behind another process's never starts the day over. Rows are locked in user order.
  const rows = await queryRows<{ user_id: string; alerts: number }>(
    db,
    sql`INSERT INTO alert_counts AS c (user_id, day, alerts)
        SELECT key, ${day}::date, value::int
          FROM jsonb_each_text(${JSON.stringify(Object.fromEntries(wanted))}::jsonb)
         ORDER BY key
        ON CONFLICT (user_id) DO UPDATE SET
          alerts = CASE WHEN c.day < EXCLUDED.day THEN EXCLUDED.alerts
                        ELSE c.alerts + EXCLUDED.alerts END,
          day = GREATEST(c.day, EXCLUDED.day)
        RETURNING c.user_id, c.alerts`,
  );
  const total = new Map(rows.map((row) => [row.user_id, row.alerts]));
  // Of one recipient's alerts in this call, the first ones fit under the cap.
  const before = new Map(ids.map((id) => [id, (total.get(id) ?? 0) - (wanted.get(id) ?? 0)]));
  const admitted: Alert[] = [];
  for (const alert of alerts) {
    const count = (before.get(alert.userId) ?? 0) + 1;
    before.set(alert.userId, count);
    if (count <= ALERTS_PER_DAY) admitted.push(alert);
    else if (count === ALERTS_PER_DAY + 1) {
      console.warn(
        `[push] ${alert.userId} had ${ALERTS_PER_DAY} alerts today: the rest are dropped`,
      );
    }
  }
  return admitted;
}

/** Counts the alerts inside the command's transaction and sends those admitted once it commits. */
export async function alertAfterCommit(
  tx: Queryable,
  context: CommandContext,
  alerts: Alert[],
): Promise<void> {
  const notifier = context.deps.notifier;
  if (!notifier || alerts.length === 0) return;
  const admitted = await admitAlerts(tx, alerts, context.now);
  if (admitted.length === 0) return;
  context.afterCommit(async () => {
    await Promise.all(admitted.map((alert) => notifier.send(alert.userId, alert.message)));
  });
}
