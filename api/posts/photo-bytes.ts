// A photo's bytes in the PhotoStore by (owner, photo id): written under photoKey, read from there
// or else from the flat key photos were stored under before, deleted from both. So a data folder
// or bucket from before keeps serving its photos with nothing to migrate at start.
import { and, eq, or } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { photos } from '../db/schema';
import { legacyKeyOwners, legacyPhotoKey, photoKey } from './photo-key';
import type { PhotoStore } from './photo-store';

export async function putPhotoBytes(
  store: PhotoStore,
  userId: string,
  photoId: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<void> {
  await store.put(photoKey(userId, photoId), bytes, contentType);
}

export async function getPhotoBytes(
  store: PhotoStore,
  userId: string,
  photoId: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const stored = await store.get(photoKey(userId, photoId));
  if (stored) return stored;
  const legacy = legacyPhotoKey(userId, photoId);
  return legacy === null ? null : store.get(legacy);
}

/**
 * Deletes the photo's bytes, and its legacy bytes unless another photo still shares the legacy
 * key (`a_b`+`c` and `a`+`b_c` had one file): deleting them would take that photo's bytes.
 */
export async function deletePhotoBytes(
  db: Queryable,
  store: PhotoStore,
  userId: string,
  photoId: string,
): Promise<void> {
  await store.delete(photoKey(userId, photoId));
  const legacy = legacyPhotoKey(userId, photoId);
  if (legacy === null) return;
  const others = legacyKeyOwners(legacy).filter(
    (owner) => owner.userId !== userId || owner.photoId !== photoId,
  );
  if (others.length > 0) {
    const [shared] = await db
      .select({ id: photos.id })
      .from(photos)
      .where(
        or(
          ...others.map((owner) =>
            and(eq(photos.userId, owner.userId), eq(photos.id, owner.photoId)),
          ),
        ),
      )
      .limit(1);
    if (shared) return;
  }
  await store.delete(legacy);
}
