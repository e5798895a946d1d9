// One collection change on the device: the rule (docs/rules.md) applied to the local rows and its outbox
// entry appended, in one Dexie transaction, so there is never one without the other.
import type { IndexableType, Transaction } from 'dexie';
import { AppError, isAppError } from '../errors/app-error';
import { CHANGE_DEADLINE_MS, storageStalled, withChangeDeadline } from '../db/change-deadline';
import { collectionChangeTables, type GarageDb } from '../db/garage-db';
import { type OutboxRow } from '../db/device-rows';
import { lookupOf } from '../db/catalog-lookup';
import {
  applyToBase,
  baseRowSource,
  changeBaseFor,
  dropChangeBase,
  type ChangeBase,
} from './change-base';
import { loadChangeBaseWhenIdle } from './change-base-load';
import { ROW_WRITE_TABLES } from './collection-diff';
import { dexieRowSource, outsideOfRows, readRowsFor, type RowSource } from '../db/collection-rows';
import { newCollectionVersion } from '../db/collection-version';
import { DEVICE_COUNTERS_KEY, readCounters } from '../db/device-counters';
import {
  announceToOtherContexts,
  announceToThisContext,
  writeIfVersion,
  type PlainWrite,
} from '../db/versioned-write';
import {
  mutationReferences,
  parseMutation,
  prepareMutation,
  type ParsedMutation,
} from '../shared/collection/mutations';
import { planChange, type ChangeContext, type ChangePlan, type ChangeRead } from './change-plan';

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
 *
 * Two ways, one result. With this context's copy of the collector's rows (local-store/change-base.ts),
 * the change is worked out before its transaction and written plainly, checked against the
 * collection's version inside that transaction (db/versioned-write.ts). Without a copy, or when
 * the version moved or the copy's rows would refuse the change, it reads its rows inside a
 * Dexie transaction as it always did; a copy is then taken when the page is idle.
 */
export async function applyLocalChange(
  db: GarageDb,
  userId: string,
  name: string,
  args: unknown,
  clock: LocalChangeClock = deviceClock,
  /** Past it the change fails with AppError 'storage-stalled' and writes nothing. */
  deadlineMs = CHANGE_DEADLINE_MS,
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
  // From memory, before the transaction: the catalogue is another database and never shares a
  // transaction with the collection and the outbox.
  const deviceCatalog = await db.catalog.current();
  const context: ChangeContext = {
    now: clock.now(),
    catalog: lookupOf(deviceCatalog),
    catalogMissing: !deviceCatalog,
  };
  // A change that may grow a capped list counts it too, so it is refused here, before queueing,
  // with the server's words.
  const read = async (source: RowSource): Promise<ChangeRead> => {
    const [rows, whole] = await Promise.all([
      readRowsFor(source, refs, context.catalog, minted),
      refs.listSizes ? source.listSizes() : undefined,
    ]);
    return whole ? { rows, outside: outsideOfRows(whole, rows) } : { rows };
  };

  const onCopy = await changeOnCopy(db, userId, mutation, context, read, deadlineMs);
  if (onCopy) return { entry: onCopy, mutation };
  const entry = await changeInTransaction(db, deadlineMs, async () => {
    // Every read in one round: each round trip is time before the screen shows the change.
    const [collection, profile, counters] = await Promise.all([
      read(dexieRowSource(db, userId)),
      db.profiles.get(userId),
      readCounters(db),
    ]);
    const plan = planChange(userId, mutation, context, { ...collection, profile, counters });
    await writePlan(db, plan);
    return plan.entry;
  });
  loadChangeBaseWhenIdle(db, userId);
  return { entry, mutation };
}

/**
 * `work` in one Dexie transaction on the change's tables, aborted past `ms` (or refused, should
 * it only start then: the database still opening, another transaction holding the rows).
 */
function changeInTransaction<T>(db: GarageDb, ms: number, work: () => Promise<T>): Promise<T> {
  let transaction: Transaction | undefined;
  let abandoned = false;
  const done = db.transaction('rw', collectionChangeTables(db), (tx) => {
    if (abandoned) throw storageStalled();
    transaction = tx;
    return work();
  });
  return withChangeDeadline(done, ms, () => {
    abandoned = true;
    transaction?.abort();
  });
}

/**
 * How many times a change tries this context's copy when the copy moves under it. A rebase here
 * or another change here brings the copy forward with the version it wrote: a change made while
 * that rebase held the rows (after every confirmed push, so any quick second tap) finds its
 * version moved, and lands on the copy as it is now instead of reading its rows the slow way,
 * dropping the copy and taking all of it again when idle.
 */
const COPY_ATTEMPTS = 3;

/** The change on this context's copy, or null when it must go the slow way (nothing written). */
async function changeOnCopy(
  db: GarageDb,
  userId: string,
  mutation: ParsedMutation,
  context: ChangeContext,
  read: (source: RowSource) => Promise<ChangeRead>,
  deadlineMs: number,
): Promise<OutboxRow | null> {
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
    const base = changeBaseFor(db, userId);
    if (!base) return null;
    const readAt = base.version;
    const outcome = await changeOnBase(db, base, userId, mutation, context, read, deadlineMs);
    if (outcome !== 'stale') {
      if (outcome === null) dropChangeBase(db);
      return outcome;
    }
    // Not brought forward here: another tab or the worker wrote, and no copy here knows what.
    const now = changeBaseFor(db, userId);
    if (!now || now.version === readAt) break;
  }
  dropChangeBase(db);
  return null;
}

/**
 * The change on `base`: its outbox entry once written; 'stale' when the collection's version
 * had moved from the copy's (nothing written); null when it must go the slow way (nothing
 * written either).
 */
async function changeOnBase(
  db: GarageDb,
  base: ChangeBase,
  userId: string,
  mutation: ParsedMutation,
  context: ChangeContext,
  read: (source: RowSource) => Promise<ChangeRead>,
  deadlineMs: number,
): Promise<OutboxRow | 'stale' | null> {
  // The version the copy is at as it is read: should the copy move while this change awaits
  // (another change of this context, a rebase), the check below finds it stale, rather than
  // passing rows from before with a version from after.
  const readAt = base.version;
  let plan: ChangePlan;
  try {
    const collection = await read(baseRowSource(base));
    plan = planChange(userId, mutation, context, {
      ...collection,
      // Copies: the rules must never reach the copy's own objects.
      profile: structuredClone(base.profile),
      counters: base.counters,
    });
  } catch (error) {
    // A refusal is only ever decided on rows read inside a transaction: the copy may be behind.
    if (error instanceof AppError) return null;
    throw error;
  }
  const writes = writesOf(plan);
  const version = newCollectionVersion();
  let written: Promise<'written' | 'stale'>;
  try {
    written = writeIfVersion(db, readAt, writes, version, deadlineMs);
  } catch {
    // Closed or closing database, …: the slow way meets it again and says so.
    return null;
  }
  // This context's screen re-reads now, behind the write (see announceToThisContext).
  const changed = announceToThisContext(db, writes);
  try {
    if ((await written) === 'stale') return 'stale';
  } catch (error) {
    // Storage that did not answer would not answer the slow way either: the collector is told.
    if (isAppError(error, 'storage-stalled')) throw error;
    // Aborted (full disk, …): nothing written; the slow way meets it again and says so.
    return null;
  }
  announceToOtherContexts(changed);
  applyToBase(base, plan.writes, {
    version,
    profile: plan.profile ?? base.profile,
    counters: plan.counters,
  });
  return plan.entry;
}

/** The plan through Dexie, inside the caller's transaction: the same writes as the plain way. */
async function writePlan(db: GarageDb, plan: ChangePlan): Promise<void> {
  await Promise.all(
    writesOf(plan).map((write) => {
      const table = db.table(write.store);
      if ('put' in write) return table.put(write.put);
      if ('add' in write) return table.add(write.add);
      // The keys IndexedDB takes are the keys Dexie takes (Dexie's type spells them its own way).
      return table.delete(write.delete as IndexableType);
    }),
  );
}

/** Every write of a change, for either way of writing it (writePlan, writeIfVersion). */
function writesOf(plan: ChangePlan): PlainWrite[] {
  const writes: PlainWrite[] = [];
  for (const name of ROW_WRITE_TABLES) {
    const { put, delete: keys } = plan.writes[name];
    for (const key of keys) writes.push({ store: name, delete: key });
    for (const row of put) writes.push({ store: name, put: row });
  }
  if (plan.profile) writes.push({ store: 'profiles', put: plan.profile });
  writes.push({ store: 'outbox', add: plan.entry });
  writes.push({ store: 'meta', put: { key: DEVICE_COUNTERS_KEY, value: plan.counters } });
  return writes;
}
