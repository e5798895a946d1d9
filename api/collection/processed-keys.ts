// The processed-key store of DESIGN.md: each key a user's devices sent, with the answer it got.
import type { Queryable } from '../db/database';
import { processedKeys } from '../db/schema';

export interface StoredOutcome {
  status: number;
  body: Record<string, unknown>;
}

export const KEY_REUSED_ERROR = 'Idempotency-Key was already used with a different payload';

/** Records outcomes outside the change's own transaction (a refusal rolls that one back). */
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
