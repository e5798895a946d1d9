// Applies docs/api.md changes for one user: single calls with an Idempotency-Key, and batch pushes.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import {
  applyMutation,
  mutationCreated,
  mutationReferences,
  noReferences,
  parseMutation,
  prepareMutation,
  RuleError,
  type MutationReferences,
  type ParsedMutation,
} from '../../src/shared/collection/mutations';
import {
  buildStateDiff,
  lockUserState,
  noStateChanges,
  nothingRemovedYet,
  noteRemovedRows,
  readForMutation,
  totalsAfter,
  writeStateDiff,
  type MutationRead,
  type NewProcessedKey,
  type StateDiff,
  type Totals,
} from './collection-store';
import {
  KEY_REUSED_ERROR,
  pushResultOf,
  recordProcessedKeys,
  refusalOutcome,
  type StoredOutcome,
} from '../http/idempotency';
import type { PushEntry, SentPushResult } from '../../src/shared/sync/push-contract';
import { requestHash } from './request-hash';
import { answersRequest } from './key-retention';
import type { MutationArgs } from '../../src/shared/collection/mutation-schemas';
import { unknownTutorialIds } from '../learn/tutorial-store';
import { OVER_BUDGET_SQLSTATE, type WriteBudget } from '../http/write-budget';
import { sqlStateOf } from '../db/sql-errors';
import { collectionChangeUnits } from '../../src/shared/collection/work-units';

export interface MutationClock {
  now: () => string;
  newId: () => string;
}

export const systemClock: MutationClock = {
  now: () => new Date().toISOString(),
  newId: () => randomUUID(),
};

/**
 * Read, compute, write-if-unchanged: each write is one transaction holding the effect, its keys
 * and a new state version, so a user's changes apply one at a time, as if serially. The first
 * attempt holds no lock (two round trips). If another write to the same user got in between,
 * the next attempt runs in a transaction holding the profile row lock, so a slow writer (a big
 * push) cannot be starved by a stream of small ones.
 */
async function withOptimisticRetry<T>(
  db: Database,
  userId: string,
  keys: string[],
  references: MutationReferences,
  compute: (
    read: MutationRead,
  ) => Promise<
    { result: T; diff?: StateDiff; newKeys?: NewProcessedKey[] } | { result: T; done: true }
  >,
): Promise<T> {
  const attempt = async (queryable: Queryable): Promise<{ written: boolean; result: T }> => {
    const read = await readForMutation(queryable, userId, keys, references);
    const computed = await compute(read);
    if ('done' in computed) return { written: true, result: computed.result };
    const written = await writeStateDiff(
      queryable,
      userId,
      read.version,
      computed.diff ?? noStateChanges(),
      computed.newKeys,
    );
    return { written, result: computed.result };
  };
  const optimistic = await attempt(db);
  if (optimistic.written) return optimistic.result;
  return db.transaction(async (tx) => {
    await lockUserState(tx, userId);
    const locked = await attempt(tx);
    if (!locked.written) throw new Error('state version moved while its row was locked');
    return locked.result;
  });
}

/**
 * Runs `work` for one user. With a key: a key seen before answers its stored outcome (or 422 for
 * another payload), and a success is stored in the same write as its effect. A refusal
 * (RuleError) writes nothing but its key, so asking again gets the same refusal instead of a
 * change the device has already rolled back.
 */
export async function runIdempotent(
  db: Database,
  userId: string,
  key: string | undefined,
  hash: string,
  references: MutationReferences,
  work: (read: MutationRead) => Promise<{ outcome: StoredOutcome; diff?: StateDiff }>,
): Promise<StoredOutcome> {
  try {
    return await withOptimisticRetry(
      db,
      userId,
      key === undefined ? [] : [key],
      references,
      async (read) => {
        const prior = key === undefined ? undefined : read.processedKeys.get(key);
        if (prior) {
          const result = answersRequest(prior.requestHash, hash)
            ? { status: prior.status, body: prior.body }
            : { status: 422, body: { error: KEY_REUSED_ERROR } };
          return { result, done: true as const };
        }
        const { outcome, diff } = await work(read);
        const newKeys = key === undefined ? [] : [{ key, requestHash: hash, ...outcome }];
        return { result: outcome, diff, newKeys };
      },
    );
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const outcome = refusalOutcome(error);
    if (key !== undefined) {
      await recordProcessedKeys(db, userId, [{ key, requestHash: hash, outcome }]);
    }
    return outcome;
  }
}

function successBody(mutation: ParsedMutation, totals: Totals): Record<string, unknown> {
  return { ok: true, ...mutationCreated(mutation), ...totals };
}

/** One docs/api.md call, e.g. POST /api/collection/add-car-instance. */
export async function runMutation(
  db: Database,
  clock: MutationClock,
  userId: string,
  name: string,
  rawArgs: unknown,
  key: string | undefined,
  /** Charged in the change's own write; over it, OverBudgetError and nothing is applied. */
  budget?: WriteBudget,
): Promise<StoredOutcome> {
  const parsed = parseMutation(name, rawArgs);
  if (!parsed.ok) return { status: parsed.status, body: { error: parsed.error } };
  const now = clock.now();
  const [prepared] = await refuseUnknownTutorials(db, [
    prepareMutation(parsed.mutation, { newId: clock.newId, now }),
  ]);
  const hash = requestHash(name, rawArgs);
  if (!prepared || !('name' in prepared)) {
    const refusal = prepared ?? { status: 400, error: 'Missing mutation' };
    const outcome = { status: refusal.status, body: { error: refusal.error } };
    if (key !== undefined) {
      await recordProcessedKeys(db, userId, [{ key, requestHash: hash, outcome }]);
    }
    return outcome;
  }
  const mutation = prepared;
  let units = 0;
  try {
    return await runIdempotent(
      db,
      userId,
      key,
      hash,
      mutationReferences(mutation),
      async (read) => {
        const after = applyMutation(read.state, mutation, {
          now,
          catalog: read.catalog,
          outside: read.outside,
        });
        const totals = totalsAfter(read.totals, read.state, after);
        const diff = buildStateDiff(read.state, after, read.totals);
        if (budget) {
          // The sets it adds come with the read: weighing costs no query of its own.
          units = collectionChangeUnits(
            mutation.name,
            mutation.args,
            (setId) => read.catalog.getSet(setId)?.carIds.length,
          );
          diff.budget = {
            units,
            capacity: budget.capacity,
            refillPerSecond: budget.refillPerSecond,
          };
        }
        return { outcome: { status: 200, body: successBody(mutation, totals) }, diff };
      },
    );
  } catch (error) {
    if (budget && sqlStateOf(error) === OVER_BUDGET_SQLSTATE) {
      throw new OverBudgetError(units, await budget.waitFor(userId, units));
    }
    throw error;
  }
}

/** A change over its collector's write budget: nothing was applied. */
export class OverBudgetError extends Error {
  override name = 'OverBudgetError';
  constructor(
    readonly units: number,
    /** Seconds until the budget holds them. */
    readonly wait: number,
  ) {
    super(`over the write budget: ${units} units, ${wait} s to wait`);
  }
}

type Prepared = ParsedMutation | { ok: false; status: number; error: string };

/**
 * The shared rule cannot know which tutorials exist (the device may not have the list), so the
 * server refuses an unknown one here, the same way on its endpoint and in a push: 404, recorded
 * under the change's key like any refusal, and the device rebases it away.
 */
/** The tutorial a 'tutorials/complete' change names, else null. */
function tutorialOf(mutation: Prepared): string | null {
  if (!('name' in mutation) || mutation.name !== 'tutorials/complete') return null;
  return (mutation.args as MutationArgs<'tutorials/complete'>).tutorialId;
}

async function refuseUnknownTutorials(db: Database, prepared: Prepared[]): Promise<Prepared[]> {
  const ids = prepared.map(tutorialOf).filter((id): id is string => id !== null);
  if (ids.length === 0) return prepared;
  const unknown = await unknownTutorialIds(db, ids);
  if (unknown.size === 0) return prepared;
  return prepared.map((mutation) => {
    const id = tutorialOf(mutation);
    return id !== null && unknown.has(id)
      ? { ok: false, status: 404, error: `Unknown tutorial: ${id}` }
      : mutation;
  });
}

/**
 * POST /api/sync/push: applies entries in order. Each entry is applied to the in-memory state on
 * its own, so a refused entry is rolled back alone (the state before it is kept) and never stops
 * the ones after it; then the chunk's whole effect, its keys and their outcomes (refusals
 * included) are written in one transaction — a thousand changes cost one commit, not a thousand.
 */
export async function pushMutations(
  db: Database,
  clock: MutationClock,
  userId: string,
  entries: (PushEntry & { parsed?: ReturnType<typeof parseMutation> })[],
): Promise<SentPushResult[]> {
  const now = clock.now();
  const parsed = await refuseUnknownTutorials(
    db,
    entries.map((entry): Prepared => {
      const result = entry.parsed ?? parseMutation(entry.name, entry.args);
      return result.ok ? prepareMutation(result.mutation, { newId: clock.newId, now }) : result;
    }),
  );
  const references = noReferences();
  for (const mutation of parsed) {
    if (!('name' in mutation)) continue;
    const refs = mutationReferences(mutation);
    references.carIds.push(...refs.carIds);
    references.setIds.push(...refs.setIds);
    references.carInstanceIds.push(...refs.carInstanceIds);
    references.setInstanceIds.push(...refs.setInstanceIds);
    references.settings ||= refs.settings;
    references.listSizes ||= refs.listSizes;
  }
  const hashes = entries.map((entry) => requestHash(entry.name, entry.args));
  const keys = entries.map((entry) => entry.key);

  return withOptimisticRetry(db, userId, keys, references, async (read) => {
    const seen = new Map(read.processedKeys);
    let state = read.state;
    const removed = nothingRemovedYet();
    const results: SentPushResult[] = [];
    const newKeys: NewProcessedKey[] = [];
    entries.forEach((entry, index) => {
      const hash = hashes[index] as string;
      const prior = seen.get(entry.key);
      if (prior) {
        results.push(
          answersRequest(prior.requestHash, hash)
            ? pushResultOf(entry.key, prior, true)
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
          const next = applyMutation(state, mutation, {
            now,
            catalog: read.catalog,
            outside: read.outside,
          });
          noteRemovedRows(removed, state, next);
          state = next;
          const totals = totalsAfter(read.totals, read.state, state);
          outcome = { status: 200, body: successBody(mutation, totals) };
        } catch (error) {
          if (!(error instanceof RuleError)) throw error;
          outcome = refusalOutcome(error);
        }
      }
      seen.set(entry.key, { requestHash: hash, ...outcome });
      newKeys.push({ key: entry.key, requestHash: hash, ...outcome });
      results.push(pushResultOf(entry.key, outcome, false));
    });
    const diff = buildStateDiff(read.state, state, read.totals, removed);
    return { result: results, diff, newKeys };
  });
}
