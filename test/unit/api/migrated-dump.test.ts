// Databases that start from one migrated dump (the test fixtures open every PGlite database so):
// each has every migration, and each is its own database from then on.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migratedPgliteDump,
  openDatabase,
  queryRows,
  type OpenDatabase,
} from '../../../api/db/database';

const journal = JSON.parse(
  readFileSync(new URL('../../../api/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

let dump: Blob;
let first: OpenDatabase;
let second: OpenDatabase;
beforeAll(async () => {
  dump = await migratedPgliteDump();
  first = await openDatabase({ kind: 'pglite', dataDir: null, startFrom: dump });
  second = await openDatabase({ kind: 'pglite', dataDir: null, startFrom: dump });
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const tutorialIds = async (database: OpenDatabase) =>
  (await queryRows<{ id: string }>(database.db, sql`SELECT id FROM tutorials`)).map(
    (row) => row.id,
  );

describe('a database started from a migrated dump', () => {
  it('holds every migration in the dump itself, before openDatabase migrates anything', async () => {
    // Read with bare PGlite: openDatabase would apply any migration the dump lacked.
    const bare = new PGlite({ loadDataDir: dump });
    try {
      const applied = await bare.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
    } finally {
      await bare.close();
    }
  });

  it('is a database of its own: a write to one is not in the other', async () => {
    await first.db.execute(
      sql`INSERT INTO tutorials (id, position, title, summary, minutes, sections)
          VALUES ('only-in-first', 1, 't', 's', 1, '[]'::jsonb)`,
    );
    expect(await tutorialIds(first)).toEqual(['only-in-first']);
    expect(await tutorialIds(second)).toEqual([]);
  });

  it('starts from what the dump holds, with the migrations applied on top', async () => {
    const source = new PGlite();
    await source.exec(
      `CREATE TABLE marker (note text); INSERT INTO marker VALUES ('from the dump')`,
    );
    const dump = await source.dumpDataDir('none');
    await source.close();
    const started = await openDatabase({ kind: 'pglite', dataDir: null, startFrom: dump });
    try {
      const notes = await queryRows<{ note: string }>(started.db, sql`SELECT note FROM marker`);
      expect(notes).toEqual([{ note: 'from the dump' }]);
      expect(await tutorialIds(started)).toEqual([]);
    } finally {
      await started.close();
    }
  });
});
