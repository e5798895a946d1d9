// The last line of defence for text the database cannot hold: the errors PGlite really raises
// (through Drizzle's wrapper) are recognised, so the API answers 400 instead of 500. And what
// says the database is unreachable for now (503 + Retry-After), apart from every other failure.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../api/db/database';
import {
  isDatabaseUnavailable,
  isUniqueViolation,
  isUnstorableText,
  sqlStateOf,
} from '../../../api/db/sql-errors';

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

/** As Drizzle throws it: its own error, the driver's as `cause`. */
const wrapped = (cause: unknown) => new Error('Failed query: SELECT 1', { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the database unreachable', () => {
  it('a closed PGlite, as it really fails', async () => {
    const closed = await openDatabase({ kind: 'pglite', dataDir: null });
    await closed.close();
    const error = await closed.db.execute(sql`SELECT 1`).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['08006 connection failure', withCode('connection failure', '08006')],
    ['08001 cannot connect', withCode('could not connect', '08001')],
    [
      '57P01 admin shutdown',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['57P02 crash shutdown', withCode('terminating connection because of crash', '57P02')],
    ['57P03 starting up', withCode('the database system is starting up', '57P03')],
    ['53300 no connection slot', withCode('too many clients already', '53300')],
    ['ECONNREFUSED', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['ECONNRESET', withCode('read ECONNRESET', 'ECONNRESET')],
    ['ETIMEDOUT', withCode('connect ETIMEDOUT', 'ETIMEDOUT')],
    [
      'every address refused (AggregateError)',
      new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')], ''),
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['an ended pool', new Error('Cannot use a pool after calling end on the pool')],
  ])('%s (wrapped by Drizzle) is unreachable', (_label, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(true);
    expect(isDatabaseUnavailable(cause)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key', '23505')],
    ['unstorable text', withCode('invalid byte sequence', '22021')],
    ['an unknown table', withCode('relation does not exist', '42P01')],
    ['division by zero', withCode('division by zero', '22012')],
    ['a query cancelled by statement_timeout', withCode('canceling statement', '57014')],
    ['a plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
  ])('%s is not', (_label, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(false);
  });
});
