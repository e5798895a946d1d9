// Photos picked on the device (post photos, the avatar): checked, kept in IndexedDB under an id
// the device makes, and uploaded (PUT /api/photos/{photoId}) before the outbox entry naming it,
// so a post made with no signal carries its photos when the signal comes back.
import { currentUserId } from '../auth/auth-state';
import { deviceDb } from '../db/device-db';
import type { GarageDb } from '../db/garage-db';
import type { PhotoUploadRow } from '../db/device-rows';
import { AppError } from '../errors/app-error';
import {
  PHOTO_MAX_BYTES,
  PHOTO_SIZE_ERROR,
  PHOTO_TYPE_ERROR,
  photoTypeOf,
} from '../shared/community/post-schemas';
import { tokenUserId } from '../auth/token-user-id';
import { apiFetch, BULK_DEADLINE_MS, readApiJson } from './api-fetch';
import { loginRedirect } from './login-redirect';
import type { PushMutation, PushResponse } from './replay-types';
import { isCommunityChangeName } from '../shared/community/command-schemas';

export interface QueuedPhoto {
  photoId: string;
  /** An object URL of the kept blob, for an immediate preview. */
  previewUrl: string;
}

export interface PhotoClock {
  now(): string;
  newId(): string;
}

const systemClock: PhotoClock = {
  now: () => new Date().toISOString(),
  newId: () => crypto.randomUUID(),
};

/** Checks and keeps one photo for `userId`; the photo id it answers goes into the post's args. */
export async function keepPhoto(
  db: GarageDb,
  userId: string,
  file: Blob,
  clock: PhotoClock = systemClock,
): Promise<PhotoUploadRow> {
  if (file.size > PHOTO_MAX_BYTES) throw new AppError('invalid-change', PHOTO_SIZE_ERROR);
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const contentType = photoTypeOf(head);
  if (!contentType) throw new AppError('invalid-change', PHOTO_TYPE_ERROR);
  const row: PhotoUploadRow = {
    id: clock.newId(),
    userId,
    contentType,
    // Re-typed by content: the name or the picker's type never decide.
    blob: new Blob([file], { type: contentType }),
    createdAt: clock.now(),
  };
  await db.photoUploads.add(row);
  return row;
}

/** Checks type by content (JPEG, PNG, WebP) and size (≤ 5 MB); throws AppError with the reason. */
export async function queuePhoto(file: Blob): Promise<QueuedPhoto> {
  const userId = currentUserId();
  if (!userId) {
    loginRedirect.raise();
    throw new AppError('login-required', 'Sign in to share photos');
  }
  const row = await keepPhoto(deviceDb, userId, file);
  return { photoId: row.id, previewUrl: URL.createObjectURL(row.blob) };
}

/** A photo picked and then dropped before posting: its kept copy goes. */
export async function discardPhoto(photoId: string): Promise<void> {
  await deviceDb.photoUploads.delete(photoId);
}

// ---- Upload before push ------------------------------------------------------------------------

/**
 * Every string in the community entries' args: photo ids (device UUIDs) sit in a post's photoIds,
 * a profile's avatarPhotoId… Collection changes never name photos, so a chunk of them (the hot
 * path: a thousand cars added at a fair) costs no photo lookup at all.
 */
function namedStrings(mutations: readonly PushMutation[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'string') found.add(value);
    else if (depth < 4 && Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (depth < 4 && typeof value === 'object' && value !== null)
      for (const item of Object.values(value)) walk(item, depth + 1);
  };
  for (const mutation of mutations) {
    if (isCommunityChangeName(mutation.name)) walk(mutation.args, 0);
  }
  return [...found];
}

/** Answers the replayer understands as 'not now': the push is not sent, the chunk waits. */
const isRetryLater = (status: number) =>
  status === 401 ||
  status === 404 ||
  status === 405 ||
  status === 408 ||
  status === 429 ||
  status >= 500;

/**
 * Uploads the kept photos that `mutations` name, before those entries are pushed. Resolves null
 * when the push may go ahead, or with a response to hand the replayer instead of pushing (401:
 * it refreshes the token and calls again; 429/5xx: it retries later). Throws ApiNotReachedError
 * when the answer is not our API's, so the replayer treats the push as not delivered. A photo the server refuses for good (wrong type,
 * too big, an id another collector holds) is dropped: the entry naming it is then refused by
 * the server and the collector sees why.
 */
export async function uploadNamedPhotos(
  db: GarageDb,
  token: string,
  mutations: readonly PushMutation[],
  fetcher?: typeof fetch,
  baseUrl = '',
): Promise<PushResponse | null> {
  const names = namedStrings(mutations);
  if (names.length === 0) return null;
  const uid = tokenUserId(token);
  const rows = (await db.photoUploads.bulkGet(names)).filter(
    (row): row is PhotoUploadRow => row !== undefined && (uid === null || row.userId === uid),
  );
  for (const row of rows) {
    const response = await apiFetch(
      `${baseUrl}/api/photos/${encodeURIComponent(row.id)}`,
      {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'content-type': row.contentType },
        body: row.blob,
      },
      { fetcher, deadlineMs: BULK_DEADLINE_MS },
    );
    if (isRetryLater(response.status)) {
      const body = await readApiJson(response);
      const retryAfter = Number(response.headers.get('Retry-After'));
      return {
        status: response.status,
        body,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    }
    if (!response.ok) {
      console.warn(`[photos] upload of ${row.id} refused (${response.status}); dropping it`);
    }
    // 2xx (a repeat of our own upload answers 200 too) or refused for good: the copy goes.
    await db.photoUploads.delete(row.id);
  }
  return null;
}
