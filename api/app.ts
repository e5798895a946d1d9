// The Hono app: every /api route, JSON errors, body limit. `serve()` lives in main.ts.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_MARKER_HEADER, API_MARKER_VALUE } from '../src/shared/http/api-marker';
import type { AppDeps, AppEnv } from './http/app-env';
import { bodyGuard } from './http/body-guard';
import { compressReads } from './http/compress-reads';
import { privateAnswers } from './http/private-answers';
import { isDatabaseUnavailable, isUnstorableText, UNSTORABLE_TEXT_ERROR } from './db/sql-errors';
import { databaseUnavailable } from './http/database-unavailable';
import { anonymousLimit } from './http/read-limits';
import { fairShare } from './http/fair-share';
import { catalogRoutes } from './routes/catalog';
import { clientConfigRoutes } from './routes/client-config';
import { collectionRoutes } from './routes/collection';
import { profileRoutes } from './routes/profile';
import { syncRoutes } from './routes/sync';
import { tutorialRoutes } from './routes/tutorials';
import { userRoutes } from './routes/users';
import { postRoutes } from './routes/posts';
import { communityProfileRoutes } from './routes/community-profiles';
import { tradeRoutes } from './routes/trade';
import { liveRoutes } from './routes/live';
import { premiumRoutes } from './routes/premium';
import { pushRoutes } from './routes/push';
import { photoRoutes } from './routes/photos';

export const MAX_BODY_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  // A visitor over their address's budget is refused before anything else is done; then each
  // caller waits for a turn of their own, so many connections buy no bigger share.
  api.use(anonymousLimit(deps));
  api.use(fairShare(deps));
  api.use(
    bodyGuard({
      maxBytes: MAX_BODY_BYTES,
      tooLargeError: 'Request body is larger than 1 MB',
      // Photo uploads (PUT /api/photos/{id}) carry raw image bytes and set their own 5 MB cap.
      readsOwnBody: (c) => c.req.method === 'PUT' && c.req.path.startsWith('/api/photos/'),
    }),
  );
  // One mounting style: each router (api/routes/) declares its full paths under /api
  // ('/collection/get', '/posts/feed'), and a middleware of its own names its paths too.
  const routers = [
    profileRoutes,
    userRoutes,
    tutorialRoutes,
    collectionRoutes,
    syncRoutes,
    catalogRoutes,
    clientConfigRoutes,
    postRoutes,
    photoRoutes,
    communityProfileRoutes,
    tradeRoutes,
    liveRoutes,
    premiumRoutes,
    pushRoutes,
  ];
  for (const routes of routers) api.route('/', routes(deps));
  api.all('*', (c) => c.json({ error: `Not found: ${c.req.method} ${c.req.path}` }, 404));

  const app = new Hono<AppEnv>();
  // Every /api answer says it is ours, errors and 404s included (set after the handler and
  // onError have made the response): the device trusts no answer without it.
  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.set(API_MARKER_HEADER, API_MARKER_VALUE);
  });
  app.use('/api/*', privateAnswers());
  app.use('/api/*', compressReads());
  app.route('/api', api);
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json(
        { error: error.message || 'Request failed' },
        error.status as ContentfulStatusCode,
      );
    }
    if (isUnstorableText(error)) return c.json({ error: UNSTORABLE_TEXT_ERROR }, 400);
    if (isDatabaseUnavailable(error)) return databaseUnavailable(c, error);
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ error: 'Internal server error' }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
