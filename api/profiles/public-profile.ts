// How a collector appears to others (post authors, sellers, followers): username and avatar.
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { profileDetails, profiles } from '../db/schema';

export interface PublicProfile {
  userId: string;
  /** null only for a user who never chose one (they cannot post; kept for safety). */
  username: string | null;
  /** GET /api/photos/{userId}/{photoId}, or null for the initials avatar. */
  avatarUrl: string | null;
}

export const photoUrl = (userId: string, photoId: string) =>
  `/api/photos/${encodeURIComponent(userId)}/${encodeURIComponent(photoId)}`;

/** Public profiles of `userIds` (unknown ids are absent from the map). */
export async function publicProfiles(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, PublicProfile>> {
  const ids = [...new Set(userIds)];
  const found = new Map<string, PublicProfile>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      avatarPhotoId: profileDetails.avatarPhotoId,
    })
    .from(profiles)
    .leftJoin(profileDetails, eq(profileDetails.userId, profiles.userId))
    .where(inArray(profiles.userId, ids));
  for (const row of rows) {
    found.set(row.userId, {
      userId: row.userId,
      username: row.username,
      avatarUrl: row.avatarPhotoId ? photoUrl(row.userId, row.avatarPhotoId) : null,
    });
  }
  return found;
}

/** The profile of one user, or a neutral stand-in when the row is gone. */
export function profileOrUnknown(map: Map<string, PublicProfile>, userId: string): PublicProfile {
  return map.get(userId) ?? { userId, username: null, avatarUrl: null };
}
