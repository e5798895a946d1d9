// Reads the SQL functions out of the migrations and out of api/db/functions/, and says where the
// two disagree: what test/unit/api/sql-functions.test.ts asserts is empty.

/** One statement of a SQL text: its text (comments inside kept) and where it starts. */
export interface SqlStatement {
  readonly text: string;
  readonly start: number;
}

const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * The statements of a SQL text in order, each from its first token to its `;` (or the end).
 * Comments and blank lines between statements belong to none; `;` inside a comment, a quoted
 * string or identifier, or a dollar-quoted body ends nothing.
 */
export function sqlStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = -1;
  let i = 0;
  const end = (at: number) => {
    if (start >= 0) statements.push({ text: sql.slice(start, at).trim(), start });
    start = -1;
  };
  while (i < sql.length) {
    const char = sql[i]!;
    const rest = sql.slice(i, i + 2);
    if (rest === '--') {
      const newline = sql.indexOf('\n', i);
      i = newline < 0 ? sql.length : newline + 1;
      continue;
    }
    if (rest === '/*') {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? sql.length : close + 2;
      continue;
    }
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (start < 0) start = i;
    if (char === ';') {
      end(i + 1);
      i++;
    } else if (char === "'" || char === '"') {
      // A doubled quote inside ('it''s') closes and reopens: the same walk.
      const close = sql.indexOf(char, i + 1);
      i = close < 0 ? sql.length : close + 1;
    } else if (char === '$' && !/[\w$]/.test(sql[i - 1] ?? ' ')) {
      const tag = DOLLAR_TAG.exec(sql.slice(i))?.[0];
      if (tag) {
        const close = sql.indexOf(tag, i + tag.length);
        i = close < 0 ? sql.length : close + tag.length;
      } else i++;
    } else i++;
  }
  end(sql.length);
  return statements;
}

const CREATE = /^CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+([\w."]+)\s*\(/i;
const DROP = /^DROP\s+(?:FUNCTION|PROCEDURE)\s+(?:IF\s+EXISTS\s+)?([\s\S]*?);?$/i;
const ALTER = /^ALTER\s+(?:FUNCTION|PROCEDURE)\s+([\w."]+)/i;

/** A function's name as a file names it: no schema, no quotes, lower case. */
const bareName = (name: string) =>
  name
    .replace(/"/g, '')
    .replace(/^public\./i, '')
    .toLowerCase();

/** The function a statement creates, or null. */
export function createdFunction(statement: string): string | null {
  const name = CREATE.exec(statement)?.[1];
  return name ? bareName(name) : null;
}

/** The functions a DROP FUNCTION statement drops (it may name several), or []. */
function droppedFunctions(statement: string): string[] {
  const list = DROP.exec(statement)?.[1];
  if (list === undefined) return [];
  // The argument lists hold commas too: take them out before splitting the names apart.
  let names = list;
  while (/\([^()]*\)/.test(names)) names = names.replace(/\([^()]*\)/g, '');
  return names
    .replace(/\b(CASCADE|RESTRICT)\b/gi, '')
    .split(',')
    .map((name) => bareName(name.trim()))
    .filter((name) => name.length > 0);
}

/**
 * Two definitions are the same when their tokens are: runs of whitespace count as one space, and
 * `CREATE FUNCTION` as `CREATE OR REPLACE FUNCTION` (a file holds the form a new migration can
 * run; the first definition after a DROP may have left out OR REPLACE).
 */
export function normalised(definition: string): string {
  return definition
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '')
    .trim()
    .replace(/^CREATE\s+(?:OR\s+REPLACE\s+)?/i, 'CREATE OR REPLACE ');
}

export interface Migration {
  /** As the journal names it, e.g. 0015_changes_leave_settings_alone. */
  readonly tag: string;
  readonly sql: string;
}

export interface CurrentDefinition {
  readonly migration: string;
  readonly definition: string;
}

/**
 * Each function's last definition, walking the migrations in journal order (a DROP after it
 * leaves none), and any ALTER after it (before it, the CREATE OR REPLACE replaced what it set).
 */
export function currentFunctions(migrations: readonly Migration[]): {
  functions: Map<string, CurrentDefinition | 'dropped'>;
  problems: string[];
} {
  const functions = new Map<string, CurrentDefinition | 'dropped'>();
  const alteredSince = new Map<string, string>();
  for (const { tag, sql } of migrations) {
    for (const { text } of sqlStatements(sql)) {
      const created = createdFunction(text);
      if (created) {
        functions.set(created, { migration: tag, definition: text });
        alteredSince.delete(created);
      }
      for (const dropped of droppedFunctions(text)) {
        functions.set(dropped, 'dropped');
        alteredSince.delete(dropped);
      }
      const altered = ALTER.exec(text)?.[1];
      if (altered) alteredSince.set(bareName(altered), tag);
    }
  }
  const problems = [...alteredSince].map(
    ([name, tag]) =>
      `${tag} alters ${name} after its last definition: change a function with CREATE OR ` +
      'REPLACE only, so that its file in api/db/functions/ stays its whole definition',
  );
  return { functions, problems };
}

/** What is wrong between the migrations and the function files (name → text); [] when agreed. */
export function functionProblems(
  migrations: readonly Migration[],
  files: ReadonlyMap<string, string>,
): string[] {
  const { functions, problems } = currentFunctions(migrations);
  for (const [name, current] of functions) {
    const file = files.get(name);
    if (current === 'dropped') {
      if (file !== undefined) {
        problems.push(
          `${name} is dropped by a migration after its last definition: delete ${name}.sql`,
        );
      }
      continue;
    }
    if (file === undefined) {
      problems.push(`${name} (last defined in ${current.migration}) has no file ${name}.sql`);
      continue;
    }
    const statements = sqlStatements(file);
    const [only] = statements;
    if (statements.length !== 1 || !only || createdFunction(only.text) !== name) {
      problems.push(`${name}.sql must hold one statement, the CREATE OR REPLACE FUNCTION ${name}`);
      continue;
    }
    if (normalised(only.text) !== normalised(current.definition)) {
      problems.push(
        `${name}.sql differs from its last definition, in ${current.migration}: a change to a ` +
          'function is a new migration whose CREATE OR REPLACE is copied into its file',
      );
    }
    if (!file.slice(0, only.start).includes(`${current.migration}.sql`)) {
      problems.push(`${name}.sql's opening comment must name ${current.migration}.sql`);
    }
  }
  for (const name of files.keys()) {
    if (!functions.has(name)) problems.push(`${name}.sql names a function no migration defines`);
  }
  return problems;
}

/** The argument types of a definition, as PostgreSQL names a function: `name(text,text[])`. */
export function signatureOf(definition: string): string {
  const name = createdFunction(definition);
  const open = definition.indexOf('(');
  let depth = 0;
  let close = open;
  for (; close < definition.length; close++) {
    if (definition[close] === '(') depth++;
    if (definition[close] === ')' && --depth === 0) break;
  }
  const args = definition.slice(open + 1, close);
  const types: string[] = [];
  let piece = '';
  depth = 0;
  for (const char of `${args},`) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      // `p_user text`: the name goes, the type (which may be several words) stays.
      const words = piece.trim().split(/\s+/);
      if (words[0]) types.push(words.slice(1).join(' ').toLowerCase());
      piece = '';
    } else piece += char;
  }
  return `${name}(${types.join(',')})`;
}
