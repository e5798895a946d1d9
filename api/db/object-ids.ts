// The object_ids directory: who holds each device-made id of a post, comment, photo, listing,
// offer or checkout session. Claiming an id here is what keeps it unique across collectors, and
// looking its owner up first lets every lock and write name the owner's user_id (a one-shard
// statement once tables are distributed by user_id).
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from './database';
import { objectIds } from './schema';

export type ObjectKind = 'post' | 'comment' | 'photo' | 'listing' | 'offer' | 'checkout';

/**
 * Claims `id` for `userId`: 'claimed' (it is theirs now, until the transaction rolls back),
 * 'mine' (they held it already) or 'taken' (another collector holds it).
 */
export async function claimObjectId(
  tx: Queryable,
  kind: ObjectKind,
  id: string,
  userId: string,
): Promise<'claimed' | 'mine' | 'taken'> {
  const inserted = await tx
    .insert(objectIds)
    .values({ kind, id, userId })
    .onConflictDoNothing()
    .returning({ userId: objectIds.userId });
  if (inserted.length > 0) return 'claimed';
  return (await objectOwner(tx, kind, id)) === userId ? 'mine' : 'taken';
}

/** The collector holding `id`, or null. */
export async function objectOwner(
  tx: Pick<Queryable, 'select'>,
  kind: ObjectKind,
  id: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ userId: objectIds.userId })
    .from(objectIds)
    .where(and(eq(objectIds.kind, kind), eq(objectIds.id, id)));
  return row?.userId ?? null;
}

/** Lets ids go with the rows they named (a deleted post, its comments, released photos). */
export async function releaseObjectIds(
  tx: Queryable,
  kind: ObjectKind,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(objectIds).where(and(eq(objectIds.kind, kind), inArray(objectIds.id, [...ids])));
}
