// Checkout sessions and the profile's subscription status (profiles.subscription_status:
// 'none' until a checkout completes, then 'active', 'canceled' when the provider says so).
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { checkoutSessions, profiles } from '../db/schema';

export type SubscriptionStatus = 'none' | 'active' | 'canceled';
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

export async function recordCheckout(
  db: Database,
  row: { userId: string; sessionId: string; provider: 'stripe' | 'development' },
): Promise<void> {
  await db.insert(checkoutSessions).values({ ...row, status: 'open' });
}

export async function findCheckout(
  db: Database,
  sessionId: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.sessionId, sessionId));
  return row;
}

export async function subscriptionStatusOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ status: profiles.subscriptionStatus })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.status ?? 'none';
}

async function setStatus(db: Pick<Database, 'update'>, userId: string, status: SubscriptionStatus) {
  // Not part of the collection's state: no state_version bump, a plain column write.
  await db
    .update(profiles)
    .set({ subscriptionStatus: status, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/**
 * Marks a paid session complete and its user active, in one transaction. `userId` comes from
 * our own session row when we have it (the provider's copy is the fallback). Answers the user
 * made active, or null when there is no one to make active. Running it twice changes nothing.
 */
export async function completeCheckout(
  db: Database,
  sessionId: string,
  fallbackUserId: string | null,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.sessionId, sessionId));
    const userId = session?.userId ?? fallbackUserId;
    if (!userId) return null;
    if (session && session.status !== 'complete') {
      await tx
        .update(checkoutSessions)
        .set({ status: 'complete', completedAt: now })
        .where(
          and(
            eq(checkoutSessions.userId, session.userId),
            eq(checkoutSessions.sessionId, sessionId),
          ),
        );
    }
    await setStatus(tx, userId, 'active');
    return userId;
  });
}

export async function cancelSubscription(db: Database, userId: string): Promise<void> {
  await setStatus(db, userId, 'canceled');
}
