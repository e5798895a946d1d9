// The statements the server runs on every change, sent without the query builder: on
// PostgreSQL each is prepared once per connection under its name (node-postgres remembers
// which connections have it), so a call is Bind/Execute only: no parse and no plan in the
// database, no SQL assembled in the process.
// A transaction (the locked retry of a change) has no runner: the same text goes through
// drizzle with the same parameters, so both paths run the same SQL.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from './database';
import { preparedRunnerOf, type PreparedStatement } from './prepared-runners';

export type { PreparedStatement } from './prepared-runners';

/** The statement's text with each $n as a drizzle parameter (an array stays one parameter). */
function asDrizzleSql(statement: PreparedStatement, params: unknown[]): SQL {
  const parts = statement.text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`,
    ),
  );
}

export async function queryPrepared<T>(
  db: Queryable,
  statement: PreparedStatement,
  params: unknown[],
): Promise<T[]> {
  const runner = preparedRunnerOf(db);
  if (runner) return (await runner(statement, params)) as T[];
  return queryRows<T>(db, asDrizzleSql(statement, params));
}
