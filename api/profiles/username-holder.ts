// Who holds a username, in any case, from the usernames directory (diecast_claim_username in
// migration 0007 claims one; a unique index on profiles could not be kept once distributed).
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { usernames } from '../db/schema';

/** The collector holding `username` (any case), or null. */
export async function usernameHolder(db: Queryable, username: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: usernames.userId })
    .from(usernames)
    .where(eq(usernames.name, sql`lower(${username})`));
  return row?.userId ?? null;
}
