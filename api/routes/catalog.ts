// GET /api/catalog (the device's copy, gzip + ETag) and GET /api/all-sets (no token needed).
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { createCatalogSnapshotCache } from '../catalog/catalog-snapshot';

function sendJson(c: Context, json: string, gzip: Buffer, etag: string) {
  c.header('ETag', etag);
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding');
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=utf-8');
  if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(gzip));
  }
  return c.body(json);
}

export function catalogRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const snapshot = createCatalogSnapshotCache(deps.db);

  app.get('/catalog', async (c) => {
    const current = await snapshot();
    return sendJson(c, current.json, current.gzip, current.etag);
  });

  app.get('/all-sets', async (c) => {
    const current = await snapshot();
    return sendJson(c, current.allSetsJson, current.allSetsGzip, `"sets-${current.version}"`);
  });
  return app;
}
