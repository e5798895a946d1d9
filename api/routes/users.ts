// POST /api/users/initialize (choose a username) and /api/users/update-settings.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { changeHandler, mutationHandler } from '../http/change-handler';
import { runIdempotent } from '../collection/mutation-service';
import { noReferences } from '../../src/shared/collection/mutations';
import { noStateChanges } from '../collection/collection-store';
import { requestHash } from '../collection/request-hash';
import { describeZodError } from '../../src/shared/validation';
import { RuleError } from '../../src/shared/collection/rules';
import { usernameSchema } from '../../src/shared/profile/username';
import { profileBody } from '../profiles/profile-body';
import { lookalikeHolder, lostUsernameRace, usernameHolder } from '../profiles/username-holder';
import { lookalikeUsernameMessage } from '../../src/shared/profile/username-lookalikes';
import { ownProfile } from '../profiles/own-profile';
import { refuseOverBudget } from '../http/over-budget';
import { ORDINARY_CHANGE_UNITS } from '../../src/shared/collection/work-units';

const initializeSchema = z.strictObject({ username: usernameSchema });

export function userRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('/users/*', requireUser(deps.verifier));

  app.post(
    '/users/initialize',
    changeHandler(async (c, raw, key) => {
      const parsed = initializeSchema.safeParse(raw);
      if (!parsed.success) return { status: 400, body: { error: describeZodError(parsed.error) } };
      const { username } = parsed.data;
      const userId = c.get('userId');
      const refused = await refuseOverBudget(c, deps, userId, ORDINARY_CHANGE_UNITS);
      if (refused) return refused;
      const takenError = `The username '${username}' is already taken`;
      try {
        return await runIdempotent(
          deps.db,
          userId,
          key,
          requestHash('users/initialize', raw),
          noReferences(),
          async (read) => {
            const mine = await ownProfile(deps.db, userId);
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
            const alike = await lookalikeHolder(deps.db, username);
            if (alike !== null && alike.userId !== userId) {
              throw new RuleError(409, lookalikeUsernameMessage(username, alike.username));
            }
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
      } catch (error) {
        if (lostUsernameRace(error)) return { status: 409, body: { error: takenError } };
        throw error;
      }
    }),
  );

  app.post('/users/update-settings', mutationHandler(deps, 'users/update-settings'));
  return app;
}
