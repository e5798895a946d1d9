// Per-user write limit on the posts commands and photo uploads: over it, 429 with Retry-After
// and nothing changes; another collector is not held back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { createWriteRateLimit } from '../../api/http/write-rate-limit';
import type { PhotoStore } from '../../api/posts/photo-store';

let api: ApiHarness;
const stored = new Map<string, { bytes: Uint8Array; contentType: string }>();
const memoryStore: PhotoStore = {
  async put(key, bytes, contentType) {
    stored.set(key, { bytes, contentType });
  },
  async get(key) {
    return stored.get(key) ?? null;
  },
  async delete(key) {
    stored.delete(key);
  },
};

beforeAll(async () => {
  api = await createApiHarness({
    writeRateLimit: createWriteRateLimit({ capacity: 3, refillPerSecond: 0.001 }),
    photoStore: memoryStore,
  });
});
afterAll(async () => {
  await api.close();
});

const collector = () => api.collector('r');

describe('the write rate limit', () => {
  it('answers 429 with Retry-After once a collector’s burst is spent, and creates nothing', async () => {
    const busy = await collector();
    for (let i = 0; i < 3; i++) {
      const ok = await api.call(busy, 'POST', '/api/posts/create', {
        postId: randomUUID(),
        body: `post ${i}`,
      });
      expect(ok.status).toBe(200);
    }
    const postId = randomUUID();
    const response = await api.app.request('/api/posts/create', {
      method: 'POST',
      headers: busy.headers,
      body: JSON.stringify({ postId, body: 'one too many' }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ error: expect.stringMatching(/Too many/) });
    expect((await api.call(null, 'GET', `/api/posts/${postId}`)).status).toBe(404);

    // Photo uploads count as writes too.
    const upload = await api.app.request(`/api/photos/${randomUUID()}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${busy.idToken}` },
      body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(upload.status).toBe(429);
    expect(upload.headers.get('Retry-After')).toBeTruthy();

    // The outbox's batch endpoint shares the same bucket.
    const pushed = await api.call(busy, 'POST', '/api/sync/push', {
      mutations: [{ key: 'k:1', name: 'posts/like', args: { postId, liked: true } }],
    });
    expect(pushed.status).toBe(429);

    const calm = await collector();
    const fine = await api.call(calm, 'POST', '/api/posts/create', {
      postId: randomUUID(),
      body: 'unaffected',
    });
    expect(fine.status).toBe(200);
  });
});
