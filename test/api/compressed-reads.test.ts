// Reads go gzipped to a client that accepts it (a 10,000-car collection is 2.6 MB of JSON, pulled
// after every confirmed push), with the same JSON inside; writes and small answers go as they are.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIN_COMPRESSED_BYTES } from '../../api/http/compress-reads';
import { API_MARKER_HEADER, API_MARKER_VALUE } from '../../src/shared/http/api-marker';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { CHARGER } from '../fixtures/catalog';

let api: ApiHarness;
let collector: TestUser;

beforeAll(async () => {
  api = await createApiHarness();
  collector = await api.user();
  // Twenty copies of one car: a collection well over the threshold.
  const mutations = Array.from({ length: 20 }, (_, i) => ({
    key: `d:${i + 1}`,
    name: 'collection/add-car-instance',
    args: { carId: CHARGER, details: { notes: `copy ${i + 1} from the fair` } },
  }));
  const pushed = await api.call(collector, 'POST', '/api/sync/push', { mutations });
  expect(pushed.status).toBe(200);
});
afterAll(async () => {
  await api.close();
});

const ACCEPTS = { 'Accept-Encoding': 'gzip, deflate, br' };
const getCollection = (headers: Record<string, string> = {}) =>
  api.app.request('/api/collection/get', { headers: { ...collector.headers, ...headers } });

it('sends a large read gzipped, the same JSON inside, still marked as ours', async () => {
  const plain = await getCollection();
  const zipped = await getCollection(ACCEPTS);
  const text = await plain.text();
  expect(text.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
  expect(plain.headers.get('Content-Encoding')).toBeNull();
  expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
  expect(zipped.headers.get('Vary')).toMatch(/Accept-Encoding/);
  expect(zipped.headers.get(API_MARKER_HEADER)).toBe(API_MARKER_VALUE);
  const bytes = Buffer.from(await zipped.arrayBuffer());
  expect(Number(zipped.headers.get('Content-Length'))).toBe(bytes.length);
  expect(gunzipSync(bytes).toString('utf8')).toBe(text);
  expect(bytes.length).toBeLessThan(text.length / 3);
  expect(JSON.parse(text).ownedCars[0].instances).toHaveLength(20);
});

it('sends it as it is to a client that does not take gzip', async () => {
  const refused = await getCollection({ 'Accept-Encoding': 'gzip;q=0, identity' });
  expect(refused.headers.get('Content-Encoding')).toBeNull();
  expect((await refused.json()).ownedCars).toHaveLength(1);
});

it('sends write answers and small reads as they are', async () => {
  const push = await api.app.request('/api/sync/push', {
    method: 'POST',
    headers: { ...collector.headers, ...ACCEPTS },
    body: JSON.stringify({ mutations: [] }),
  });
  expect(push.status).toBe(200);
  expect(push.headers.get('Content-Encoding')).toBeNull();
  const missing = await api.app.request('/api/no-such-thing', { headers: ACCEPTS });
  expect(missing.status).toBe(404);
  expect(missing.headers.get('Content-Encoding')).toBeNull();
  expect((await missing.json()).error).toMatch(/^Not found/);
});
