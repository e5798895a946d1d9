// PGlite has no autovacuum, so nothing ever analyses its tables. That matters because the
// change's functions keep one plan per statement for the whole session (migration 0011), made
// at their first call: on a new database that is while the tables are empty, where every index
// that starts with user_id costs the same. The plan may then look a car's copies up by the
// collector alone (car_instances' primary key) and read every copy the collector owns, on every
// change, for as long as the process runs. PostgreSQL's autovacuum analyses a table once enough
// of it has changed, and that re-plans the statements that read it. This does the same for
// PGlite, by autovacuum's own rule: a table is analysed once more rows have changed since its
// last ANALYZE than 50 plus 10% of the rows it had then (autovacuum_analyze_threshold and
// autovacuum_analyze_scale_factor at their defaults).
import type { PGlite } from '@electric-sql/pglite';

/** How often the tables are looked at. Autovacuum's is 60 s; a look here costs one query. */
export const AUTO_ANALYZE_EVERY_MS = 1_000;

const tablesDue = `
  SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
   WHERE s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`;

/** Analyses every table that autovacuum would analyse now; answers their names. */
export async function analyzeTablesDue(client: PGlite): Promise<string[]> {
  const due = (await client.query<{ name: string }>(tablesDue)).rows.map((row) => row.name);
  if (due.length > 0) await client.exec(`ANALYZE ${due.join(', ')}`);
  return due;
}

/**
 * Looks every `everyMs` until stopped. A look that fails (the database closing under it) is
 * dropped: the next one tries again, as autovacuum would.
 */
export function startAutoAnalyze(
  client: PGlite,
  everyMs = AUTO_ANALYZE_EVERY_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? [] : analyzeTablesDue(client))).catch(() => []);
  }, everyMs);
  // A server that has nothing else to do may exit; this must not keep it alive.
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
