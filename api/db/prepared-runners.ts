// Where each open database says how it runs a named statement (see prepared-statements.ts).
// Apart from database.ts, which registers the runners, so neither file imports the other.

/** A statement with $1…$n parameters; its name must be unique to its text. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** Runs a statement, prepared under its name where the driver can, and answers its rows. */
export type PreparedRunner = (
  statement: PreparedStatement,
  params: unknown[],
) => Promise<unknown[]>;

/** One runner per open database (the drizzle object), held weakly so a closed one goes. */
const runners = new WeakMap<object, PreparedRunner>();

export function registerPreparedRunner(db: object, runner: PreparedRunner): void {
  runners.set(db, runner);
}

/** The database's runner; none for a transaction, or a database opened another way. */
export function preparedRunnerOf(db: object): PreparedRunner | undefined {
  return runners.get(db);
}
