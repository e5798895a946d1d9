// The processed-key store of DESIGN.md: each key a user's devices sent, with the answer it got.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { processedKeys } from '../db/schema';

export interface StoredOutcome {
  status: number;
  body: Record<string, unknown>;
}

export interface ProcessedKey extends StoredOutcome {
  requestHash: string;
}

export const KEY_REUSED_ERROR = 'Idempotency-Key was already used with a different payload';

export async function findProcessedKeys(
  db: Queryable,
  userId: string,
  keys: string[],
): Promise<Map<string, ProcessedKey>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(processedKeys)
    .where(and(eq(processedKeys.userId, userId), inArray(processedKeys.key, keys)));
  return new Map(
    rows.map((row) => [
      row.key,
      { requestHash: row.requestHash, status: row.status, body: row.response },
    ]),
  );
}

export async function recordProcessedKeys(
  db: Queryable,
  userId: string,
  entries: { key: string; requestHash: string; outcome: StoredOutcome }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(processedKeys)
    .values(
      entries.map(({ key, requestHash, outcome }) => ({
        userId,
        key,
        requestHash,
        status: outcome.status,
        response: outcome.body,
      })),
    )
    .onConflictDoNothing();
}

/** Creates the profile row if needed and locks it: one user's changes apply one at a time. */
export async function lockProfile(db: Queryable, userId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO profiles (user_id) VALUES (${userId})
    ON CONFLICT (user_id) DO UPDATE SET updated_at = now()`);
}
