// Photos on the device: checked by content and size when picked, kept in IndexedDB, and uploaded
// before the push that names them; an upload that cannot happen now holds the push back.
import { describe, expect, it } from 'vitest';
import type { GarageDb } from '../../../src/db/garage-db';
import { keepPhoto, uploadNamedPhotos } from '../../../src/sync/photo-uploads';
import { httpServerPort } from '../../../src/sync/outbox-ports';
import type { ApiClient } from '../../../src/sync/api-client';
import type { PushMutation } from '../../../src/sync/replayer';
import { fixedClock, openTestDevice } from '../../fixtures/device';
import { unsignedToken } from '../../fixtures/auth';
import { API_MARKER_HEADER, API_MARKER_VALUE } from '../../../src/shared/http/api-marker';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new Blob([bytes], { type: 'image/png' });
};
const USER = 'collector-a';
const token = unsignedToken({ sub: USER, user_id: USER });

/** A server for the port: records what happened in which order, answers as told. */
function fakeServer(uploadStatus: (photoId: string) => number | 'offline' | 'portal' = () => 201) {
  const calls: string[] = [];
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    const photoId = decodeURIComponent(String(url).split('/').pop() ?? '');
    const status = uploadStatus(photoId);
    calls.push(`PUT ${photoId}`);
    if (status === 'offline') throw new TypeError('Failed to fetch');
    if (status === 'portal') {
      return new Response('<html>Blocked by the venue filter</html>', {
        status: 403,
        headers: { 'content-type': 'text/html' },
      });
    }
    expect(init?.method).toBe('PUT');
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    return new Response(JSON.stringify(status < 300 ? { ok: true } : { error: 'no' }), {
      status,
      headers: {
        [API_MARKER_HEADER]: API_MARKER_VALUE,
        ...(status === 429 ? { 'Retry-After': '7' } : {}),
      },
    });
  }) as typeof fetch;
  const api: ApiClient = {
    getCollection: () => Promise.reject(new Error('unused')),
    getProfile: () => Promise.reject(new Error('unused')),
    getCatalog: () => Promise.reject(new Error('unused')),
    async push(_token, mutations) {
      calls.push(`push ${mutations.map((m) => m.key).join(',')}`);
      return {
        status: 200,
        body: { results: mutations.map((m) => ({ key: m.key, status: 'ok' })) },
        retryAfterSeconds: null,
      };
    },
  };
  return { calls, fetcher, api };
}

async function deviceWithPhotos(count: number, userId = USER) {
  const db: GarageDb = await openTestDevice();
  const clock = fixedClock('2026-11-01T10:00:00.000Z', `photo-${userId}`);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await keepPhoto(db, userId, png(), clock)).id);
  return { db, ids };
}

const createPost = (key: string, photoIds: string[]): PushMutation => ({
  key,
  name: 'posts/create',
  args: { postId: `post-${key}`, body: '', photoIds },
});

describe('keeping a photo on the device', () => {
  it('keeps a PNG with a new id, the user and the type read from its bytes', async () => {
    const db = await openTestDevice();
    // Picked as 'something.jpg' with no type: the bytes say PNG.
    const file = new Blob([png()], { type: '' });
    const row = await keepPhoto(db, USER, file, fixedClock());
    expect(row).toMatchObject({ id: 'dev-1', userId: USER, contentType: 'image/png' });
    const kept = await db.photoUploads.get('dev-1');
    expect(kept?.userId).toBe(USER);
    expect(kept?.blob.size).toBe(64);
  });

  it('refuses text dressed as an image, with a clear message, and keeps nothing', async () => {
    const db = await openTestDevice();
    const text = new Blob(['<svg onload=alert(1)>'], { type: 'image/jpeg' });
    await expect(keepPhoto(db, USER, text)).rejects.toMatchObject({
      code: 'invalid-change',
      message: 'Photos must be JPEG, PNG or WebP',
    });
    expect(await db.photoUploads.count()).toBe(0);
  });

  it('refuses more than 5 MB, and takes exactly 5 MB', async () => {
    const db = await openTestDevice();
    await expect(keepPhoto(db, USER, png(5 * 1024 * 1024 + 1))).rejects.toMatchObject({
      message: 'Photos must be 5 MB or smaller',
    });
    await keepPhoto(db, USER, png(5 * 1024 * 1024));
    expect(await db.photoUploads.count()).toBe(1);
  });
});

describe('uploading before the push', () => {
  it('uploads every photo the chunk names before pushing it, then forgets them', async () => {
    const { db, ids } = await deviceWithPhotos(3);
    const server = fakeServer();
    const port = httpServerPort(server.api, { db, fetcher: server.fetcher });
    const unrelated = (await keepPhoto(db, USER, png(), fixedClock('x', 'later'))).id;
    const response = await port.push(token, [
      createPost('k:1', [ids[0] as string, ids[1] as string]),
      { key: 'k:2', name: 'collection/toggle-favorite', args: { carId: 'c', isFavorited: true } },
      createPost('k:3', [ids[2] as string]),
    ]);
    expect(response.status).toBe(200);
    expect(server.calls).toEqual([
      `PUT ${ids[0]}`,
      `PUT ${ids[1]}`,
      `PUT ${ids[2]}`,
      'push k:1,k:2,k:3',
    ]);
    // Uploaded rows go; a photo no entry names yet stays for its own post.
    expect((await db.photoUploads.toArray()).map((row) => row.id)).toEqual([unrelated]);
  });

  it('pushes straight away when the chunk names no kept photo', async () => {
    const { db } = await deviceWithPhotos(0);
    const server = fakeServer();
    const port = httpServerPort(server.api, { db, fetcher: server.fetcher });
    await port.push(token, [createPost('k:1', ['already-on-the-server'])]);
    expect(server.calls).toEqual(['push k:1']);
  });

  it('throws like a network error when an upload cannot reach the server, keeping the photo and the entry', async () => {
    const { db, ids } = await deviceWithPhotos(2);
    const server = fakeServer((photoId) => (photoId === ids[1] ? 'offline' : 201));
    const port = httpServerPort(server.api, { db, fetcher: server.fetcher });
    await expect(port.push(token, [createPost('k:1', ids)])).rejects.toMatchObject({
      reason: 'network',
    });
    expect(server.calls).toEqual([`PUT ${ids[0]}`, `PUT ${ids[1]}`]);
    expect((await db.photoUploads.toArray()).map((row) => row.id)).toEqual([ids[1]]);
  });

  it("keeps the photo when a portal or filter answers the upload in our server's place", async () => {
    const { db, ids } = await deviceWithPhotos(1);
    const server = fakeServer(() => 'portal');
    const port = httpServerPort(server.api, { db, fetcher: server.fetcher });
    await expect(port.push(token, [createPost('k:1', ids)])).rejects.toMatchObject({
      reason: 'not-api',
    });
    expect(server.calls).toEqual([`PUT ${ids[0]}`]); // and no push after it
    expect(await db.photoUploads.count()).toBe(1);
  });

  it('answers a 429 or 5xx of the upload in place of the push, with its Retry-After', async () => {
    const { db, ids } = await deviceWithPhotos(1);
    const server = fakeServer(() => 429);
    const port = httpServerPort(server.api, { db, fetcher: server.fetcher });
    const response = await port.push(token, [createPost('k:1', ids)]);
    expect(response).toEqual({ status: 429, body: { error: 'no' }, retryAfterSeconds: 7 });
    expect(server.calls).toEqual([`PUT ${ids[0]}`]);
    expect(await db.photoUploads.count()).toBe(1);

    const failing = fakeServer(() => 503);
    const again = await httpServerPort(failing.api, { db, fetcher: failing.fetcher }).push(token, [
      createPost('k:1', ids),
    ]);
    expect(again.status).toBe(503);
    expect(failing.calls).toEqual([`PUT ${ids[0]}`]);
  });

  it('drops a photo the server refuses for good (409, 413, 415) and lets the push tell the collector', async () => {
    for (const status of [409, 413, 415]) {
      const { db, ids } = await deviceWithPhotos(1);
      const server = fakeServer(() => status);
      const port = httpServerPort(server.api, { db, fetcher: server.fetcher });
      const response = await port.push(token, [createPost('k:1', ids)]);
      expect(response.status).toBe(200);
      expect(server.calls).toEqual([`PUT ${ids[0]}`, 'push k:1']);
      expect(await db.photoUploads.count()).toBe(0);
    }
  });

  it('answers a 401 of the upload in place of the push, so the replayer refreshes the token', async () => {
    const { db, ids } = await deviceWithPhotos(1);
    const server = fakeServer(() => 401);
    const response = await httpServerPort(server.api, { db, fetcher: server.fetcher }).push(token, [
      createPost('k:1', ids),
    ]);
    expect(response.status).toBe(401);
    expect(server.calls).toEqual([`PUT ${ids[0]}`]);
    expect(await db.photoUploads.count()).toBe(1);
  });

  it("never uploads another signed-in collector's kept photos", async () => {
    const db = await openTestDevice();
    const theirs = (await keepPhoto(db, 'collector-b', png(), fixedClock('t', 'b'))).id;
    const server = fakeServer();
    await uploadNamedPhotos(db, token, [createPost('k:1', [theirs])], server.fetcher);
    expect(server.calls).toEqual([]);
    expect(await db.photoUploads.count()).toBe(1);
  });
});
