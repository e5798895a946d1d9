// /api/tutorials: the team's tutorials (public list and articles; 'completed' for a signed-in
// reader) and POST /api/tutorials/complete, which marks one done on the profile (SPEC §7).
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { requireUser } from '../auth/require-user';
import { profiles } from '../db/schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { mutationHandler } from '../http/mutation-handler';
import { readJson } from '../http/read-json';
import { optionalUser } from '../learn/optional-user';
import {
  ensureTutorials,
  findTutorial,
  listTutorials,
  type Tutorial,
} from '../learn/tutorial-store';

function summaryOf(tutorial: Tutorial, completed: ReadonlySet<string> | null) {
  return {
    id: tutorial.id,
    title: tutorial.title,
    summary: tutorial.summary,
    minutes: tutorial.minutes,
    position: tutorial.position,
    ...(completed ? { completed: completed.has(tutorial.id) } : {}),
  };
}

export function tutorialRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  /** The reader's completed tutorial ids, or null when nobody is signed in. */
  const completedBy = async (userId: string | undefined): Promise<ReadonlySet<string> | null> => {
    if (!userId) return null;
    const [row] = await deps.db
      .select({ done: profiles.completedTutorials })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    return new Set(row?.done ?? []);
  };

  app.get('/', optionalUser(deps.verifier), async (c) => {
    await ensureTutorials(deps.db);
    const completed = await completedBy(c.get('userId') as string | undefined);
    const list = await listTutorials(deps.db);
    return c.json({ tutorials: list.map((tutorial) => summaryOf(tutorial, completed)) });
  });

  app.get('/:id', optionalUser(deps.verifier), async (c) => {
    await ensureTutorials(deps.db);
    const tutorial = await findTutorial(deps.db, c.req.param('id'));
    if (!tutorial) return c.json({ error: `Unknown tutorial: ${c.req.param('id')}` }, 404);
    const completed = await completedBy(c.get('userId') as string | undefined);
    return c.json({ ...summaryOf(tutorial, completed), sections: tutorial.sections });
  });

  // The shared rule (src/shared/collection/rules.ts completeTutorial) has no list of tutorials,
  // so this endpoint refuses an id that is not one before the idempotent mutation runs.
  const completeMutation = mutationHandler(deps, 'tutorials/complete');
  app.post('/complete', requireUser(deps.verifier), async (c) => {
    const body = await readJson(c);
    const tutorialId = (body as { tutorialId?: unknown } | null)?.tutorialId;
    if (typeof tutorialId === 'string' && tutorialId !== '') {
      await ensureTutorials(deps.db);
      if (!(await findTutorial(deps.db, tutorialId))) {
        return c.json({ error: `Unknown tutorial: ${tutorialId}` }, 404);
      }
    }
    // Anything else (missing, wrong type) is answered by the mutation's own schema: 400.
    return completeMutation(c);
  });
  return app;
}
