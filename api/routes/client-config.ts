// GET /api/config: what the device needs to sign in (public values only: Firebase web config).
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';

export function clientConfigRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/config', (c) => {
    if (!deps.clientConfig)
      return c.json({ error: 'Sign-in is not configured on this server' }, 503);
    c.header('Cache-Control', 'no-cache');
    return c.json(deps.clientConfig);
  });
  return app;
}
