// A collector's followers and the collectors they follow, newest follow first, a page at a time.
// The cursor is the last row's (follow time, user id): stable while people follow and unfollow.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { follows, profileDetails, profiles } from '../db/schema';
import type { CollectorPage } from '../../src/shared/community/profile-schemas';
import { followedBy } from './profile-view';
import { photoUrl } from './public-profile';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import { parseCursorInstant } from '../http/cursor-instant';

export const FOLLOW_PAGE_DEFAULT = 30;
export const FOLLOW_PAGE_MAX = 100;

interface Cursor {
  /** The follow time with its microseconds (a JS Date would drop them and repeat rows). */
  at: string;
  userId: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.userId])).toString('base64url');
}

/** A follow time as the query prints it: UTC with microseconds, '2026-05-01T10:00:00.123456Z'. */
const MICRO_ISO = /\.\d{6}Z$/;

/** The cursor, or null when it is not one this server made. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, userId] = value as unknown[];
      const instant = typeof at === 'string' && MICRO_ISO.test(at) ? parseCursorInstant(at) : null;
      if (instant !== null && idSchema.safeParse(userId).success) {
        return { at: instant, userId: userId as string };
      }
    }
  } catch {
    // Not base64url JSON: answered as a bad cursor below.
  }
  return null;
}

export async function followList(
  db: Queryable,
  direction: 'followers' | 'following',
  userId: string,
  viewerId: string | null,
  page: { limit: number; cursor: Cursor | null },
): Promise<CollectorPage> {
  // followers: rows whose followee is userId, listing the follower; following: the reverse.
  const whose = direction === 'followers' ? follows.followeeId : follows.userId;
  const other = direction === 'followers' ? follows.userId : follows.followeeId;
  const after = page.cursor
    ? sql`(${follows.createdAt}, ${other}) < (${page.cursor.at}::timestamptz, ${page.cursor.userId})`
    : undefined;
  const rows = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      avatarPhotoId: profileDetails.avatarPhotoId,
      totalCarCount: profiles.totalCarCount,
      totalSetCount: profiles.totalSetCount,
      followedByMe: followedBy(viewerId, profiles.userId),
      at: sql<string>`to_char(${follows.createdAt} at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(follows)
    .innerJoin(profiles, eq(profiles.userId, other))
    .leftJoin(profileDetails, eq(profileDetails.userId, profiles.userId))
    .where(and(eq(whose, userId), sql`${profiles.username} is not null`, after))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    users: shown.map((row) => ({
      userId: row.userId,
      username: row.username,
      avatarUrl: row.avatarPhotoId ? photoUrl(row.userId, row.avatarPhotoId) : null,
      totalCarCount: row.totalCarCount,
      totalSetCount: row.totalSetCount,
      followedByMe: Boolean(row.followedByMe),
    })),
    nextCursor:
      rows.length > page.limit && last ? encodeCursor({ at: last.at, userId: last.userId }) : null,
  };
}
