// Deletes uploads nobody uses: a photo a day old that is in none of its owner's posts and is not
// their avatar (a device uploads a post's photos just before the post, so a day is ample). Each
// photo is re-checked under its row lock before it goes: a post or avatar naming it share-locks
// the row first (post-rules, profile-commands), so the sweep either waits and sees the new use,
// or goes first and the post is refused for naming a photo that is gone.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../db/database';
import { releaseObjectIds } from '../db/object-ids';
import { photos } from '../db/schema';
import { deletePhotoBytes } from './photo-bytes';
import type { PhotoStore } from './photo-store';

/** An upload no post or avatar uses after this long is deleted. */
export const UNUSED_PHOTO_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often a server looks for them. */
export const PHOTO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** SQL: the photo `p` is in one of its owner's posts or is their avatar. */
const inUse = sql`(EXISTS (SELECT 1 FROM posts WHERE posts.user_id = p.user_id
                     AND posts.photo_ids @> jsonb_build_array(p.id))
                OR EXISTS (SELECT 1 FROM profile_details d WHERE d.user_id = p.user_id
                     AND d.avatar_photo_id = p.id))`;

async function deleteIfUnused(tx: Queryable, userId: string, photoId: string): Promise<boolean> {
  const [locked] = await queryRows<{ used: boolean }>(
    tx,
    sql`SELECT ${inUse} AS used FROM photos p
        WHERE p.user_id = ${userId} AND p.id = ${photoId} FOR UPDATE OF p`,
  );
  if (!locked) return false;
  // READ COMMITTED: this statement sees a post committed while we waited for the lock.
  const [again] = await queryRows<{ used: boolean }>(
    tx,
    sql`SELECT ${inUse} AS used FROM photos p WHERE p.user_id = ${userId} AND p.id = ${photoId}`,
  );
  if (!again || again.used) return false;
  await tx.delete(photos).where(and(eq(photos.userId, userId), eq(photos.id, photoId)));
  await releaseObjectIds(tx, 'photo', [photoId]);
  return true;
}

/** Deletes up to `batch` unused uploads older than `olderThanMs`; answers how many went. */
export async function sweepUnusedPhotos(
  db: Database,
  store: PhotoStore | undefined,
  options: { now: Date; olderThanMs?: number; batch?: number },
): Promise<number> {
  const cutoff = new Date(options.now.getTime() - (options.olderThanMs ?? UNUSED_PHOTO_MAX_AGE_MS));
  const candidates = await queryRows<{ user_id: string; id: string }>(
    db,
    sql`SELECT p.user_id, p.id FROM photos p
        WHERE p.created_at < ${cutoff.toISOString()}::timestamptz AND NOT ${inUse}
        ORDER BY p.created_at LIMIT ${options.batch ?? 500}`,
  );
  let deleted = 0;
  for (const candidate of candidates) {
    const gone = await db.transaction((tx) => deleteIfUnused(tx, candidate.user_id, candidate.id));
    if (!gone) continue;
    deleted++;
    // Bytes after the row: a row never names bytes that are not there.
    if (store) await deletePhotoBytes(db, store, candidate.user_id, candidate.id);
  }
  return deleted;
}

/** Sweeps every PHOTO_SWEEP_INTERVAL_MS in this process until stopped. */
export function startPhotoSweep(
  db: Database,
  store: PhotoStore | undefined,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepUnusedPhotos(db, store, { now: new Date() })
      .then((count) => {
        if (count > 0) log(`Photos: deleted ${count} unused upload${count === 1 ? '' : 's'}`);
      })
      .catch((error: unknown) =>
        log(
          `Photos: the sweep of unused uploads failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }, PHOTO_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
