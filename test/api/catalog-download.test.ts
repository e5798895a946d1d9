// GET /api/catalog: the device's copy, gzip with an ETag, 304 until the catalogue changes.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { importCatalog } from '../../api/catalog/catalog-import';
import { fixtureCars, fixtureSets } from '../fixtures/catalog';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const get = (headers: Record<string, string> = {}) =>
  api.app.request('/api/catalog', { headers: { 'Accept-Encoding': 'gzip', ...headers } });

describe('catalogue download', () => {
  it('answers {version, cars, sets} gzipped with an ETag, and 304 for that ETag', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const etag = response.headers.get('ETag');
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString());
    expect(Object.keys(body).sort()).toEqual(['cars', 'sets', 'version']);
    expect(`"${body.version}"`).toBe(etag);
    expect(body.cars).toHaveLength(fixtureCars.length);
    expect(body.cars[0]).toHaveProperty('id');
    expect(body.sets).toEqual(fixtureSets);

    const again = await get({ 'If-None-Match': etag as string });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves plain JSON to a client that does not accept gzip', async () => {
    const response = await api.app.request('/api/catalog');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect((await response.json()).cars).toHaveLength(fixtureCars.length);
  });

  it('changes the version when the catalogue changes, and not when the same data is imported again', async () => {
    const before = (await get()).headers.get('ETag') as string;
    const same = await importCatalog(api.database.db, { cars: fixtureCars, sets: fixtureSets });
    expect(same).toMatchObject({
      cars: { imported: 0, updated: 0 },
      sets: { imported: 0, updated: 0 },
      versionChanged: false,
    });
    expect((await get({ 'If-None-Match': before })).status).toBe(304);

    const renamed = fixtureCars.map((car, i) => (i === 0 ? { ...car, color: 'Plum Crazy' } : car));
    const changed = await importCatalog(api.database.db, { cars: renamed, sets: fixtureSets });
    expect(changed.cars).toEqual({ imported: 0, updated: 1, unchanged: fixtureCars.length - 1 });
    const after = await get({ 'If-None-Match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before);
  });
});
