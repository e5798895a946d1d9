// The photos table: a collector's uploaded photo rows, looked up by owner and id, who holds a
// photo id, and the one transaction that claims an id and writes its row within the quota.
import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { claimObjectId, objectOwner } from '../db/object-ids';
import { photos } from '../db/schema';
import { lockUserState } from '../collection/collection-store';
import { fitsPhotoQuota, type PhotoQuota } from './photo-quota';

export type PhotoRow = typeof photos.$inferSelect;

/** The collector holding photo id `photoId` (uploaded or claimed), or null. */
export function photoOwner(db: Queryable, photoId: string): Promise<string | null> {
  return objectOwner(db, 'photo', photoId);
}

export async function photoRow(
  db: Queryable,
  userId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.id, photoId)));
  return row;
}

/**
 * The id is claimed with the row, in one transaction: the same id arriving twice at once leaves
 * the owner's first upload standing, and anyone else is refused.
 */
export function claimPhoto(
  db: Database,
  userId: string,
  photo: { id: string; contentType: string; byteSize: number },
  quota: PhotoQuota,
): Promise<'stored' | 'taken' | 'over-quota'> {
  return db.transaction(async (tx) => {
    // The collector's row lock: two uploads at once cannot both pass the quota.
    await lockUserState(tx, userId);
    if (!(await fitsPhotoQuota(tx, userId, photo.byteSize, quota))) return 'over-quota';
    if ((await claimObjectId(tx, 'photo', photo.id, userId)) === 'taken') return 'taken';
    await tx
      .insert(photos)
      .values({ userId, ...photo })
      .onConflictDoNothing();
    return 'stored';
  });
}
