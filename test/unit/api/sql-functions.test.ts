// api/db/functions/ holds the current definition of every SQL function the migrations define:
// each file equals its function's last CREATE OR REPLACE in journal order (api/db/functions/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionProblems, signatureOf, sqlStatements, type Migration } from './sql-function-check';

const repo = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repo), 'utf8');

const journal = JSON.parse(read('api/db/migrations/meta/_journal.json')) as {
  entries: { idx: number; tag: string }[];
};
const migrations: Migration[] = [...journal.entries]
  .sort((a, b) => a.idx - b.idx)
  .map(({ tag }) => ({ tag, sql: read(`api/db/migrations/${tag}.sql`) }));

const functionFiles = readdirSync(new URL('api/db/functions/', repo)).filter((name) =>
  name.endsWith('.sql'),
);
const files = new Map(
  functionFiles.map((name) => [name.replace(/\.sql$/, ''), read(`api/db/functions/${name}`)]),
);

describe('the SQL functions in api/db/functions/', () => {
  it('are each the last definition of its function in the migrations, and all of them', () => {
    expect(functionProblems(migrations, files)).toEqual([]);
    expect(files.size).toBeGreaterThanOrEqual(6);
  });

  it('are the signatures docs/scaling.md distributes', () => {
    const scaling = read('docs/scaling.md');
    const distributed = [...scaling.matchAll(/'(diecast_\w+\([^)]*\))'/g)].map((m) => m[1]);
    expect(distributed.length).toBeGreaterThan(0);
    for (const signature of distributed) {
      const name = signature!.slice(0, signature!.indexOf('('));
      const [definition] = sqlStatements(files.get(name) ?? '');
      expect(definition && signatureOf(definition.text)).toBe(signature!.replace(/\s+/g, ''));
    }
  });
});

describe('the check of the function files', () => {
  const body = (word: string) =>
    `CREATE OR REPLACE FUNCTION f(p text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  -- a ; in a comment, and one in a string: ';'
  RETURN '${word}';
END;
$$;`;
  const migration = (tag: string, sql: string): Migration => ({ tag, sql });
  const file = (sql: string, tag = '0001_second') => `-- f: what it does.\n-- ${tag}.sql\n${sql}\n`;
  const history = [
    migration('0000_first', `CREATE TABLE t (id text);\n${body('old')}`),
    migration('0001_second', `-- why it changed\n${body('new')}\n--> statement-breakpoint\n`),
  ];

  it('agrees with the last definition, whitespace and OR REPLACE aside', () => {
    expect(functionProblems(history, new Map([['f', file(body('new'))]]))).toEqual([]);
    const spaced = body('new').replace(/\n/g, '\n\n   ').replace('OR REPLACE ', '');
    expect(functionProblems(history, new Map([['f', file(spaced)]]))).toEqual([]);
  });

  it('refuses a file one token away from the last definition, or the superseded one', () => {
    const [problem] = functionProblems(history, new Map([['f', file(body('old'))]]));
    expect(problem).toContain('f.sql differs from its last definition, in 0001_second');
    const token = body('new').replace('RETURNS text', 'RETURNS varchar');
    expect(functionProblems(history, new Map([['f', file(token)]]))).toHaveLength(1);
  });

  it('refuses a function without a file, and a file without a function', () => {
    expect(functionProblems(history, new Map())).toEqual([
      'f (last defined in 0001_second) has no file f.sql',
    ]);
    const extra = new Map([
      ['f', file(body('new'))],
      ['g', file(body('new').replace('FUNCTION f', 'FUNCTION g'))],
    ]);
    expect(functionProblems(history, extra)).toEqual([
      'g.sql names a function no migration defines',
    ]);
  });

  it('refuses a file of a function dropped after its last definition, not before', () => {
    const dropped = [...history, migration('0002_third', 'DROP FUNCTION f(text), h(int);')];
    expect(functionProblems(dropped, new Map([['f', file(body('new'))]]))).toEqual([
      'f is dropped by a migration after its last definition: delete f.sql',
    ]);
    const again = [...dropped, migration('0003_fourth', body('new'))];
    expect(functionProblems(again, new Map([['f', file(body('new'), '0003_fourth')]]))).toEqual([]);
  });

  it("refuses an ALTER FUNCTION after a function's last definition, and a stale opening comment", () => {
    const altered = [
      ...history,
      migration('0002_third', 'ALTER FUNCTION f(text) SET enable_seqscan = off;'),
    ];
    const [problem] = functionProblems(altered, new Map([['f', file(body('new'))]]));
    expect(problem).toContain('0002_third alters f after its last definition');
    const stale = functionProblems(history, new Map([['f', file(body('new'), '0000_first')]]));
    expect(stale).toEqual(["f.sql's opening comment must name 0001_second.sql"]);
  });

  it('reads a signature as PostgreSQL names the function', () => {
    expect(
      signatureOf('CREATE FUNCTION g(p_a text, p_b text[], p_c double precision) AS $$ $$'),
    ).toBe('g(text,text[],double precision)');
  });
});
