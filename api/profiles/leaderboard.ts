// GET /api/leaderboard: collectors ranked by total cars or sets (standard competition ranking:
// ties share a rank, the next rank skips), the top 100, and my own place wherever it is.
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { profileDetails, profiles } from '../db/schema';
import {
  LEADERBOARD_SIZE,
  type LeaderboardKind,
  type LeaderboardView,
} from '../../src/shared/community/profile-schemas';
import { photoUrl } from './public-profile';

const countColumn = (by: LeaderboardKind) =>
  by === 'cars' ? profiles.totalCarCount : profiles.totalSetCount;

export async function leaderboard(
  db: Queryable,
  by: LeaderboardKind,
  viewerId: string | null,
): Promise<LeaderboardView> {
  const count = countColumn(by);
  // Only collectors with a username and something to count: a list of zeros ranks nobody.
  const ranked = and(isNotNull(profiles.username), gt(count, 0));
  const rows = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      avatarPhotoId: profileDetails.avatarPhotoId,
      count,
      rank: sql<number>`rank() over (order by ${count} desc)::int`,
    })
    .from(profiles)
    .leftJoin(profileDetails, eq(profileDetails.userId, profiles.userId))
    .where(ranked)
    .orderBy(desc(count), asc(sql`lower(${profiles.username})`), asc(profiles.userId))
    .limit(LEADERBOARD_SIZE);
  return {
    by,
    top: rows.map((row) => ({
      rank: Number(row.rank),
      userId: row.userId,
      username: row.username ?? '',
      avatarUrl: row.avatarPhotoId ? photoUrl(row.userId, row.avatarPhotoId) : null,
      count: row.count,
    })),
    me: viewerId === null ? null : await myPlace(db, by, viewerId),
  };
}

/**
 * My rank is one more than the number of ranked collectors with more than me; with nothing yet
 * it is the place I would share with everyone else at zero (one past the last ranked count).
 */
async function myPlace(db: Queryable, by: LeaderboardKind, viewerId: string) {
  const count = countColumn(by);
  const [mine] = await db
    .select({ count })
    .from(profiles)
    .where(and(eq(profiles.userId, viewerId), isNotNull(profiles.username)));
  if (!mine) return null;
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(isNotNull(profiles.username), gt(count, mine.count)));
  return { rank: Number(ahead?.n ?? 0) + 1, count: mine.count };
}
