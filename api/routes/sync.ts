// POST /api/sync/push: a device's outbox chunk, applied in order, one result per entry.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-json';
import { pushMutations, systemClock } from '../collection/mutation-service';
import { describeZodError } from '../../src/shared/collection/mutation-schemas';

/** The device sends at most 200 per chunk; the server takes up to 1000 (bulk imports). */
export const MAX_PUSH_ENTRIES = 1000;

const pushSchema = z.strictObject({
  mutations: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[\x21-\x7e]{1,200}$/, 'must be 1-200 printable ASCII characters'),
        name: z.string().min(1).max(100),
        args: z.unknown(),
      }),
    )
    .max(MAX_PUSH_ENTRIES, `must hold at most ${MAX_PUSH_ENTRIES} entries`),
});

export function syncRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const clock = { now: deps.now ?? systemClock.now, newId: deps.newId ?? systemClock.newId };
  app.post('/push', requireUser(deps.verifier), async (c) => {
    const parsed = pushSchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const results = await pushMutations(deps.db, clock, c.get('userId'), parsed.data.mutations);
    return c.json({ results });
  });
  return app;
}
