// Photos per collector are bounded (count and bytes: 413 beyond, nothing stored), and uploads no
// post or avatar uses are deleted after a day (row, id and bytes), while used and recent ones
// stay. Before: no quota, and unused uploads were kept forever.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import type { PhotoStore } from '../../api/posts/photo-store';
import { sweepUnusedPhotos } from '../../api/posts/photo-sweep';
import { objectOwner } from '../../api/db/object-ids';
import { PHOTO_QUOTA_ERROR } from '../../src/shared/community/post-schemas';

const stored = new Map<string, Uint8Array>();
const memoryStore: PhotoStore = {
  async put(key, bytes) {
    stored.set(key, bytes);
  },
  async get(key) {
    const bytes = stored.get(key);
    return bytes ? { bytes, contentType: 'image/jpeg' } : null;
  },
  async delete(key) {
    stored.delete(key);
  },
};

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness({
    photoStore: memoryStore,
    // Small enough to reach: three photos, 100 bytes.
    photoQuota: { photos: 3, bytes: 100 },
  });
});
afterAll(async () => {
  await api.close();
});

const jpeg = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};

const upload = (user: TestUser, photoId: string, size = 10) =>
  api.app.request(`/api/photos/${photoId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${user.idToken}` },
    body: jpeg(size),
  });

describe('the photo quota', () => {
  it('refuses the photo past the count with 413 and stores nothing', async () => {
    const user = await api.user();
    for (let i = 0; i < 3; i++) expect((await upload(user, `q-${user.uid}-${i}`)).status).toBe(201);
    const refused = await upload(user, `q-${user.uid}-3`);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: PHOTO_QUOTA_ERROR });
    expect(await objectOwner(api.database.db, 'photo', `q-${user.uid}-3`)).toBeNull();
    expect(stored.has(`${user.uid}_q-${user.uid}-3`)).toBe(false);
    // The same photo again is not a new one: it still answers 200.
    expect((await upload(user, `q-${user.uid}-0`)).status).toBe(200);
  });

  it('refuses the photo past the bytes, also when uploads race', async () => {
    const user = await api.user();
    expect((await upload(user, `b-${user.uid}-0`, 60)).status).toBe(201);
    expect((await upload(user, `b-${user.uid}-1`, 60)).status).toBe(413);
    const other = await api.user();
    const racing = await Promise.all(
      [0, 1, 2].map((i) => upload(other, `r-${other.uid}-${i}`, 40)),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 413]);
  });
});

describe('the sweep of unused uploads', () => {
  it('deletes a day-old photo no post or avatar uses, and keeps the others', async () => {
    const user = await api.collector('sweep');
    const [inPost, avatar, unused, recent] = ['in-post', 'avatar', 'unused', 'recent'].map(
      (name) => `${name}-${randomUUID()}`,
    ) as [string, string, string, string];
    for (const id of [inPost, avatar, unused]) expect((await upload(user, id)).status).toBe(201);
    const postId = randomUUID();
    await api.call(user, 'POST', '/api/posts/create', { postId, body: 'x', photoIds: [inPost] });
    await api.call(user, 'POST', '/api/profile/update', { avatarPhotoId: avatar });
    await api.database.db.execute(
      sql`UPDATE photos SET created_at = now() - interval '2 days' WHERE user_id = ${user.uid}`,
    );
    expect((await upload(user, recent)).status).toBe(413); // the quota counts unused ones too
    const deleted = await sweepUnusedPhotos(api.database.db, memoryStore, { now: new Date() });
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await objectOwner(api.database.db, 'photo', unused)).toBeNull();
    expect(stored.has(`${user.uid}_${unused}`)).toBe(false);
    expect((await api.call(null, 'GET', `/api/photos/${user.uid}/${unused}`)).status).toBe(404);
    for (const kept of [inPost, avatar]) {
      expect(await objectOwner(api.database.db, 'photo', kept)).toBe(user.uid);
      expect((await api.call(null, 'GET', `/api/photos/${user.uid}/${kept}`)).status).toBe(200);
    }
    // With the unused one gone, there is room again; a fresh upload is not swept.
    expect((await upload(user, recent)).status).toBe(201);
    await sweepUnusedPhotos(api.database.db, memoryStore, { now: new Date() });
    expect(await objectOwner(api.database.db, 'photo', recent)).toBe(user.uid);
  });
});
