// /api/collection/*: the signed-in collector's collection, car details, and every change call.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { mutationHandler } from '../http/change-handler';
import { readJson } from '../http/read-json';
import { loadUserStateOrEmpty } from '../collection/collection-store';
import { catalogCarsByIds, type CatalogCarRow } from '../catalog/catalog-cars';
import { detailedCar } from '../catalog/detailed-car';
import { idSchema, MUTATION_NAMES } from '../../src/shared/collection/mutation-schemas';
import { describeZodError } from '../../src/shared/validation';

const detailsSchema = z.strictObject({
  carIds: z.array(idSchema).max(1000, 'must hold at most 1000 ids'),
});

export function collectionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/collection/*', requireUser(deps.verifier));

  app.get('/collection/get', async (c) => {
    const state = await loadUserStateOrEmpty(deps.db, c.get('userId'));
    return c.json(state.collection);
  });

  app.post('/collection/details', async (c) => {
    const parsed = detailsSchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const ids = [...new Set(parsed.data.carIds)];
    const rows = await catalogCarsByIds(deps.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0) return c.json({ error: `Unknown car: ${unknown.join(', ')}` }, 404);
    return c.json(parsed.data.carIds.map((id) => detailedCar(byId.get(id) as CatalogCarRow)));
  });

  for (const name of MUTATION_NAMES) {
    if (name.startsWith('collection/')) app.post(`/${name}`, mutationHandler(deps, name));
  }
  return app;
}
