// One collection change on the device: the rule (docs/rules.md) applied to the local rows and its outbox
// entry appended, in one Dexie transaction, so there is never one without the other.
import { AppError } from '../errors/app-error';
import { collectionChangeTables, type GarageDb, type OutboxRow } from '../db/garage-db';
import { lookupOf } from '../db/catalog-lookup';
import { writeCollectionDiff } from '../db/collection-diff';
import { preferencesOf, readRowsFor, rowsToCollection } from '../db/collection-rows';
import { readCounters, writeCounters } from '../db/device-counters';
import { appendEntry } from '../db/outbox-store';
import { clearRowsSnapshotMark } from '../db/rows-marker';
import {
  applyMutation,
  mutationReferences,
  parseMutation,
  prepareMutation,
  RuleError,
  type ParsedMutation,
} from '../shared/collection/mutations';
import { collectionTotals, type UserState } from '../shared/collection/types';
import { emptyProfile } from '../db/profile-rows';

export interface LocalChangeClock {
  now(): string;
  /** An id never made before (on any device): a change's created ids are not looked up as taken. */
  newId(): string;
}

export const deviceClock: LocalChangeClock = {
  now: () => new Date().toISOString(),
  newId: () => crypto.randomUUID(),
};

export interface LocalChangeResult {
  entry: OutboxRow;
  /** The payload as queued: created ids and times filled in, so the screen can name them. */
  mutation: ParsedMutation;
}

/** Checks and fills a change's payload; throws AppError('invalid-change') for bad input. */
export function prepareChange(
  name: string,
  args: unknown,
  clock: LocalChangeClock,
): ParsedMutation {
  const parsed = parseMutation(name, args);
  if (!parsed.ok) throw new AppError('invalid-change', parsed.error, parsed.status);
  return prepareMutation(parsed.mutation, { newId: clock.newId, now: clock.now() });
}

/**
 * Applies the change to `userId`'s rows and queues it. A change the rules refuse throws
 * AppError('change-refused') and writes nothing (the transaction is aborted).
 */
export async function applyLocalChange(
  db: GarageDb,
  userId: string,
  name: string,
  args: unknown,
  clock: LocalChangeClock = deviceClock,
): Promise<LocalChangeResult> {
  // The ids the clock makes for this change are new everywhere: nobody's rows can own them.
  const minted = new Set<string>();
  const mutation = prepareChange(name, args, {
    now: () => clock.now(),
    newId: () => {
      const id = clock.newId();
      minted.add(id);
      return id;
    },
  });
  const refs = mutationReferences(mutation);
  const now = clock.now();
  // From memory, before the transaction: the catalogue is another database and never shares a
  // transaction with the collection and the outbox.
  const deviceCatalog = await db.catalog.current();
  const catalog = lookupOf(deviceCatalog);
  return db.transaction('rw', collectionChangeTables(db), async () => {
    // Every read in one round: each round trip is time before the screen shows the change.
    const [rows, profile, counters, totals] = await Promise.all([
      readRowsFor(db, userId, refs, catalog, minted),
      db.profiles.get(userId),
      readCounters(db),
      db.ownedTotals.get(userId),
    ]);
    const before: UserState = {
      collection: rowsToCollection(rows),
      preferences: preferencesOf(profile),
    };
    let after: UserState;
    try {
      after = applyMutation(before, mutation, { now, catalog });
    } catch (error) {
      if (error instanceof RuleError) {
        const code = deviceCatalog ? 'change-refused' : 'catalog-missing';
        throw new AppError(code, error.message, error.status);
      }
      throw error;
    }
    // Row seqs are assigned when writeCollectionDiff is called, so the counters written below
    // already hold them; all writes then go together.
    const rowsWritten = writeCollectionDiff(
      db,
      userId,
      rows,
      after.collection,
      { next: () => counters.nextRowSeq++ },
      { totals: totals ?? null },
    );
    const delta = collectionTotals(after.collection);
    const was = collectionTotals(before.collection);
    const base = profile ?? emptyProfile(userId);
    const seq = counters.nextOutboxSeq++;
    // The rows now differ from every snapshot: the next pull rebases them whole.
    clearRowsSnapshotMark(counters, userId);
    const entry: OutboxRow = {
      key: `${counters.clientId}:${seq}`,
      userId,
      seq,
      name: mutation.name,
      args: mutation.args,
      createdAt: now,
    };
    await Promise.all([
      rowsWritten,
      db.profiles.put({
        ...base,
        totalCarCount: base.totalCarCount + delta.totalCarCount - was.totalCarCount,
        totalSetCount: base.totalSetCount + delta.totalSetCount - was.totalSetCount,
        completedTutorials: after.preferences.completedTutorials,
        settings: after.preferences.settings,
      }),
      appendEntry(db, entry),
      writeCounters(db, counters),
    ]);
    return { entry, mutation };
  });
}
