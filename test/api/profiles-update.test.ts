// POST /api/profile/update: bio, avatar (a photo of my own), username (unique in any case);
// bad input is 400 and changes nothing; it also arrives through the outbox (sync/push).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profileDetails, objectIds } from '../../api/db/schema';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';

/** Users whose writes the rate limit refuses (everyone else is unlimited). */
const limited = new Set<string>();

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness({
    writeBudget: {
      capacity: 1200,
      refillPerSecond: 20,
      take: async (userId) => (limited.has(userId) ? 7 : null),
      waitFor: async () => 7,
    },
  });
});
afterAll(async () => {
  await api.close();
});

const short = () => randomUUID().replace(/-/g, '').slice(0, 8);

async function collector(stem = 'upd'): Promise<TestUser & { username: string }> {
  const user = await api.user();
  const username = `${stem}${short()}`;
  const made = await api.call(user, 'POST', '/api/users/initialize', { username });
  expect(made.status).toBe(200);
  return { ...user, username };
}

async function uploadedPhoto(userId: string): Promise<string> {
  const id = randomUUID();
  // As an upload leaves it: the row, and its id claimed in the directory.
  await api.database.db
    .insert(photos)
    .values({ userId, id, contentType: 'image/jpeg', byteSize: 1234 });
  await api.database.db.insert(objectIds).values({ kind: 'photo', id, userId });
  return id;
}

const update = (user: TestUser | null, body: unknown, headers?: Record<string, string>) =>
  api.call(user, 'POST', '/api/profile/update', body, headers);

const profileOf = async (user: TestUser) =>
  (await api.call(null, 'GET', `/api/profiles/${user.uid}`)).body;

describe('POST /api/profile/update', () => {
  it('sets the bio (trimmed) and answers the public profile', async () => {
    const me = await collector();
    const response = await update(me, { bio: '  Redline hunter since 1998.\nLoose cars only.  ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      profile: {
        userId: me.uid,
        username: me.username,
        bio: 'Redline hunter since 1998.\nLoose cars only.',
        avatarUrl: null,
      },
    });
    expect((await profileOf(me)).bio).toBe('Redline hunter since 1998.\nLoose cars only.');
  });

  it('counts the bio in characters: 300 emoji fit, 301 letters do not (400, nothing changes)', async () => {
    const me = await collector();
    expect((await update(me, { bio: '🏎'.repeat(300) })).status).toBe(200);
    const tooLong = await update(me, { bio: 'x'.repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('bio: must be at most 300 characters');
    expect((await profileOf(me)).bio).toBe('🏎'.repeat(300));
  });

  it.each([
    [{}, /Nothing to change/],
    [{ bio: 42 }, /^bio: /],
    [{ bio: 'ok', color: 'red' }, /color/],
    [{ avatarPhotoId: '../../etc/passwd' }, /^avatarPhotoId: /],
    [{ avatarPhotoId: '' }, /^avatarPhotoId: /],
    [{ username: 'ab' }, /^username: Username must be at least 3/],
    [{ username: 'has space' }, /^username: Username may only contain/],
    [{ username: 'x'.repeat(21) }, /^username: Username must be at most 20/],
    [[], /expected object/i],
  ])('rejects %j with 400 and a clear error', async (payload, message) => {
    const me = await collector();
    await update(me, { bio: 'before' });
    const response = await update(me, payload);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    const after = await profileOf(me);
    expect(after.bio).toBe('before');
    expect(after.username).toBe(me.username);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const me = await collector();
    const response = await update(me, '{not json');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Request body is not valid JSON');
  });

  it('needs a token (401) and a username first (404)', async () => {
    expect((await update(null, { bio: 'hi' })).status).toBe(401);
    const nameless = await api.user();
    const response = await update(nameless, { bio: 'hi' });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('No profile yet: choose a username first');
  });

  it('takes a photo of my own as the avatar, and null removes it', async () => {
    const me = await collector();
    const photoId = await uploadedPhoto(me.uid);
    const set = await update(me, { avatarPhotoId: photoId });
    expect(set.status).toBe(200);
    expect(set.body.profile.avatarUrl).toBe(`/api/photos/${me.uid}/${photoId}`);
    expect((await profileOf(me)).avatarUrl).toBe(`/api/photos/${me.uid}/${photoId}`);
    // The bio stays as it was when only the avatar changes.
    await update(me, { bio: 'kept' });
    const removed = await update(me, { avatarPhotoId: null });
    expect(removed.body.profile).toMatchObject({ avatarUrl: null, bio: 'kept' });
    expect((await profileOf(me)).avatarUrl).toBeNull();
  });

  it("refuses an unknown photo (404) and someone else's photo (403) as the avatar", async () => {
    const me = await collector();
    const other = await collector();
    const unknown = await update(me, { avatarPhotoId: randomUUID(), bio: 'not saved' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/upload it before using it/);
    const theirs = await update(me, { avatarPhotoId: await uploadedPhoto(other.uid) });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('Your avatar must be a photo you uploaded');
    // Nothing of a refused change is kept, not even its bio.
    const [row] = await api.database.db
      .select()
      .from(profileDetails)
      .where(eq(profileDetails.userId, me.uid));
    expect(row).toBeUndefined();
  });

  it('changes the username; GET /api/profile/me and the public profile show it', async () => {
    const me = await collector();
    const next = `renamed${short()}`;
    const response = await update(me, { username: next });
    expect(response.status).toBe(200);
    expect(response.body.profile.username).toBe(next);
    expect((await api.call(me, 'GET', '/api/profile/me')).body.username).toBe(next);
    expect((await profileOf(me)).username).toBe(next);
  });

  it('lets me change only the capitals of my own name', async () => {
    const me = await collector('caps');
    const response = await update(me, { username: me.username.toUpperCase() });
    expect(response.status).toBe(200);
    expect((await profileOf(me)).username).toBe(me.username.toUpperCase());
  });

  it("refuses someone else's username in any case with 409, and changes nothing else", async () => {
    const first = await collector('taken');
    const second = await collector();
    await update(second, { bio: 'mine' });
    const response = await update(second, {
      username: first.username.toUpperCase(),
      bio: 'would change',
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: `The username '${first.username.toUpperCase()}' is already taken`,
    });
    const after = await profileOf(second);
    expect(after).toMatchObject({ username: second.username, bio: 'mine' });
  });

  it('answers the same outcome for the same Idempotency-Key (and 422 for another payload)', async () => {
    const me = await collector();
    const key = `device-1:${short()}`;
    const first = await update(me, { bio: 'one' }, { 'Idempotency-Key': key });
    await update(me, { bio: 'two' });
    const again = await update(me, { bio: 'one' }, { 'Idempotency-Key': key });
    expect(again).toEqual(first);
    expect((await profileOf(me)).bio).toBe('two');
    expect((await update(me, { bio: 'three' }, { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('arrives through the outbox (POST /api/sync/push) with the same rules', async () => {
    const me = await collector();
    const taken = await collector('pushtaken');
    const response = await api.call(me, 'POST', '/api/sync/push', {
      mutations: [
        { key: `dev:${short()}`, name: 'profile/update', args: { bio: 'from the outbox' } },
        { key: `dev:${short()}`, name: 'profile/update', args: { username: taken.username } },
        { key: `dev:${short()}`, name: 'profile/update', args: { bio: 'x'.repeat(301) } },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.results.map((result: { status: string }) => result.status)).toEqual([
      'ok',
      'rejected',
      'rejected',
    ]);
    expect((await profileOf(me)).bio).toBe('from the outbox');
  });

  it('answers 429 with Retry-After over the write limit, for both commands, changing nothing', async () => {
    const me = await collector();
    const other = await collector();
    await update(me, { bio: 'before' });
    limited.add(me.uid);
    try {
      const response = await api.app.request('/api/profile/update', {
        method: 'POST',
        headers: me.headers,
        body: JSON.stringify({ bio: 'after' }),
      });
      expect(response.status).toBe(429);
      expect(response.headers.get('Retry-After')).toBe('7');
      const follow = await api.call(me, 'POST', '/api/follows/set', {
        userId: other.uid,
        following: true,
      });
      expect(follow.status).toBe(429);
    } finally {
      limited.delete(me.uid);
    }
    expect((await profileOf(me)).bio).toBe('before');
    expect((await profileOf(other)).followerCount).toBe(0);
  });
});
