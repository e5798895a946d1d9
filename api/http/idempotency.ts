// What both write pipelines (collection changes, community commands) share about a change's key,
// on its own endpoint and in POST /api/sync/push alike (docs/sync.md): the key's format, the
// processed-key store (each key a collector's devices sent, with the answer it got), the shape of
// a refusal, and a stored outcome as a push result. The key's format is the sync contract's
// (src/shared/sync/push-contract.ts).
import { and, eq } from 'drizzle-orm';
import type { Refusal } from '../../src/shared/refusal';
import type { SentPushResult } from '../../src/shared/sync/push-contract';
import type { Queryable } from '../db/database';
import { processedKeys } from '../db/schema';
import { isSweptKey, SWEPT_KEY_HASH, sweptKeyOutcome } from '../collection/key-retention';

export interface StoredOutcome {
  status: number;
  body: Record<string, unknown>;
}

export const KEY_REUSED_ERROR = 'Idempotency-Key was already used with a different payload';

/** What a refused change answers, and what its key keeps. */
export function refusalOutcome(error: Refusal): StoredOutcome {
  return { status: error.status, body: { error: error.message } };
}

/** An outcome as the push answer's entry: a success answered again is a 'duplicate'. */
export function pushResultOf(
  key: string,
  outcome: StoredOutcome,
  replayed: boolean,
): SentPushResult {
  if (outcome.status >= 200 && outcome.status < 300)
    return { key, status: replayed ? 'duplicate' : 'ok' };
  const error = typeof outcome.body.error === 'string' ? outcome.body.error : 'Rejected';
  return { key, status: 'rejected', error };
}

/** The outcome stored for a key, with the hash of the request that made it; null if unseen. */
export async function storedOutcomeOf(
  db: Queryable,
  userId: string,
  key: string,
): Promise<{ requestHash: string; outcome: StoredOutcome } | null> {
  const [row] = await db
    .select()
    .from(processedKeys)
    .where(and(eq(processedKeys.userId, userId), eq(processedKeys.key, key)));
  if (row)
    return { requestHash: row.requestHash, outcome: { status: row.status, body: row.response } };
  // A key swept after KEY_RETENTION_DAYS is answered as too old, never applied again.
  return (await isSweptKey(db, userId, key))
    ? { requestHash: SWEPT_KEY_HASH, outcome: sweptKeyOutcome() }
    : null;
}

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
