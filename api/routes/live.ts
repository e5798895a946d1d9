// GET /api/live: current, upcoming and recent live streams (guarded per docs/product.md: token needed).
import { Hono } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { streamsSince } from '../live/live-streams';
import { groupStreams } from '../live/stream-status';

const RECENT_DAYS = 60;

export function liveRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/live', requireUser(deps.verifier), async (c) => {
    const now = new Date(deps.now?.() ?? Date.now());
    // Older streams are not 'recent' any more: the table may keep them, the answer does not.
    const since = new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
    const rows = await streamsSince(deps.db, since);
    return c.json(groupStreams(rows, now));
  });
  return app;
}
