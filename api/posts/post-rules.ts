// Lookups the posts and comments commands share: the post (locked), the poster's username, and
// what a post may name (the poster's own uploaded photos, cars and sets in their collection).
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { ownedCars, ownedSets, photos, posts, profiles, type TaggedItem } from '../db/schema';
import { CommandError } from '../community/command';
import { objectOwner } from '../db/object-ids';
import type { PostRow } from './post-views';

/**
 * The post, its row locked until the transaction ends, or 404. Everything that hangs off a post
 * (a comment, a like, a report) takes this lock before writing, and deleting a post takes it
 * first: so a comment racing the post's deletion either lands before it (and goes with it) or
 * finds no post; it can never outlive it. The owner comes from the id directory, so the lock
 * names the author's user_id (one shard on a distributed database).
 */
export async function lockPost(tx: Queryable, postId: string): Promise<PostRow> {
  const authorId = await objectOwner(tx, 'post', postId);
  const [row] =
    authorId === null
      ? []
      : await tx
          .select()
          .from(posts)
          .where(and(eq(posts.userId, authorId), eq(posts.id, postId)))
          .for('update');
  if (!row) throw new CommandError(404, `Unknown post: ${postId}`);
  return row;
}

/** Posts and comments show a username: a collector must have chosen one to take part. */
export async function usernameOf(tx: Queryable, userId: string): Promise<string> {
  const [row] = await tx
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row?.username) throw new CommandError(403, 'Choose a username before taking part');
  return row.username;
}

/** Every photo must be one this user already uploaded (PUT /api/photos/{photoId}). */
export async function checkOwnPhotos(
  tx: Queryable,
  userId: string,
  photoIds: readonly string[],
): Promise<void> {
  if (photoIds.length === 0) return;
  // Share-locked, so the sweep of unused uploads cannot delete one while this post names it.
  const rows = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), inArray(photos.id, [...photoIds])))
    .for('share');
  const mine = new Set(rows.map((row) => row.id));
  const missing = photoIds.find((id) => !mine.has(id));
  if (missing !== undefined) {
    throw new CommandError(
      400,
      `photoIds: photo ${missing} is not one of your uploaded photos (upload it first)`,
    );
  }
}

/** A post may tag only cars and sets the poster owns (the owned_cars / owned_sets rows). */
export async function checkTaggedOwned(
  tx: Queryable,
  userId: string,
  tagged: readonly TaggedItem[],
): Promise<void> {
  const carIds = tagged.filter((item) => item.kind === 'car').map((item) => item.id);
  const setIds = tagged.filter((item) => item.kind === 'set').map((item) => item.id);
  // One query after the other: a transaction's connection runs one statement at a time anyway.
  const cars =
    carIds.length === 0
      ? []
      : await tx
          .select({ id: ownedCars.carId })
          .from(ownedCars)
          .where(and(eq(ownedCars.userId, userId), inArray(ownedCars.carId, carIds)));
  const sets =
    setIds.length === 0
      ? []
      : await tx
          .select({ id: ownedSets.setId })
          .from(ownedSets)
          .where(and(eq(ownedSets.userId, userId), inArray(ownedSets.setId, setIds)));
  const owned = new Set([
    ...cars.map((row) => `car:${row.id}`),
    ...sets.map((row) => `set:${row.id}`),
  ]);
  const missing = tagged.find((item) => !owned.has(`${item.kind}:${item.id}`));
  if (missing) {
    throw new CommandError(400, `tagged: ${missing.kind} ${missing.id} is not in your collection`);
  }
}
