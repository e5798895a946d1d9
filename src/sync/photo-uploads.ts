// Photos picked on the device (post photos, the avatar): checked, kept in IndexedDB under an id
// the device makes, and uploaded (PUT /api/photos/{photoId}) before the outbox entry naming it.
// Contract for the features; the posts feature implements it.
import { AppError } from '../errors/app-error';

export interface QueuedPhoto {
  photoId: string;
  /** An object URL of the kept blob, for an immediate preview. */
  previewUrl: string;
}

/** Checks type by content (JPEG, PNG, WebP) and size (≤ 5 MB); throws AppError with the reason. */
export async function queuePhoto(file: Blob): Promise<QueuedPhoto> {
  void file;
  throw new AppError('invalid-change', 'Photo upload is not built yet');
}
