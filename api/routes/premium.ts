// Issue 5 routes (premium): filled in by that feature; mounted under /api by app.ts.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';

export function premiumRoutes(deps: AppDeps) {
  void deps;
  return new Hono<AppEnv>();
}
