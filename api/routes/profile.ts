// GET /api/profile/me: the signed-in user's profile; 404 until they have chosen a username.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { requireUser } from '../auth/require-user';
import { profiles } from '../db/schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { profileBody } from './profile-body';

export function profileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/me', requireUser(deps.verifier), async (c) => {
    const [profile] = await deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, c.get('userId')));
    if (!profile?.username) {
      return c.json({ error: 'No profile yet: choose a username first' }, 404);
    }
    return c.json(profileBody(profile));
  });
  return app;
}
