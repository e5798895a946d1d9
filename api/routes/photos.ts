// PUT /api/photos/{photoId} (upload, raw bytes, idempotent per owner) and
// GET /api/photos/{userId}/{photoId} (public, immutable: what <img> loads).
import { Hono, type Context } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { photoUrl } from '../profiles/public-profile';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import { unstorableTextProblem } from '../../src/shared/text/user-text';
import {
  PHOTO_MAX_BYTES,
  PHOTO_QUOTA_ERROR,
  PHOTO_SIZE_ERROR,
  PHOTO_TYPE_ERROR,
  photoTypeOf,
} from '../../src/shared/community/post-schemas';
import { deletePhotoBytes, getPhotoBytes, putPhotoBytes } from '../posts/photo-bytes';
import { refuseOverBudget } from '../http/over-budget';
import { UPLOAD_UNITS } from '../../src/shared/collection/work-units';
import { readBody } from '../http/read-body';
import { DEFAULT_PHOTO_QUOTA, fitsPhotoQuota } from '../posts/photo-quota';
import { claimPhoto, photoOwner, photoRow } from '../posts/photo-rows';

const TOO_LARGE = `${PHOTO_SIZE_ERROR} (this one is larger)`;
const NO_STORE = 'Photo storage is not configured on this server';

const conflict = (c: Context<AppEnv>, photoId: string) =>
  c.json({ error: `Photo id ${photoId} is already used by another collector` }, 409);

export function photoRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.put('/photos/:photoId', requireUser(deps.verifier), async (c) => {
    const photoId = c.req.param('photoId');
    const id = idSchema.safeParse(photoId);
    if (!id.success) return c.json({ error: `photoId: ${id.error.issues[0]?.message}` }, 400);
    const store = deps.photoStore;
    if (!store) return c.json({ error: NO_STORE }, 503);
    const userId = c.get('userId');
    const owner = await photoOwner(deps.db, photoId);
    if (owner !== null && owner !== userId) return conflict(c, photoId);
    const existing = owner === null ? undefined : await photoRow(deps.db, userId, photoId);
    if (existing) {
      // A device retrying an upload whose answer it never saw: the first one stands.
      return c.json(
        {
          ok: true,
          photoId,
          url: photoUrl(userId, photoId),
          contentType: existing.contentType,
          byteSize: existing.byteSize,
        },
        200,
      );
    }
    const refused = await refuseOverBudget(c, deps, userId, UPLOAD_UNITS);
    if (refused) return refused;
    const quota = deps.photoQuota ?? DEFAULT_PHOTO_QUOTA;
    const declared = Number(c.req.header('content-length') ?? 0) || 0;
    if (!(await fitsPhotoQuota(deps.db, userId, declared, quota))) {
      return c.json({ error: PHOTO_QUOTA_ERROR }, 413);
    }
    const read = await readBody(c.req.raw, PHOTO_MAX_BYTES);
    if (read.kind === 'too-large') {
      if (!read.drained) c.header('Connection', 'close');
      return c.json({ error: TOO_LARGE }, 413);
    }
    const bytes = read.bytes;
    if (bytes.byteLength === 0) return c.json({ error: 'The photo is empty' }, 400);
    const contentType = photoTypeOf(bytes);
    if (!contentType) {
      return c.json({ error: `${PHOTO_TYPE_ERROR} (checked by content, not by name)` }, 415);
    }
    // Bytes first, then the row: a row never names bytes that are not there.
    await putPhotoBytes(store, userId, photoId, bytes, contentType);
    const photo = { id: photoId, contentType, byteSize: bytes.byteLength };
    const stored = await claimPhoto(deps.db, userId, photo, quota);
    if (stored !== 'stored') {
      await deletePhotoBytes(deps.db, store, userId, photoId);
      return stored === 'taken' ? conflict(c, photoId) : c.json({ error: PHOTO_QUOTA_ERROR }, 413);
    }
    return c.json(
      {
        ok: true,
        photoId,
        url: photoUrl(userId, photoId),
        contentType,
        byteSize: bytes.byteLength,
      },
      201,
    );
  });

  app.get('/photos/:userId/:photoId', async (c) => {
    const { userId, photoId } = c.req.param();
    const store = deps.photoStore;
    if (!store) return c.json({ error: NO_STORE }, 503);
    const notFound = () => c.json({ error: `Unknown photo: ${photoId}` }, 404);
    // An owner is whatever uid the sign-in gave (any text, up to Firebase's 128 characters, '/'
    // included: photoUrl encodes it); a photo id is one of ours.
    const ownerReadable = userId.length <= 128 && unstorableTextProblem(userId) === null;
    if (!userId || !ownerReadable || !idSchema.safeParse(photoId).success) return notFound();
    const row = await photoRow(deps.db, userId, photoId);
    if (!row) return notFound();
    // A photo never changes under its id, so its id is a strong validator.
    const etag = `"${photoId}"`;
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    const stored = await getPhotoBytes(store, userId, photoId);
    if (!stored) return notFound();
    return c.body(stored.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      'Content-Type': row.contentType,
      'Content-Length': String(stored.bytes.byteLength),
    });
  });

  return app;
}
