// The retention of processed_keys (docs/sync.md "How long the server remembers a change"): keys
// older than KEY_RETENTION_MS are swept in small batches, and each device's highest swept seq is
// kept (swept_key_marks), so a key of it at or below that mark which is no longer stored is
// answered KEY_TOO_OLD_ERROR instead of being applied a second time.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../db/database';
import { sweptKeyMarks } from '../db/schema';
import type { StoredOutcome } from '../http/idempotency';
import { KEY_RETENTION_MS, KEY_TOO_OLD_ERROR } from '../../src/shared/sync/key-retention';

/** How often a server sweeps, and how many keys one statement deletes at most. */
export const KEY_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
export const KEY_SWEEP_BATCH = 500;

/** A device's key, `<clientId>:<seq>`: the clientId is all before the last ':'. */
const DEVICE_KEY = /^(.+):(\d{1,15})$/;

/** Stands for "any request" where a stored request hash is compared: a swept key's answer. */
export const SWEPT_KEY_HASH = '*swept*';

export const sweptKeyOutcome = (): StoredOutcome => ({
  status: 409,
  body: { error: KEY_TOO_OLD_ERROR },
});

/** Whether a stored outcome answers a request of this hash (a swept key answers every one). */
export const answersRequest = (storedHash: string, hash: string) =>
  storedHash === hash || storedHash === SWEPT_KEY_HASH;

/** Of `keys`, those of a device at or below its mark (clientId → highest swept seq). */
export function keysBelowMarks(keys: string[], marks: Record<string, number | string>): string[] {
  return keys.filter((key) => {
    const match = DEVICE_KEY.exec(key);
    const mark = match ? marks[match[1] as string] : undefined;
    return mark !== undefined && Number(match?.[2]) <= Number(mark);
  });
}

/** `stored` (the outcomes found) with a swept key's answer for each key below its mark. */
export function withSweptKeys<T extends { requestHash: string } & StoredOutcome>(
  stored: Map<string, T | (StoredOutcome & { requestHash: string })>,
  keys: string[],
  marks: Record<string, number | string>,
): Map<string, T | (StoredOutcome & { requestHash: string })> {
  const missing = keys.filter((key) => !stored.has(key));
  for (const key of keysBelowMarks(missing, marks)) {
    stored.set(key, { requestHash: SWEPT_KEY_HASH, ...sweptKeyOutcome() });
  }
  return stored;
}

/** Whether `key` (not stored) is below its device's mark: one lookup by the whole primary key. */
export async function isSweptKey(db: Queryable, userId: string, key: string): Promise<boolean> {
  const match = DEVICE_KEY.exec(key);
  if (!match) return false;
  const [mark] = await db
    .select({ sweptThrough: sweptKeyMarks.sweptThrough })
    .from(sweptKeyMarks)
    .where(and(eq(sweptKeyMarks.userId, userId), eq(sweptKeyMarks.clientId, match[1] as string)));
  return mark !== undefined && Number(match[2]) <= Number(mark.sweptThrough);
}

/**
 * Deletes up to `batch` keys first answered before now − KEY_RETENTION_MS, oldest first, and
 * raises each device's mark to the highest seq deleted, in one statement (so a mark is never
 * behind what is gone). Answers how many went.
 */
export async function sweepProcessedKeys(
  db: Database,
  options: { now: Date; batch?: number },
): Promise<number> {
  const cutoff = new Date(options.now.getTime() - KEY_RETENTION_MS).toISOString();
  const [row] = await queryRows<{ swept: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM processed_keys k
          USING (SELECT user_id, key FROM processed_keys
                 WHERE created_at < ${cutoff}::timestamptz
                 ORDER BY created_at LIMIT ${options.batch ?? KEY_SWEEP_BATCH}) old
          WHERE k.user_id = old.user_id AND k.key = old.key
          RETURNING k.user_id, k.key),
        marks AS (
          INSERT INTO swept_key_marks (user_id, client_id, swept_through)
          SELECT user_id, substring(key FROM '^(.+):[0-9]{1,15}$'),
                 max(substring(key FROM ':([0-9]{1,15})$')::bigint)
          FROM gone WHERE key ~ '^.+:[0-9]{1,15}$'
          GROUP BY 1, 2
          ON CONFLICT (user_id, client_id) DO UPDATE
            SET swept_through = greatest(swept_key_marks.swept_through, excluded.swept_through)
          RETURNING 1)
        SELECT (SELECT count(*) FROM gone)::int AS swept, (SELECT count(*) FROM marks)::int AS marked`,
  );
  return row?.swept ?? 0;
}

/** Sweeps every KEY_SWEEP_INTERVAL_MS, a batch at a time until a batch is short, until stopped. */
export function startKeySweep(
  db: Database,
  log: (line: string) => void,
  now: () => Date = () => new Date(),
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweepAll = async () => {
    let total = 0;
    for (;;) {
      const swept = await sweepProcessedKeys(db, { now: now() });
      total += swept;
      if (swept < KEY_SWEEP_BATCH || stopped) break;
    }
    if (total > 0) log(`Keys: swept ${total} answered more than the retention ago`);
  };
  const timer = setInterval(() => {
    running = sweepAll().catch((error: unknown) =>
      log(`Keys: the sweep failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, KEY_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
