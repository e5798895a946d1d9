// The profiles commands: 'profile/update' (bio, avatar, username) and 'follows/set'.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import { follows, photos, profileDetails, profiles } from '../db/schema';
import { CommandError, defineCommand, type CommunityCommand } from '../community/command';
import {
  FOLLOWS_SET,
  PROFILE_UPDATE,
  followSetSchema,
  profileUpdateSchema,
  type FollowSetArgs,
  type ProfileUpdateArgs,
} from '../../src/shared/community/profile-schemas';
import { photoUrl } from './public-profile';
import { objectOwner } from '../db/object-ids';
import { lookalikeHolder, lostUsernameRace, usernameHolder } from './username-holder';
import { lookalikeUsernameMessage } from '../../src/shared/profile/username-lookalikes';
import { alertAfterCommit } from '../push/alerts';
import { claimFollowAlert } from '../push/follow-alerts';
import { followsRefusal, MAX_FOLLOWS } from '../../src/shared/collector-caps';

/** Same words as POST /api/users/initialize, so the screens recognise it. */
const takenError = (username: string) => `The username '${username}' is already taken`;

async function namedProfile(db: Queryable, userId: string) {
  const [row] = await db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.username ? { userId: row.userId, username: row.username } : null;
}

async function checkAvatar(db: Queryable, userId: string, photoId: string): Promise<void> {
  const owner = await objectOwner(db, 'photo', photoId);
  if (owner === null) throw new CommandError(404, `No photo ${photoId}: upload it before using it`);
  if (owner !== userId) throw new CommandError(403, 'Your avatar must be a photo you uploaded');
  // Share-locked, so the sweep of unused uploads cannot delete it while it becomes the avatar.
  const [photo] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.id, photoId)))
    .for('share');
  if (!photo) throw new CommandError(404, `No photo ${photoId}: upload it before using it`);
}

async function changeUsername(
  tx: Transactional,
  userId: string,
  current: string,
  username: string,
): Promise<void> {
  if (current === username) return;
  // A new name or only new capitals of mine: nobody else may hold it in any case.
  const holder = await usernameHolder(tx, username);
  if (holder !== null && holder !== userId) throw new CommandError(409, takenError(username));
  // Only new capitals of my own name stay mine, even if it is a look-alike held from before.
  const alike = holder === userId ? null : await lookalikeHolder(tx, username);
  if (alike !== null && alike.userId !== userId) {
    throw new CommandError(409, lookalikeUsernameMessage(username, alike.username));
  }
  try {
    // A savepoint: a name claimed by someone at the same moment fails alone, as a 409.
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql`SELECT diecast_claim_username(${userId}, ${username})`);
      await savepoint
        .update(profiles)
        .set({
          username,
          // Bumped like every other change to the user's state (collection writes check it).
          stateVersion: sql`${profiles.stateVersion} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(profiles.userId, userId));
    });
  } catch (error) {
    if (lostUsernameRace(error)) throw new CommandError(409, takenError(username));
    throw error;
  }
}

const updateProfile = defineCommand<ProfileUpdateArgs>({
  name: PROFILE_UPDATE,
  schema: profileUpdateSchema,
  async run(tx, context, args) {
    const me = await namedProfile(tx, context.userId);
    if (!me) throw new CommandError(404, 'No profile yet: choose a username first');
    if (args.avatarPhotoId) await checkAvatar(tx, context.userId, args.avatarPhotoId);
    if (args.username !== undefined) {
      await changeUsername(asTransactional(tx), context.userId, me.username, args.username);
    }
    const changes: Partial<typeof profileDetails.$inferInsert> = {};
    if (args.bio !== undefined) changes.bio = args.bio;
    if (args.avatarPhotoId !== undefined) changes.avatarPhotoId = args.avatarPhotoId;
    let details = { bio: '', avatarPhotoId: null as string | null };
    if (Object.keys(changes).length > 0) {
      const [row] = await tx
        .insert(profileDetails)
        .values({ userId: context.userId, ...changes, updatedAt: new Date(context.now) })
        .onConflictDoUpdate({
          target: profileDetails.userId,
          set: { ...changes, updatedAt: new Date(context.now) },
        })
        .returning({ bio: profileDetails.bio, avatarPhotoId: profileDetails.avatarPhotoId });
      if (row) details = row;
    } else {
      const [row] = await tx
        .select({ bio: profileDetails.bio, avatarPhotoId: profileDetails.avatarPhotoId })
        .from(profileDetails)
        .where(eq(profileDetails.userId, context.userId));
      if (row) details = row;
    }
    return {
      profile: {
        userId: context.userId,
        username: args.username ?? me.username,
        bio: details.bio,
        avatarUrl: details.avatarPhotoId ? photoUrl(context.userId, details.avatarPhotoId) : null,
      },
    };
  },
});

/**
 * A new follow past MAX_FOLLOWS is refused (422); following someone already followed is not new.
 * The follower's profile row is locked first, so two follows at once cannot both take the last
 * place. The count stops at the cap: it never reads more rows than a full list.
 */
async function refuseFollowPastCap(tx: Queryable, userId: string, followeeId: string) {
  await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  const [row] = await queryRows<{ count: number; already: boolean }>(
    tx,
    sql`SELECT
      (SELECT count(*)::int FROM (SELECT 1 FROM ${follows} WHERE ${follows.userId} = ${userId}
         LIMIT ${MAX_FOLLOWS}) AS f) AS count,
      EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.userId} = ${userId}
                AND ${follows.followeeId} = ${followeeId}) AS already`,
  );
  if (row && Number(row.count) >= MAX_FOLLOWS && !row.already) {
    throw new CommandError(422, followsRefusal);
  }
}

const setFollow = defineCommand<FollowSetArgs>({
  name: FOLLOWS_SET,
  schema: followSetSchema,
  async run(tx, context, args) {
    if (args.userId === context.userId) {
      throw new CommandError(400, "You can't follow yourself");
    }
    const followee = await namedProfile(tx, args.userId);
    if (!followee) throw new CommandError(404, `No collector with id ${args.userId}`);
    if (!args.following) {
      await tx
        .delete(follows)
        .where(and(eq(follows.userId, context.userId), eq(follows.followeeId, args.userId)));
      return { userId: args.userId, following: false };
    }
    const me = await namedProfile(tx, context.userId);
    if (!me) throw new CommandError(403, 'Choose a username before following collectors');
    await refuseFollowPastCap(tx, context.userId, args.userId);
    const inserted = await tx
      .insert(follows)
      .values({ userId: context.userId, followeeId: args.userId, createdAt: new Date(context.now) })
      .onConflictDoNothing()
      .returning({ userId: follows.userId });
    // Only a follow that did not exist yet is news, and only once a day for the same pair: a
    // repeated 'follow', or an unfollow and follow again, sends nothing more.
    if (
      inserted.length > 0 &&
      context.deps.notifier &&
      (await claimFollowAlert(tx, args.userId, context.userId, context.now))
    ) {
      await alertAfterCommit(tx, context, [
        {
          userId: args.userId,
          message: {
            title: 'New follower',
            body: `${me.username} started following you`,
            url: `/profile/${encodeURIComponent(context.userId)}`,
          },
        },
      ]);
    }
    return { userId: args.userId, following: true };
  },
});

/** Commands run on a transaction, which can open savepoints; Queryable leaves that out. */
type Transactional = Queryable & {
  transaction<T>(work: (savepoint: Queryable) => Promise<T>): Promise<T>;
};

function asTransactional(tx: Queryable): Transactional {
  return tx as Transactional;
}

export const profileCommands: CommunityCommand[] = [updateProfile, setFollow];
