// Checkout sessions and the profile's subscription status (profiles.subscription_status:
// 'none' until a checkout is paid, then 'active', and whatever the provider says after that:
// past_due, unpaid, paused, canceled). Each status remembers when its event happened, so a
// late-delivered older event (webhooks arrive in any order) cannot undo a newer one.
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { checkoutSessions, profiles } from '../db/schema';
import type { SubscriptionStatus } from './payment-provider';
import { claimObjectId, objectOwner } from '../db/object-ids';

export type { SubscriptionStatus };
export type CheckoutRow = typeof checkoutSessions.$inferSelect;
/** open → complete (paid) | awaiting_payment → complete | failed. */
export type CheckoutStatus = 'open' | 'awaiting_payment' | 'complete' | 'failed';

export async function recordCheckout(
  db: Database,
  row: { userId: string; sessionId: string; provider: 'stripe' | 'development' },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Session ids come from the provider; the directory keeps them unique across collectors.
    if ((await claimObjectId(tx, 'checkout', row.sessionId, row.userId)) === 'taken') {
      throw new Error(`checkout session ${row.sessionId} is already another collector's`);
    }
    await tx.insert(checkoutSessions).values({ ...row, status: 'open' });
  });
}

export async function findCheckout(
  db: Pick<Database, 'select'>,
  sessionId: string,
): Promise<CheckoutRow | undefined> {
  const userId = await objectOwner(db, 'checkout', sessionId);
  if (userId === null) return undefined;
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.sessionId, sessionId)));
  return row;
}

export async function subscriptionStatusOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ status: profiles.subscriptionStatus })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.status ?? 'none';
}

type Writer = Pick<Database, 'update'>;

/** Whether one of the user's checkouts was ever paid (what lets a subscription be 'active'). */
export async function hasPaidCheckout(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ sessionId: checkoutSessions.sessionId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'complete')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Sets the status if no newer event set it already (`at` null: now, for our own provider).
 * Not part of the collection's state: no state_version bump, a plain column write.
 */
export async function setSubscriptionStatus(
  db: Writer,
  userId: string,
  status: SubscriptionStatus,
  at: Date | null = null,
): Promise<void> {
  const when = at ?? new Date();
  await db
    .update(profiles)
    .set({ subscriptionStatus: status, subscriptionEventAt: when, updatedAt: new Date() })
    .where(
      and(
        eq(profiles.userId, userId),
        or(isNull(profiles.subscriptionEventAt), lte(profiles.subscriptionEventAt, when)),
      ),
    );
}

async function setCheckoutStatus(
  db: Writer,
  session: CheckoutRow,
  status: CheckoutStatus,
  now: Date,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status, ...(status === 'complete' ? { completedAt: now } : {}) })
    .where(
      and(
        eq(checkoutSessions.userId, session.userId),
        eq(checkoutSessions.sessionId, session.sessionId),
      ),
    );
}

/**
 * Marks a PAID session complete and its user active, in one transaction. `userId` comes from
 * our own session row when we have it (the provider's copy is the fallback). Answers the user
 * made active, or null when there is no one to make active. Running it twice changes nothing.
 */
export async function completeCheckout(
  db: Database,
  sessionId: string,
  fallbackUserId: string | null,
  now: Date,
  eventAt: Date | null = null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const session = await findCheckout(tx, sessionId);
    const userId = session?.userId ?? fallbackUserId;
    if (!userId) return null;
    if (session && session.status !== 'complete') {
      await setCheckoutStatus(tx, session, 'complete', now);
    }
    await setSubscriptionStatus(tx, userId, 'active', eventAt);
    return userId;
  });
}

/**
 * A checkout that ended without the money (still on its way, or failed): the session says so
 * and the collector stays as they were. A session already complete is left alone.
 */
export async function checkoutNotPaid(
  db: Database,
  sessionId: string,
  status: 'awaiting_payment' | 'failed',
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await findCheckout(tx, sessionId);
    if (session && session.status !== 'complete') await setCheckoutStatus(tx, session, status, now);
  });
}
