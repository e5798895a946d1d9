// The tutorials table: loaded from the team's file (idempotent upsert), listed and read.
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { tutorials } from '../db/schema';
import { readTutorialFile, type TutorialInput } from './tutorial-file';

export type Tutorial = typeof tutorials.$inferSelect;

/**
 * Makes the table hold exactly the file's tutorials, in the file's order. Safe to run on every
 * start: unchanged rows are rewritten with the same values, removed ones are deleted (a
 * profile's completedTutorials may keep the id; it is simply no longer listed).
 */
export async function loadTutorials(db: Database, list?: TutorialInput[]): Promise<number> {
  const items = list ?? (await readTutorialFile());
  await db.transaction(async (tx) => {
    for (const [position, item] of items.entries()) {
      const row = { ...item, position };
      await tx.insert(tutorials).values(row).onConflictDoUpdate({ target: tutorials.id, set: row });
    }
    await tx.delete(tutorials).where(
      notInArray(
        tutorials.id,
        items.map((item) => item.id),
      ),
    );
  });
  return items.length;
}

const loaded = new WeakMap<Database, Promise<number>>();

/**
 * Loads the file once per database. start-server calls it at boot; the routes call it too, so
 * an app made without start-server (API tests, benchmarks) has its tutorials as well.
 */
export function ensureTutorials(db: Database): Promise<number> {
  let load = loaded.get(db);
  if (!load) {
    load = loadTutorials(db).catch((error: unknown) => {
      loaded.delete(db);
      throw error;
    });
    loaded.set(db, load);
  }
  return load;
}

export async function listTutorials(db: Queryable): Promise<Tutorial[]> {
  return db.select().from(tutorials).orderBy(asc(tutorials.position));
}

export async function findTutorial(db: Queryable, id: string): Promise<Tutorial | undefined> {
  const [row] = await db.select().from(tutorials).where(eq(tutorials.id, id));
  return row;
}

/** Which of `ids` are not tutorials (the file is loaded first, for apps made without a start). */
export async function unknownTutorialIds(
  db: Database,
  ids: readonly string[],
): Promise<Set<string>> {
  await ensureTutorials(db);
  const wanted = [...new Set(ids)];
  const rows = await db
    .select({ id: tutorials.id })
    .from(tutorials)
    .where(inArray(tutorials.id, wanted));
  const known = new Set(rows.map((row) => row.id));
  return new Set(wanted.filter((id) => !known.has(id)));
}
