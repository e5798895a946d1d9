// POST /api/tutorials/complete: marks a tutorial done on the profile.
import { Hono } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { mutationHandler } from '../http/mutation-handler';

export function tutorialRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/complete', requireUser(deps.verifier), mutationHandler(deps, 'tutorials/complete'));
  return app;
}
