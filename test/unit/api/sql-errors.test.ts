// The last line of defence for text the database cannot hold: the errors PGlite really raises
// (through Drizzle's wrapper) are recognised, so the API answers 400 instead of 500.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../api/db/database';
import { isUniqueViolation, isUnstorableText, sqlStateOf } from '../../../api/db/sql-errors';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  await database.close();
});

async function failureOf(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await database.db.execute(query);
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

describe('SQL errors by SQLSTATE', () => {
  it('a NUL in a text parameter (22021) is unstorable text', async () => {
    const error = await failureOf(sql`SELECT ${'a\u0000b'}::text`);
    expect(sqlStateOf(error)).toBe('22021');
    expect(isUnstorableText(error)).toBe(true);
  });

  it('a \\u0000 escape in jsonb (22P05) is unstorable text', async () => {
    const error = await failureOf(sql`SELECT ${JSON.stringify({ a: '\u0000' })}::jsonb`);
    expect(sqlStateOf(error)).toBe('22P05');
    expect(isUnstorableText(error)).toBe(true);
  });

  it('other failures are not', async () => {
    const error = await failureOf(sql`SELECT 1 / 0`);
    expect(isUnstorableText(error)).toBe(false);
    expect(isUniqueViolation(error)).toBe(false);
    expect(sqlStateOf(new Error('plain'))).toBeNull();
  });
});
