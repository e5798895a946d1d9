// PGlite has no autovacuum, so nothing ever analysed its tables. That matters because the
// change's functions keep one plan per statement for the whole session (their SET
// plan_cache_mode = force_generic_plan, api/db/functions/), made at their first call from the
// tables' statistics. With none, every index that starts with user_id costs the same, and the
// plan may look an instance id up by the collector alone (car_instances_user_car_idx): every
// add then reads every copy its collector owns, for as long as the process runs. PostgreSQL's
// autovacuum analyses a table once enough of it has changed, and that re-plans the statements
// that read it. This does the same for PGlite, by autovacuum's
// rule with one change: a table is analysed once more rows have changed since its last ANALYZE
// than 50 plus as many as it held then (autovacuum: 50 plus 10%). Each ANALYZE makes the
// change's functions plan again, on the one connection every request waits for; once a table
// has statistics its plans stay right as it grows, so analysing it as it doubles is enough.
import type { PGlite } from '@electric-sql/pglite';

/** How often the tables are looked at when nothing asks sooner. Autovacuum naps 60 s. */
export const AUTO_ANALYZE_EVERY_MS = 1_000;
/**
 * A change asks for a look too, at most this often: a burst (a big sync/push) then has its own
 * first rows analysed while it runs, and a stream of single changes pays for a look a few times a
 * second at most.
 */
export const LOOK_AFTER_A_CHANGE_EVERY_MS = 200;

// The counts a transaction leaves are flushed to the statistics at most once a second unless
// asked; the look asks first, so it sees the changes just made.
const flushCounts = 'SELECT pg_stat_force_next_flush()';
const tablesDue = `
  SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
   WHERE s.n_mod_since_analyze > 50 + greatest(c.reltuples, 0)`;

/** Analyses every table that is due (see above); answers their names. */
export async function analyzeTablesDue(client: PGlite): Promise<string[]> {
  await client.query(flushCounts);
  const due = (await client.query<{ name: string }>(tablesDue)).rows.map((row) => row.name);
  if (due.length > 0) await client.exec(`ANALYZE ${due.join(', ')}`);
  return due;
}

export interface AutoAnalyze {
  /** Sees each statement the app sends: a change's write asks for a look (see above). */
  noteStatement(text: string): void;
  stop(): Promise<void>;
}

/**
 * Looks every `everyMs`, and after a change's write, until stopped. Looks run one after another,
 * each after whatever the app has already asked of the database. At most one look waits behind
 * the one running: while PGlite is held for seconds (a catalogue import), the ticks that fall in
 * that time ask for the look already waiting, not for one each. A look that fails (the database
 * closing under it) is dropped: the next one tries again, as autovacuum would.
 */
export function startAutoAnalyze(client: PGlite, everyMs = AUTO_ANALYZE_EVERY_MS): AutoAnalyze {
  let looks: Promise<unknown> = Promise.resolve();
  let oneWaiting = false;
  let stopped = false;
  let lastAskedAt = -Infinity;
  const look = () => {
    if (oneWaiting) return;
    oneWaiting = true;
    looks = looks
      .then(() => {
        oneWaiting = false;
        return stopped ? [] : analyzeTablesDue(client);
      })
      .catch(() => []);
  };
  const timer = setInterval(look, everyMs);
  // A server that has nothing else to do may exit; this must not keep it alive.
  timer.unref();
  return {
    noteStatement(text) {
      if (!text.includes('diecast_apply_diff(')) return;
      const now = performance.now();
      if (now - lastAskedAt < LOOK_AFTER_A_CHANGE_EVERY_MS) return;
      lastAskedAt = now;
      look();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await looks;
    },
  };
}
