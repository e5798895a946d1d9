// Issue 5 routes (push): filled in by that feature; mounted under /api by app.ts.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';

export function pushRoutes(deps: AppDeps) {
  void deps;
  return new Hono<AppEnv>();
}
