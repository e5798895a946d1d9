// The push_subscriptions table: one row per device (endpoint) a user registered.
import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pushSubscriptions } from '../db/schema';
import { MAX_PUSH_DEVICES } from '../../src/shared/push-devices';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Devices per collector: a new one beyond this drops the one registered longest ago. */
export const MAX_SUBSCRIPTIONS_PER_USER = MAX_PUSH_DEVICES;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Registers (or refreshes) a device for a user; 'taken' when another account holds the endpoint.
 * An endpoint moves to another account only with proof that the request comes from the browser
 * holding the subscription: the same keys, whose auth secret only that browser and this server
 * know (one browser profile, two accounts, the first never signed out here). A request with only
 * the endpoint, which can leak in logs or a screenshot, could otherwise silence another
 * collector's alerts. The sign-out path unregisters and unsubscribes (stopPushBeforeSignOut), so
 * the next account of that browser gets a new endpoint anyway. A refresh counts as a new
 * registration; beyond MAX_PUSH_DEVICES the oldest are dropped, so one alert never fans out to
 * more than that many requests.
 */
export async function saveSubscription(
  db: Database,
  row: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<'saved' | 'taken'> {
  return db.transaction(async (tx) => {
    const others = await tx
      .select({ p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.endpoint, row.endpoint), ne(pushSubscriptions.userId, row.userId)),
      )
      .for('update');
    const proven = others.every(
      (other) => sameSecret(other.auth, row.auth) && sameSecret(other.p256dh, row.p256dh),
    );
    if (!proven) return 'taken';
    if (others.length > 0) {
      await tx
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, row.endpoint),
            ne(pushSubscriptions.userId, row.userId),
          ),
        );
    }
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
      .limit(MAX_PUSH_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, row.userId), notInArray(pushSubscriptions.endpoint, kept)),
      );
    return 'saved';
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
