// Photo bytes are kept under keys that cannot collide: `${uid}_${photoId}` gave (`a_b`, `c`) and
// (`a`, `b_c`) one file (the later upload replaced the earlier one's bytes), and a uid with '/'
// answered 500. Photos stored under the old flat key are still served, and deleting one never
// takes bytes another photo shares.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { unsignedToken, type TestUser } from '../fixtures/auth';
import { localPhotoStore } from '../../api/posts/local-photo-store';
import { legacyPhotoKey, photoKey } from '../../api/posts/photo-key';
import { deletePhotoBytes } from '../../api/posts/photo-bytes';
import type { PhotoStore } from '../../api/posts/photo-store';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4nyUMAAPoAX0yBc5MAAAAAElFTkSuQmCC',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

let api: ApiHarness;
let root: string;
let folder: string;
let store: PhotoStore;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'diecast-photo-keys-'));
  folder = join(root, 'uploads');
  mkdirSync(folder);
  store = localPhotoStore(folder);
  api = await createApiHarness({ photoStore: store });
});
afterAll(async () => {
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

/** A collector whose uid we choose (the emulator's unsigned form, trusted in emulator mode). */
function userWithUid(uid: string): TestUser {
  const email = `${randomUUID()}@example.com`;
  const idToken = unsignedToken({ sub: uid, user_id: uid, email });
  return { uid, email, idToken, headers: { Authorization: `Bearer ${idToken}` } };
}

const upload = (user: TestUser, photoId: string, bytes: Buffer) =>
  api.app.request(`/api/photos/${photoId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${user.idToken}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });

async function served(userId: string, photoId: string) {
  const response = await api.app.request(
    `/api/photos/${encodeURIComponent(userId)}/${encodeURIComponent(photoId)}`,
  );
  return {
    status: response.status,
    bytes: response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null,
  };
}

const stem = () => `k${randomUUID().slice(0, 8)}`;

describe('photo keys', () => {
  it('(a_b, c) and (a, b_c) keep their own bytes', async () => {
    const [a, c] = [stem(), stem()];
    const first = userWithUid(`${a}_b`);
    const second = userWithUid(a);
    expect((await upload(first, c, PNG)).status).toBe(201);
    expect((await upload(second, `b_${c}`, JPEG)).status).toBe(201);
    expect((await served(first.uid, c)).bytes).toEqual(PNG);
    expect((await served(second.uid, `b_${c}`)).bytes).toEqual(JPEG);
    expect(photoKey(`${a}_b`, c)).not.toBe(photoKey(a, `b_${c}`));
  });

  it("a uid with '/' or '..' is stored inside the folder and served, never a 500", async () => {
    const uid = `../../${stem()}/../x`;
    const user = userWithUid(uid);
    const photoId = `${stem()}.`;
    const put = await upload(user, photoId, PNG);
    expect(put.status).toBe(201);
    expect((await served(uid, photoId)).bytes).toEqual(PNG);
    // Only the folder was written: its parent holds nothing but it.
    expect(readdirSync(root)).toEqual(['uploads']);
    expect(photoKey(uid, '.').split('/')).toHaveLength(3);
    for (const part of photoKey(uid, '..').split('/')) expect(part).not.toMatch(/^\.{1,2}$/);
  });

  it('a very long uid is named by its hash, within a file name', async () => {
    const uid = `${'é'.repeat(120)}`;
    const user = userWithUid(uid);
    expect((await upload(user, 'long1', PNG)).status).toBe(201);
    expect((await served(uid, 'long1')).bytes).toEqual(PNG);
    expect(photoKey(uid, 'long1').length).toBeLessThan(200);
  });
});

describe('photos stored under the old flat key', () => {
  /** Uploads, then moves the bytes where the server before this change put them. */
  async function storedTheOldWay(user: TestUser, photoId: string, bytes: Buffer) {
    expect((await upload(user, photoId, bytes)).status).toBe(201);
    const legacy = legacyPhotoKey(user.uid, photoId)!;
    for (const suffix of ['', '.type']) {
      renameSync(
        join(folder, `${photoKey(user.uid, photoId)}${suffix}`),
        join(folder, `${legacy}${suffix}`),
      );
    }
    return legacy;
  }

  it('are still served, and deleted with their photo', async () => {
    const user = userWithUid(stem());
    const legacy = await storedTheOldWay(user, 'old1', PNG);
    expect(existsSync(join(folder, photoKey(user.uid, 'old1')))).toBe(false);
    expect((await served(user.uid, 'old1')).bytes).toEqual(PNG);
    await deletePhotoBytes(api.database.db, store, user.uid, 'old1');
    expect(existsSync(join(folder, legacy))).toBe(false);
  });

  it('are kept when another photo still shares the old key', async () => {
    const [a, c] = [stem(), stem()];
    const older = userWithUid(a);
    const legacy = await storedTheOldWay(older, `b_${c}`, JPEG);
    const newer = userWithUid(`${a}_b`);
    expect((await upload(newer, c, PNG)).status).toBe(201);
    await deletePhotoBytes(api.database.db, store, newer.uid, c);
    expect(existsSync(join(folder, legacy))).toBe(true);
    expect((await served(older.uid, `b_${c}`)).bytes).toEqual(JPEG);
  });
});
