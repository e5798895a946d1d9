// Profiles, follows, leaderboard and user search; mounted under /api by app.ts.
// Writes are community commands (POST /api/profile/update, /api/follows/set); reads are public
// and say more (followedByMe, isMe, my rank) when a bearer token comes with them. Middleware is
// attached per route: this app is mounted at '/', so an app.use here would run for every path.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/require-user';
import { communityHandler } from '../http/change-handler';
import type { AppDeps, AppEnv } from '../http/app-env';
import {
  FOLLOW_PAGE_DEFAULT,
  FOLLOW_PAGE_MAX,
  decodeCursor,
  followList,
} from '../profiles/follow-lists';
import { leaderboard } from '../profiles/leaderboard';
import { optionalViewer } from '../auth/optional-viewer';
import { heavyRead } from '../http/read-limits';
import { isCollector, profileView } from '../profiles/profile-view';
import { searchUsers } from '../profiles/user-search';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import { describeZodError } from '../../src/shared/validation';
import { storableString } from '../../src/shared/text/user-text';
import {
  FOLLOWS_SET,
  LEADERBOARD_KINDS,
  PROFILE_UPDATE,
  USER_SEARCH_MAX_QUERY,
} from '../../src/shared/community/profile-schemas';

const pageSchema = z.strictObject({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(FOLLOW_PAGE_MAX, `limit must be at most ${FOLLOW_PAGE_MAX}`)
    .default(FOLLOW_PAGE_DEFAULT),
  cursor: z.string().max(1000).optional(),
});

const leaderboardSchema = z.strictObject({
  by: z.enum(LEADERBOARD_KINDS, { message: "by must be 'cars' or 'sets'" }).default('cars'),
});

const searchSchema = z.strictObject({
  q: storableString({ message: 'q is required' })
    .trim()
    .min(1, 'q must have at least 1 character')
    .max(USER_SEARCH_MAX_QUERY, `q must be at most ${USER_SEARCH_MAX_QUERY} characters`),
});

const notFound = (userId: string) => ({ error: `No collector with id ${userId}` });

export function communityProfileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps.verifier);
  const viewer = optionalViewer(deps.verifier);
  // The leaderboard and user search read across every collector: the reader's read budget.
  const heavy = heavyRead(deps);

  app.post(`/${PROFILE_UPDATE}`, signedIn, communityHandler(deps, PROFILE_UPDATE));
  app.post(`/${FOLLOWS_SET}`, signedIn, communityHandler(deps, FOLLOWS_SET));

  app.get('/profiles/:userId', viewer, async (c) => {
    const userId = c.req.param('userId');
    if (!idSchema.safeParse(userId).success) return c.json(notFound(userId), 404);
    const view = await profileView(deps.db, userId, c.get('viewerId'));
    return view ? c.json(view) : c.json(notFound(userId), 404);
  });

  for (const direction of ['followers', 'following'] as const) {
    app.get(`/profiles/:userId/${direction}`, viewer, async (c) => {
      const userId = c.req.param('userId');
      const parsed = pageSchema.safeParse(c.req.query());
      if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
      const cursor = parsed.data.cursor === undefined ? null : decodeCursor(parsed.data.cursor);
      if (parsed.data.cursor !== undefined && cursor === null) {
        return c.json({ error: 'cursor: not a cursor this list gave out' }, 400);
      }
      if (!idSchema.safeParse(userId).success) return c.json(notFound(userId), 404);
      if (!(await isCollector(deps.db, userId))) return c.json(notFound(userId), 404);
      const page = await followList(deps.db, direction, userId, c.get('viewerId'), {
        limit: parsed.data.limit,
        cursor,
      });
      return c.json(page);
    });
  }

  app.get('/leaderboard', viewer, heavy, async (c) => {
    const parsed = leaderboardSchema.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    return c.json(await leaderboard(deps.db, parsed.data.by, c.get('viewerId')));
  });

  app.get('/search/users', viewer, heavy, async (c) => {
    const parsed = searchSchema.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const users = await searchUsers(deps.db, parsed.data.q, c.get('viewerId'));
    return c.json({ query: parsed.data.q, users });
  });

  return app;
}
