// POST /api/users/initialize (choose a username) and /api/users/update-settings.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { requireUser } from '../auth/require-user';
import { profiles } from '../db/schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { mutationHandler } from '../http/mutation-handler';
import { readJson } from '../http/read-json';
import { runIdempotent } from '../collection/mutation-service';
import { noReferences } from '../../src/shared/collection/mutations';
import { noStateChanges } from '../collection/collection-store';
import { requestHash } from '../collection/request-hash';
import { describeZodError } from '../../src/shared/collection/mutation-schemas';
import { RuleError } from '../../src/shared/collection/rules';
import { usernameSchema } from '../../src/shared/profile/username';
import { profileBody } from './profile-body';
import { usernameHolder } from '../profiles/username-holder';
import { isUniqueViolation } from '../db/sql-errors';
import { refuseOverBudget } from '../http/over-budget';
import { ORDINARY_CHANGE_UNITS } from '../../src/shared/collection/work-units';

const initializeSchema = z.strictObject({ username: usernameSchema });

export function userRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(requireUser(deps.verifier));

  app.post('/initialize', async (c) => {
    const raw = await readJson(c);
    const parsed = initializeSchema.safeParse(raw);
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const { username } = parsed.data;
    const userId = c.get('userId');
    const refused = await refuseOverBudget(c, deps, userId, ORDINARY_CHANGE_UNITS);
    if (refused) return refused;
    const key = c.req.header('Idempotency-Key');
    const takenError = `The username '${username}' is already taken`;
    try {
      const outcome = await runIdempotent(
        deps.db,
        userId,
        key,
        requestHash('users/initialize', raw),
        noReferences(),
        async (read) => {
          const [mine] = await deps.db.select().from(profiles).where(eq(profiles.userId, userId));
          if (mine?.username) {
            if (mine.username.toLowerCase() === username.toLowerCase()) {
              return { outcome: { status: 200, body: profileBody(mine) } };
            }
            throw new RuleError(409, `You already have the username '${mine.username}'`);
          }
          // The name is claimed when the profile is written (diecast_apply_diff); a holder
          // found here is answered at once.
          const holder = await usernameHolder(deps.db, username);
          if (holder !== null && holder !== userId) throw new RuleError(409, takenError);
          const diff = noStateChanges();
          diff.profile = { username };
          const body = profileBody({
            userId,
            username,
            ...read.totals,
            ...read.state.preferences,
            subscriptionStatus: mine?.subscriptionStatus ?? 'none',
          });
          return { outcome: { status: 200, body }, diff };
        },
      );
      return c.json(outcome.body, outcome.status as ContentfulStatusCode);
    } catch (error) {
      if (isUniqueViolation(error)) return c.json({ error: takenError }, 409);
      throw error;
    }
  });

  app.post('/update-settings', mutationHandler(deps, 'users/update-settings'));
  return app;
}
