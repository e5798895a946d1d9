// GET /api/search/users: collectors whose username contains the typed text (any case); names
// that start with it first, then shorter names. % and _ are matched literally, not as wildcards.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { profileDetails, profiles } from '../db/schema';
import {
  USER_SEARCH_LIMIT,
  type CollectorSummary,
} from '../../src/shared/community/profile-schemas';
import { followedBy } from './profile-view';
import { photoUrl } from './public-profile';

/** The text as a LIKE pattern piece: \, % and _ escaped (ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function searchUsers(
  db: Queryable,
  query: string,
  viewerId: string | null,
): Promise<CollectorSummary[]> {
  const piece = escapeLike(query.toLowerCase());
  const name = sql`lower(${profiles.username})`;
  const rows = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      avatarPhotoId: profileDetails.avatarPhotoId,
      totalCarCount: profiles.totalCarCount,
      totalSetCount: profiles.totalSetCount,
      followedByMe: followedBy(viewerId, profiles.userId),
    })
    .from(profiles)
    .leftJoin(profileDetails, eq(profileDetails.userId, profiles.userId))
    .where(and(isNotNull(profiles.username), sql`${name} like ${`%${piece}%`} escape '\\'`))
    .orderBy(
      sql`(${name} like ${`${piece}%`} escape '\\') desc`,
      sql`length(${profiles.username})`,
      asc(name),
    )
    .limit(USER_SEARCH_LIMIT);
  return rows.map((row) => ({
    userId: row.userId,
    username: row.username,
    avatarUrl: row.avatarPhotoId ? photoUrl(row.userId, row.avatarPhotoId) : null,
    totalCarCount: row.totalCarCount,
    totalSetCount: row.totalSetCount,
    followedByMe: Boolean(row.followedByMe),
  }));
}
