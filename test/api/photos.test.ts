// PUT /api/photos/{photoId} and GET /api/photos/{userId}/{photoId}: type by content, 5 MB cap,
// idempotent per owner, another's id refused, served immutable with its stored type.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { localPhotoStore } from '../../api/posts/local-photo-store';
import { photoKey } from '../../api/posts/photo-key';
import { PHOTO_MAX_BYTES } from '../../src/shared/community/post-schemas';

/** A real 1×1 orange PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4nyUMAAPoAX0yBc5MAAAAAElFTkSuQmCC',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(8),
]);

let api: ApiHarness;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'diecast-photos-'));
  api = await createApiHarness({ photoStore: localPhotoStore(folder) });
});
afterAll(async () => {
  await api.close();
  rmSync(folder, { recursive: true, force: true });
});

async function upload(
  user: TestUser | null,
  photoId: string,
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  contentType = 'image/jpeg',
) {
  const response = await api.app.request(`/api/photos/${photoId}`, {
    method: 'PUT',
    headers: {
      ...(user ? { Authorization: `Bearer ${user.idToken}` } : {}),
      'content-type': contentType,
    },
    body: bytes,
    // A stream body needs half-duplex in Node's fetch Request.
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  api.app.request(path, { headers });

const named = () => api.collector('ph');

describe('uploading a photo', () => {
  it('stores a PNG and serves it to anyone with its type, long caching, an ETag and nosniff', async () => {
    const user = await named();
    const photoId = randomUUID();
    // Declared as JPEG: the content decides, so it is stored as the PNG it is.
    const put = await upload(user, photoId, PNG, 'image/jpeg');
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({
      ok: true,
      photoId,
      url: `/api/photos/${user.uid}/${photoId}`,
      contentType: 'image/png',
      byteSize: PNG.byteLength,
    });

    const served = await get(`/api/photos/${user.uid}/${photoId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = served.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const revalidated = await get(`/api/photos/${user.uid}/${photoId}`, {
      'If-None-Match': etag as string,
    });
    expect(revalidated.status).toBe(304);
  });

  it('takes JPEG and WebP by their first bytes', async () => {
    const user = await named();
    const jpeg = await upload(user, randomUUID(), JPEG, 'application/octet-stream');
    expect(jpeg.body.contentType).toBe('image/jpeg');
    const webp = await upload(user, randomUUID(), WEBP, 'image/png');
    expect(webp.body.contentType).toBe('image/webp');
  });

  it('is idempotent for its owner: the same id again answers 200 and changes nothing', async () => {
    const user = await named();
    const photoId = randomUUID();
    expect((await upload(user, photoId, PNG)).status).toBe(201);
    const again = await upload(user, photoId, JPEG);
    expect(again.status).toBe(200);
    expect(again.body.contentType).toBe('image/png');
    const served = await get(`/api/photos/${user.uid}/${photoId}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it("refuses another collector's photo id with 409 and keeps the first", async () => {
    const owner = await named();
    const other = await named();
    const photoId = randomUUID();
    await upload(owner, photoId, PNG);
    const taken = await upload(other, photoId, JPEG);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/already used/);
    expect((await get(`/api/photos/${other.uid}/${photoId}`)).status).toBe(404);
    expect((await get(`/api/photos/${owner.uid}/${photoId}`)).status).toBe(200);
  });

  it('refuses text named and sent as an image (415) and stores nothing', async () => {
    const user = await named();
    const photoId = 'holiday.jpg';
    const text = new TextEncoder().encode('<svg onload=alert(1)> not a picture at all');
    const put = await upload(user, photoId, text, 'image/png');
    expect(put.status).toBe(415);
    expect(put.body.error).toMatch(/JPEG, PNG or WebP/);
    expect((await get(`/api/photos/${user.uid}/${photoId}`)).status).toBe(404);
    expect(existsSync(join(folder, photoKey(user.uid, photoId)))).toBe(false);
    expect(readdirSync(folder).some((name) => name.includes(photoId))).toBe(false);
  });

  it('refuses more than 5 MB with 413, by declared length or by counting the stream', async () => {
    const user = await named();
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(PNG.subarray(0, 8));
    const declared = await upload(user, randomUUID(), big, 'image/png');
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatch(/5 MB or smaller/);

    // No Content-Length: the stream is read up to the cap and no further.
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(PNG.subarray(0, 8));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk.slice());
      },
    });
    const photoId = randomUUID();
    const streamed = await upload(user, photoId, endless, 'image/png');
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(12);
    expect((await get(`/api/photos/${user.uid}/${photoId}`)).status).toBe(404);
  });

  it('takes exactly 5 MB', async () => {
    const user = await named();
    const full = new Uint8Array(PHOTO_MAX_BYTES);
    full.set(PNG);
    expect((await upload(user, randomUUID(), full, 'image/png')).status).toBe(201);
  });

  it('needs a token, a valid id and a body', async () => {
    const user = await named();
    expect((await upload(null, randomUUID(), PNG)).status).toBe(401);
    const badId = await upload(user, 'bad%20id', PNG);
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatch(/photoId/);
    const empty = await upload(user, randomUUID(), new Uint8Array());
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('The photo is empty');
  });

  it('answers 404 JSON for a photo that is not there', async () => {
    const user = await named();
    const missing = await get(`/api/photos/${user.uid}/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: expect.stringMatching(/Unknown photo/) });
  });
});
