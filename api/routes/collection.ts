// /api/collection/*: the signed-in collector's collection, car details, and every change call.
import { Hono } from 'hono';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { requireUser } from '../auth/require-user';
import { catalogCars } from '../db/schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { mutationHandler } from '../http/mutation-handler';
import { readJson } from '../http/read-json';
import { loadUserStateOrEmpty } from '../collection/collection-store';
import { detailedCar } from '../catalog/detailed-car';
import {
  describeZodError,
  idSchema,
  MUTATION_NAMES,
} from '../../src/shared/collection/mutation-schemas';

const detailsSchema = z.strictObject({
  carIds: z.array(idSchema).max(1000, 'must hold at most 1000 ids'),
});

export function collectionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(requireUser(deps.verifier));

  app.get('/get', async (c) => {
    const state = await loadUserStateOrEmpty(deps.db, c.get('userId'));
    return c.json(state.collection);
  });

  app.post('/details', async (c) => {
    const parsed = detailsSchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const ids = [...new Set(parsed.data.carIds)];
    const rows =
      ids.length > 0
        ? await deps.db.select().from(catalogCars).where(inArray(catalogCars.id, ids))
        : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0) return c.json({ error: `Unknown car: ${unknown.join(', ')}` }, 404);
    return c.json(
      parsed.data.carIds.map((id) => detailedCar(byId.get(id) as (typeof rows)[number])),
    );
  });

  for (const name of MUTATION_NAMES) {
    if (!name.startsWith('collection/')) continue;
    app.post(`/${name.slice('collection/'.length)}`, mutationHandler(deps, name));
  }
  return app;
}
