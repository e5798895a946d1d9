// Community changes ride the same outbox as collection changes: one push keeps their order
// (a post may tag a car added earlier in the same chunk), a replayed key changes nothing, and a
// chunk over the write budget is refused whole with Retry-After, so nothing in it is lost.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { TWIN_MILL } from '../fixtures/catalog';

let api: ApiHarness;
beforeAll(async () => {
  // Room for four community changes (20 units each) and a few collection changes (1 each).
  api = await createApiHarness({}, { budget: { capacity: 85, refillPerSecond: 0.001 } });
});
afterAll(() => api.close());

const collector = () => api.collector('o');

const addTwinMill = (key: string) => ({
  key,
  name: 'collection/add-car-instance',
  args: { carId: TWIN_MILL, details: { instanceId: `i-${key}` } },
});
const postTagging = (key: string, postId: string) => ({
  key,
  name: 'posts/create',
  args: { postId, body: 'Found one!', photoIds: [], tagged: [{ kind: 'car', id: TWIN_MILL }] },
});

describe('community changes in a sync push', () => {
  it('apply in order with the collection changes around them', async () => {
    const user = await collector();
    const postId = randomUUID();
    const removeIt = {
      key: 'd:3',
      name: 'collection/remove-car-instance',
      args: { carId: TWIN_MILL, instanceId: 'i-d:1' },
    };
    // The post needs the car owned: only true if the add before it was applied first.
    const pushed = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [addTwinMill('d:1'), postTagging('d:2', postId), removeIt],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results).toEqual([
      { key: 'd:1', status: 'ok' },
      { key: 'd:2', status: 'ok' },
      { key: 'd:3', status: 'ok' },
    ]);
    const collection = await api.call(user, 'GET', '/api/collection/get');
    expect(collection.body.ownedCars).toEqual([]);
    const post = await api.call(null, 'GET', `/api/posts/${postId}`);
    expect(post.status).toBe(200);
    expect(post.body.post.tagged).toEqual([{ kind: 'car', id: TWIN_MILL }]);
  });

  it('answer a replayed key as a duplicate and create nothing twice', async () => {
    const user = await collector();
    const postId = randomUUID();
    const chunk = { mutations: [addTwinMill('e:1'), postTagging('e:2', postId)] };
    await api.call(user, 'POST', '/api/sync/push', chunk);
    const again = await api.call(user, 'POST', '/api/sync/push', chunk);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
    ]);
    const feed = await api.call(null, 'GET', `/api/posts/feed?author=${user.uid}`);
    expect(feed.body.posts.map((p: { id: string }) => p.id)).toEqual([postId]);
  });

  it('refuse a chunk over the write budget whole, with Retry-After, applying none of it', async () => {
    const user = await collector();
    const ids = Array.from({ length: 5 }, () => randomUUID());
    // 85 units: four community changes take 80, then a post and a car (21) need a refill.
    const first = await api.call(user, 'POST', '/api/sync/push', {
      mutations: ids.slice(0, 4).map((postId, i) => ({
        key: `f:${i}`,
        name: 'posts/create',
        args: { postId, body: `post ${i}`, photoIds: [], tagged: [] },
      })),
    });
    expect(first.status).toBe(200);
    const refused = await api.app.request('/api/sync/push', {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({
        mutations: [
          addTwinMill('f:10'),
          {
            key: 'f:11',
            name: 'posts/create',
            args: { postId: ids[4], body: 'one more', photoIds: [], tagged: [] },
          },
        ],
      }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const collection = await api.call(user, 'GET', '/api/collection/get');
    expect(collection.body.ownedCars).toEqual([]);
  });
});
