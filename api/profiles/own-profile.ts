// The signed-in collector's own profile row, as their own reads need it (GET /api/profile/me,
// choosing a username, which tutorials they have done).
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { profiles } from '../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;

export async function ownProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** The ids of the tutorials this collector has marked done. */
export async function completedTutorials(db: Queryable, userId: string): Promise<Set<string>> {
  const [row] = await db
    .select({ done: profiles.completedTutorials })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return new Set(row?.done ?? []);
}
