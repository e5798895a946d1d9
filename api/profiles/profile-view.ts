// GET /api/profiles/{userId}'s answer: the public profile with its totals, badges and counts.
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { follows, posts, profileDetails, profiles } from '../db/schema';
import { BADGES } from '../../src/shared/profile/badges';
import type { ProfileBadge, ProfileView } from '../../src/shared/community/profile-schemas';
import { photoUrl } from './public-profile';

/** The badges the totals have reached, in the order of docs/product.md (car badges against cars, …). */
export function badgesFor(totals: {
  totalCarCount: number;
  totalSetCount: number;
}): ProfileBadge[] {
  return BADGES.filter(
    (badge) =>
      (badge.type === 'car' ? totals.totalCarCount : totals.totalSetCount) >= badge.threshold,
  ).map(({ id, label, threshold, type }) => ({ id, label, threshold, type }));
}

/** Whether `viewerId` follows `userId`, as an SQL boolean (false for an anonymous viewer). */
export function followedBy(viewerId: string | null, userIdColumn: unknown) {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${follows} where ${follows.userId} = ${viewerId}
    and ${follows.followeeId} = ${userIdColumn})`;
}

/** The profile of a user with a username, or null (unknown, or no username yet). */
export async function profileView(
  db: Queryable,
  userId: string,
  viewerId: string | null,
): Promise<ProfileView | null> {
  const [row] = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      totalCarCount: profiles.totalCarCount,
      totalSetCount: profiles.totalSetCount,
      completedTutorials: profiles.completedTutorials,
      createdAt: profiles.createdAt,
      bio: profileDetails.bio,
      avatarPhotoId: profileDetails.avatarPhotoId,
      followerCount: sql<number>`(select count(*)::int from ${follows}
        where ${follows.followeeId} = ${profiles.userId})`,
      followingCount: sql<number>`(select count(*)::int from ${follows}
        where ${follows.userId} = ${profiles.userId})`,
      postCount: sql<number>`(select count(*)::int from ${posts}
        where ${posts.userId} = ${profiles.userId})`,
      followedByMe: followedBy(viewerId, profiles.userId),
    })
    .from(profiles)
    .leftJoin(profileDetails, eq(profileDetails.userId, profiles.userId))
    .where(and(eq(profiles.userId, userId), sql`${profiles.username} is not null`));
  if (!row?.username) return null;
  return {
    userId: row.userId,
    username: row.username,
    avatarUrl: row.avatarPhotoId ? photoUrl(row.userId, row.avatarPhotoId) : null,
    bio: row.bio ?? '',
    totalCarCount: row.totalCarCount,
    totalSetCount: row.totalSetCount,
    badges: badgesFor(row),
    completedTutorials: row.completedTutorials,
    followerCount: Number(row.followerCount),
    followingCount: Number(row.followingCount),
    postCount: Number(row.postCount),
    followedByMe: Boolean(row.followedByMe),
    isMe: viewerId === row.userId,
    joinedAt: new Date(row.createdAt).toISOString(),
  };
}

/** True for a user who has chosen a username (the only ones others can see). */
export async function isCollector(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), sql`${profiles.username} is not null`));
  return row !== undefined;
}
