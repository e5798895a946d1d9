// The posts routes, mounted under /api: the feed and a post (public reads), the posts and
// comments commands (one endpoint each), and the photos they show.
import { Hono } from 'hono';
import { requireUser } from '../auth/require-user';
import { communityHandler } from '../http/change-handler';
import type { AppDeps, AppEnv } from '../http/app-env';
import { optionalViewer } from '../auth/optional-viewer';
import { feedQuerySchema, readFeed, readPost } from '../posts/post-reads';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import { describeZodError } from '../../src/shared/validation';
import { POST_COMMAND_NAMES } from '../../src/shared/community/post-schemas';

export function postRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  for (const name of POST_COMMAND_NAMES) {
    app.post(`/${name}`, requireUser(deps.verifier), communityHandler(deps, name));
  }

  app.get('/posts/feed', optionalViewer(deps.verifier), async (c) => {
    const parsed = feedQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const viewerId = c.get('viewerId');
    if (parsed.data.scope === 'following' && !viewerId) {
      return c.json({ error: 'Sign-in required: the following feed is yours alone' }, 401);
    }
    return c.json(await readFeed(deps.db, viewerId, parsed.data));
  });

  app.get('/posts/:postId', optionalViewer(deps.verifier), async (c) => {
    const postId = c.req.param('postId');
    const notFound = () => c.json({ error: `Unknown post: ${postId}` }, 404);
    if (!idSchema.safeParse(postId).success) return notFound();
    const found = await readPost(deps.db, c.get('viewerId'), postId);
    return found ? c.json(found) : notFound();
  });

  return app;
}
