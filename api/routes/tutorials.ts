// /api/tutorials: the team's tutorials (public list and articles; 'completed' for a signed-in
// reader) and POST /api/tutorials/complete, which marks one done on the profile (docs/api.md).
import { Hono } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { mutationHandler } from '../http/change-handler';
import { optionalViewer } from '../auth/optional-viewer';
import { completedTutorials } from '../profiles/own-profile';
import {
  ensureTutorials,
  findTutorial,
  listTutorials,
  type Tutorial,
} from '../learn/tutorial-store';
import { idSchema } from '../../src/shared/collection/mutation-schemas';
import { describeZodError } from '../../src/shared/validation';

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
    return userId ? completedTutorials(deps.db, userId) : null;
  };

  app.get('/tutorials', optionalViewer(deps.verifier), async (c) => {
    await ensureTutorials(deps.db);
    const completed = await completedBy(c.get('viewerId') ?? undefined);
    const list = await listTutorials(deps.db);
    return c.json({ tutorials: list.map((tutorial) => summaryOf(tutorial, completed)) });
  });

  app.get('/tutorials/:id', optionalViewer(deps.verifier), async (c) => {
    const id = idSchema.safeParse(c.req.param('id'));
    if (!id.success) return c.json({ error: `tutorial id: ${describeZodError(id.error)}` }, 400);
    await ensureTutorials(deps.db);
    const tutorial = await findTutorial(deps.db, id.data);
    if (!tutorial) return c.json({ error: `Unknown tutorial: ${c.req.param('id')}` }, 404);
    const completed = await completedBy(c.get('viewerId') ?? undefined);
    return c.json({ ...summaryOf(tutorial, completed), sections: tutorial.sections });
  });

  // An unknown tutorial is refused by the mutation service (404), here and in a sync push alike.
  app.post(
    '/tutorials/complete',
    requireUser(deps.verifier),
    mutationHandler(deps, 'tutorials/complete'),
  );
  return app;
}
