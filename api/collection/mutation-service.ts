// Applies SPEC §7 changes for one user: single calls with an Idempotency-Key, and batch pushes.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import {
  applyMutation,
  mutationCreated,
  mutationReferences,
  parseMutation,
  prepareMutation,
  RuleError,
  type ParsedMutation,
} from '../../src/shared/collection/mutations';
import { collectionTotals, type UserState } from '../../src/shared/collection/types';
import { loadCatalogLookup } from '../catalog/catalog-lookup';
import { loadUserState, saveUserStateDiff } from './collection-store';
import {
  findProcessedKeys,
  KEY_REUSED_ERROR,
  lockProfile,
  recordProcessedKeys,
  type StoredOutcome,
} from './processed-keys';
import { requestHash } from './request-hash';

export interface MutationClock {
  now: () => string;
  newId: () => string;
}

export const systemClock: MutationClock = {
  now: () => new Date().toISOString(),
  newId: () => randomUUID(),
};

/**
 * Runs `work` for one user under the profile lock. With a key: a key seen before answers its
 * stored outcome (or 422 for another payload); a success is stored in the same transaction; a
 * refusal (RuleError) rolls the work back and is then stored on its own, so asking again gets
 * the same refusal instead of a change the device has already rolled back.
 */
export async function runIdempotent(
  db: Database,
  userId: string,
  key: string | undefined,
  hash: string,
  work: (tx: Queryable) => Promise<StoredOutcome>,
): Promise<StoredOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await lockProfile(tx, userId);
      if (key !== undefined) {
        const prior = (await findProcessedKeys(tx, userId, [key])).get(key);
        if (prior) {
          return prior.requestHash === hash
            ? { status: prior.status, body: prior.body }
            : { status: 422, body: { error: KEY_REUSED_ERROR } };
        }
      }
      const outcome = await work(tx);
      if (key !== undefined) {
        await recordProcessedKeys(tx, userId, [{ key, requestHash: hash, outcome }]);
      }
      return outcome;
    });
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const outcome = { status: error.status, body: { error: error.message } };
    if (key !== undefined) {
      await recordProcessedKeys(db, userId, [{ key, requestHash: hash, outcome }]);
    }
    return outcome;
  }
}

function successBody(mutation: ParsedMutation, after: UserState): Record<string, unknown> {
  return { ok: true, ...mutationCreated(mutation), ...collectionTotals(after.collection) };
}

/** One SPEC §7 call, e.g. POST /api/collection/add-car-instance. */
export async function runMutation(
  db: Database,
  clock: MutationClock,
  userId: string,
  name: string,
  rawArgs: unknown,
  key: string | undefined,
): Promise<StoredOutcome> {
  const parsed = parseMutation(name, rawArgs);
  if (!parsed.ok) return { status: parsed.status, body: { error: parsed.error } };
  return runIdempotent(db, userId, key, requestHash(name, rawArgs), async (tx) => {
    const now = clock.now();
    const mutation = prepareMutation(parsed.mutation, { newId: clock.newId, now });
    const catalog = await loadCatalogLookup(tx, mutationReferences(mutation));
    const before = await loadUserState(tx, userId);
    const after = applyMutation(before, mutation, { now, catalog });
    await saveUserStateDiff(tx, userId, before, after);
    return { status: 200, body: successBody(mutation, after) };
  });
}

export interface PushEntry {
  key: string;
  name: string;
  args: unknown;
}

export type PushResult =
  { key: string; status: 'ok' | 'duplicate' } | { key: string; status: 'rejected'; error: string };

function resultFromStored(key: string, stored: StoredOutcome): PushResult {
  if (stored.status >= 200 && stored.status < 300) return { key, status: 'duplicate' };
  const error = typeof stored.body.error === 'string' ? stored.body.error : 'Rejected';
  return { key, status: 'rejected', error };
}

/**
 * POST /api/sync/push: applies entries in order in one transaction. Each entry is applied to the
 * in-memory state on its own, so a refused entry is rolled back alone (the state before it is
 * kept) and never stops the ones after it; then the whole chunk's effect, its keys and their
 * outcomes are written and committed once — a thousand changes cost one commit, not a thousand.
 */
export async function pushMutations(
  db: Database,
  clock: MutationClock,
  userId: string,
  entries: PushEntry[],
): Promise<PushResult[]> {
  return db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    const stored = await findProcessedKeys(
      tx,
      userId,
      entries.map((entry) => entry.key),
    );
    const now = clock.now();
    const hashes = entries.map((entry) => requestHash(entry.name, entry.args));
    const parsed = entries.map((entry) => {
      const result = parseMutation(entry.name, entry.args);
      return result.ok ? prepareMutation(result.mutation, { newId: clock.newId, now }) : result;
    });
    const references = { carIds: [] as string[], setIds: [] as string[] };
    for (const mutation of parsed) {
      if (!('name' in mutation)) continue;
      const refs = mutationReferences(mutation);
      references.carIds.push(...refs.carIds);
      references.setIds.push(...refs.setIds);
    }
    const catalog = await loadCatalogLookup(tx, references);
    const before = await loadUserState(tx, userId);

    let state = before;
    const results: PushResult[] = [];
    const newlyStored: { key: string; requestHash: string; outcome: StoredOutcome }[] = [];
    entries.forEach((entry, index) => {
      const hash = hashes[index] as string;
      const prior = stored.get(entry.key);
      if (prior) {
        results.push(
          prior.requestHash === hash
            ? resultFromStored(entry.key, prior)
            : { key: entry.key, status: 'rejected', error: KEY_REUSED_ERROR },
        );
        return;
      }
      const mutation = parsed[index];
      let outcome: StoredOutcome;
      if (!mutation || !('name' in mutation)) {
        const refusal = mutation ?? { status: 400, error: 'Missing mutation' };
        outcome = { status: refusal.status, body: { error: refusal.error } };
      } else {
        try {
          state = applyMutation(state, mutation, { now, catalog });
          outcome = { status: 200, body: successBody(mutation, state) };
        } catch (error) {
          if (!(error instanceof RuleError)) throw error;
          outcome = { status: error.status, body: { error: error.message } };
        }
      }
      const record = { key: entry.key, requestHash: hash, outcome };
      stored.set(entry.key, { requestHash: hash, ...outcome });
      newlyStored.push(record);
      results.push(
        outcome.status === 200
          ? { key: entry.key, status: 'ok' }
          : { key: entry.key, status: 'rejected', error: String(outcome.body.error) },
      );
    });

    await saveUserStateDiff(tx, userId, before, state);
    await recordProcessedKeys(tx, userId, newlyStored);
    return results;
  });
}
