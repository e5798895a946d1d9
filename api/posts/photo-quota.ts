// Each collector's photo quota (PHOTO_QUOTA_COUNT photos, PHOTO_QUOTA_BYTES bytes), counted
// over the photos table. Checked before an upload is read, and again under the collector's
// row lock when its row is written, so concurrent uploads cannot pass it together.
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { photos } from '../db/schema';
import { PHOTO_QUOTA_BYTES, PHOTO_QUOTA_COUNT } from '../../src/shared/community/post-schemas';

export interface PhotoQuota {
  photos: number;
  bytes: number;
}

export const DEFAULT_PHOTO_QUOTA: PhotoQuota = {
  photos: PHOTO_QUOTA_COUNT,
  bytes: PHOTO_QUOTA_BYTES,
};

/** Whether one more photo of `bytes` bytes fits in `userId`'s quota. */
export async function fitsPhotoQuota(
  db: Queryable,
  userId: string,
  bytes: number,
  quota: PhotoQuota,
): Promise<boolean> {
  const [used] = await db
    .select({
      photos: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${photos.byteSize}), 0)::bigint`,
    })
    .from(photos)
    .where(eq(photos.userId, userId));
  return (
    Number(used?.photos ?? 0) + 1 <= quota.photos && Number(used?.bytes ?? 0) + bytes <= quota.bytes
  );
}
