// Who holds a username, in any case, from the usernames directory (diecast_claim_username,
// api/db/functions/diecast_claim_username.sql, claims one; a unique index on profiles could not
// be kept once distributed), who holds a name too like it, from the skeletons directory
// (migration 0019), and what a claim that lost a race to another collector looks like.
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { isUniqueViolation } from '../db/sql-errors';
import { profiles, usernames, usernameSkeletons } from '../db/schema';

/** The collector holding `username` (any case), or null. */
export async function usernameHolder(db: Queryable, username: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: usernames.userId })
    .from(usernames)
    .where(eq(usernames.name, sql`lower(${username})`));
  return row?.userId ?? null;
}

/**
 * The collector holding a name with the skeleton of `username` ('Alice' for 'AIice'), with that
 * name as they show it; null if none. The skeleton is computed by SQL, the fold the directory's
 * uniqueness rests on. Two lookups, not a join: the directory and profiles are sharded apart.
 */
export async function lookalikeHolder(
  db: Queryable,
  username: string,
): Promise<{ userId: string; username: string } | null> {
  const [held] = await db
    .select({ userId: usernameSkeletons.userId })
    .from(usernameSkeletons)
    .where(eq(usernameSkeletons.skeleton, sql`diecast_username_skeleton(${username})`));
  if (!held) return null;
  const [profile] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, held.userId));
  return { userId: held.userId, username: profile?.username ?? username };
}

/**
 * True when a claim failed because another collector took the name, or one too like it, at the
 * same moment (diecast_claim_username's unique_violation): answered 409, as a name already held.
 */
export function lostUsernameRace(error: unknown): boolean {
  return isUniqueViolation(error);
}
