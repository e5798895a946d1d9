// GET /api/profile/me: the signed-in user's profile; 404 until they have chosen a username.
import { Hono } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ownProfile } from '../profiles/own-profile';
import { profileBody } from '../profiles/profile-body';

export function profileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/profile/me', requireUser(deps.verifier), async (c) => {
    const profile = await ownProfile(deps.db, c.get('userId'));
    if (!profile?.username) {
      return c.json({ error: 'No profile yet: choose a username first' }, 404);
    }
    return c.json(profileBody(profile));
  });
  return app;
}
