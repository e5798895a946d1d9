// The push_subscriptions table: one row per device (endpoint) a user registered.
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pushSubscriptions } from '../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Devices per collector: a new one beyond this drops the one registered longest ago. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Registers (or refreshes) a device for a user. An endpoint belongs to one browser, so if
 * another account registered it before (a shared device), that registration is dropped: the
 * alerts of someone who signed out must not reach the next person. A refresh counts as a new
 * registration; beyond MAX_SUBSCRIPTIONS_PER_USER the oldest are dropped, so one alert never
 * fans out to more than that many requests.
 */
export async function saveSubscription(
  db: Database,
  row: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.endpoint, row.endpoint), ne(pushSubscriptions.userId, row.userId)),
      );
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
        set: { p256dh: row.p256dh, auth: row.auth, createdAt: sql`clock_timestamp()` },
      });
    const kept = tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
      .limit(MAX_SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, row.userId), notInArray(pushSubscriptions.endpoint, kept)),
      );
  });
}

export async function deleteSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return removed.length;
}

export async function subscriptionsOf(
  db: Database,
  userId: string,
): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
