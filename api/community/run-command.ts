// Runs one community command for one user, idempotently (docs/sync.md): a key seen before answers
// its stored outcome (422 for another payload); a success is stored in the same transaction as
// its effect; a refusal is stored on its own, so asking again gets the same refusal.
import type { Database } from '../db/database';
import { processedKeys } from '../db/schema';
import type { AppDeps } from '../http/app-env';
import {
  KEY_REUSED_ERROR,
  recordProcessedKeys,
  refusalOutcome,
  storedOutcomeOf,
  type StoredOutcome,
} from '../http/idempotency';
import { requestHash } from '../collection/request-hash';
import { answersRequest } from '../collection/key-retention';
import { describeZodError } from '../../src/shared/validation';
import type { CommandContext } from './command';
import { Refusal } from '../../src/shared/refusal';
import { isUnstorableText, UNSTORABLE_TEXT_ERROR } from '../db/sql-errors';
import { storableCopy } from '../../src/shared/text/user-text';
import { communityCommand } from './command-registry';

/** True when `name` is a community command (the push dispatcher routes it here). */
export function isCommunityCommand(name: string): boolean {
  return communityCommand(name) !== undefined;
}

export interface CommandRun {
  outcome: StoredOutcome;
  /** True when the key had been processed before (the push answers 'duplicate'). */
  replayed: boolean;
}

export async function runCommunityCommand(
  deps: AppDeps,
  userId: string,
  name: string,
  rawArgs: unknown,
  key: string | undefined,
): Promise<CommandRun> {
  const command = communityCommand(name);
  if (!command)
    return {
      outcome: { status: 404, body: { error: `Unknown change: ${storableCopy(name)}` } },
      replayed: false,
    };
  // Validation first: the payload is checked (its depth was bounded by the JSON reader) before
  // anything walks it again to hash it.
  const parsed = command.schema.safeParse(rawArgs);
  const hash = requestHash(name, rawArgs);
  const db: Database = deps.db;
  if (key !== undefined) {
    const prior = await storedOutcomeOf(db, userId, key);
    if (prior) {
      return answersRequest(prior.requestHash, hash)
        ? { outcome: prior.outcome, replayed: true }
        : { outcome: { status: 422, body: { error: KEY_REUSED_ERROR } }, replayed: true };
    }
  }
  if (!parsed.success) {
    const outcome = { status: 400, body: { error: describeZodError(parsed.error) } };
    if (key !== undefined)
      await recordProcessedKeys(db, userId, [{ key, requestHash: hash, outcome }]);
    return { outcome, replayed: false };
  }
  const effects: (() => Promise<void>)[] = [];
  const context: CommandContext = {
    userId,
    now: deps.now?.() ?? new Date().toISOString(),
    deps,
    afterCommit: (effect) => effects.push(effect),
  };
  try {
    const outcome = await db.transaction(async (tx) => {
      const body = await command.run(tx, context, parsed.data);
      const result: StoredOutcome = { status: 200, body: { ok: true, ...body } };
      if (key !== undefined) {
        // A concurrent request with the same key loses here (primary key) and rolls back whole.
        await tx.insert(processedKeys).values({
          userId,
          key,
          requestHash: hash,
          status: result.status,
          response: result.body,
        });
      }
      return result;
    });
    for (const effect of effects) {
      effect().catch((error: unknown) =>
        console.warn(`[${name}] after-commit effect failed:`, error),
      );
    }
    return { outcome, replayed: false };
  } catch (error) {
    if (isUnstorableText(error)) {
      // The schemas refuse such text first; should any reach SQL, it is bad input, not a 500.
      const outcome = { status: 400, body: { error: UNSTORABLE_TEXT_ERROR } };
      if (key !== undefined)
        await recordProcessedKeys(db, userId, [{ key, requestHash: hash, outcome }]);
      return { outcome, replayed: false };
    }
    if (!(error instanceof Refusal)) {
      // Same key raced in from another request: answer what that one stored.
      if (key !== undefined) {
        const prior = await storedOutcomeOf(db, userId, key);
        if (prior?.requestHash === hash) return { outcome: prior.outcome, replayed: true };
      }
      throw error;
    }
    const outcome = refusalOutcome(error);
    if (key !== undefined)
      await recordProcessedKeys(db, userId, [{ key, requestHash: hash, outcome }]);
    return { outcome, replayed: false };
  }
}
