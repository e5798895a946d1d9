// The rebase: local copy = the server's snapshot + this device's unsent changes (waiting or set
// aside) re-applied in order with the same rules. Run after a batch is confirmed and whenever one is rejected.
import { loadCatalogLookup } from '../db/catalog-lookup';
import type { CatalogLookup } from '../shared/collection/rules';
import {
  applyToBase,
  baseRestNow,
  changeBaseFor,
  currentChangeBase,
  rowsOfBase,
  type BaseRest,
  type ChangeBase,
} from './change-base';
import { endArrival, readArrival } from '../db/collection-arrival';
import { replaceAllRows, type RowWrites } from './collection-diff';
import { readCounters, writeCounters } from '../db/device-counters';
import { collectionChangeTables, type GarageDb } from '../db/garage-db';
import { type ProfileRow } from '../db/device-rows';
import { outboxCounts, unsentEntries } from '../db/outbox-store';
import { markRowsAsSnapshot, rowsSnapshotFingerprint } from './rows-marker';
import { emptyProfile, profileRowFromServer } from '../db/profile-rows';
import { emptyUserState, type Collection, type UserState } from '../shared/collection/types';
import { fillInSteps, fillsInSteps, type FillOptions } from './collection-fill';
import { stateWithUnsent } from './rebase-state';

export interface ServerSnapshot {
  collection: Collection;
  /** GET /api/profile/me's body, or null when the user has no username yet. */
  profile: unknown;
}

/**
 * Makes the device's copy of `userId`'s collection equal the snapshot plus what is still
 * unsent. A change the snapshot no longer allows is skipped here; the server will answer it
 * when it is replayed (and a rejection rebases again).
 */
export async function rebaseOnSnapshot(
  db: GarageDb,
  userId: string,
  snapshot: ServerSnapshot,
  pulledAt = new Date().toISOString(),
  fill: FillOptions = {},
): Promise<void> {
  const server = snapshot.profile ? profileRowFromServer(userId, snapshot.profile) : null;
  // With the server's profile, the snapshot's state does not depend on the device: fingerprinted,
  // and the same text is what is stored.
  const serverJson = server ? JSON.stringify(snapshotState(snapshot.collection, server)) : null;
  const fingerprint = serverJson === null ? null : await stateFingerprint(serverJson);
  if (fingerprint && server && (await profileOnlyIfUnchanged(db, userId, fingerprint, server))) {
    return;
  }
  // From memory, before the transaction: the catalogue never shares one with the collection.
  const catalog = await loadCatalogLookup(db);
  if (await fillsInSteps(db, userId, snapshot.collection.ownedCars.length, fill.fromCars)) {
    // A large first pull: the many car rows in steps first, so no screen and no tapped change
    // waits behind one long transaction. The transaction below then finds them written.
    const local = (await db.profiles.get(userId)) ?? emptyProfile(userId);
    const base = snapshotState(snapshot.collection, server ?? local);
    await fillInSteps(db, userId, base, catalog, server, fill);
  }
  const kept = await db.transaction('rw', collectionChangeTables(db), async () => {
    const local = (await db.profiles.get(userId)) ?? emptyProfile(userId);
    const base = snapshotState(snapshot.collection, server ?? local);
    await endArrival(db, userId);
    await db.snapshots.put({ userId, stateJson: serverJson ?? JSON.stringify(base), pulledAt });
    const reapplied = await reapplyUnsent(db, userId, base, server ?? local, catalog);
    // Unsent changes re-applied on top make rows that are not the snapshot: even once the server
    // confirms them, it may have applied them in another order than on top of this snapshot.
    await markRowsAsSnapshot(db, userId, reapplied.unsent === 0 ? fingerprint : null);
    return keepCopyCurrent(db, userId, reapplied.copy);
  });
  kept?.();
}

/** The state a snapshot stands for: the server's collection and preferences (else the device's). */
function snapshotState(collection: Collection, profile: ProfileRow): UserState {
  return {
    collection,
    preferences: {
      completedTutorials: profile.completedTutorials,
      settings: profile.settings,
    },
  };
}

/** SHA-256 of a state's JSON, or null where Web Crypto is missing (then every pull rebases). */
async function stateFingerprint(json: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = new TextEncoder().encode(json);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The usual pull (the app opens, nothing changed anywhere) brings the snapshot the rows already
 * are exactly: the last rebase had nothing unsent to re-apply and marked the rows with the
 * snapshot's fingerprint, and no local change has cleared the mark since (local-store/rows-marker.ts).
 * Then only the profile is written. A full rebase reads and diffs every row in a write
 * transaction that the screens' reads wait behind, and reading the stored snapshot back to
 * compare would be one long task: a tap on 'My Collection' right after the app opened waited
 * behind them (docs/decisions/0021-unchanged-pull-writes-only-the-profile.md). Here every read
 * is a small row (the mark, the profile, the outbox's counts), in the transaction that writes
 * the profile, so a change made meanwhile sends the pull the whole way. Rows that carry
 * re-applied changes are never marked: once the server confirms those changes, it may have
 * applied them in another order than on top of that snapshot (the two-device property test
 * found this).
 */
async function profileOnlyIfUnchanged(
  db: GarageDb,
  userId: string,
  fingerprint: string,
  server: ProfileRow,
): Promise<boolean> {
  return db.transaction('rw', [db.meta, db.profiles, db.outbox, db.outboxSetAside], async () => {
    const [stored, local, unsent] = await Promise.all([
      rowsSnapshotFingerprint(db, userId),
      db.profiles.get(userId),
      outboxCounts(db, userId),
    ]);
    if (stored !== fingerprint || !local || unsent.waiting + unsent.setAside > 0) {
      return false;
    }
    await db.profiles.put(server);
    return true;
  });
}

/**
 * The same rebase on the snapshot already on the device (no network): after the collector
 * discards a change, the screen forgets it.
 */
export async function rebaseOnStoredSnapshot(db: GarageDb, userId: string): Promise<void> {
  const catalog = await loadCatalogLookup(db);
  const kept = await db.transaction('rw', collectionChangeTables(db), async () => {
    // The collection is still arriving (local-store/collection-fill.ts): with no snapshot stored yet,
    // this would delete the cars written so far. The rebase that ends the fill comes soon.
    if (await readArrival(db, userId)) return null;
    const stored = await storedSnapshotState(db, userId);
    const profile = (await db.profiles.get(userId)) ?? emptyProfile(userId);
    // Never pulled: everything on screen came from the changes on the device.
    const reapplied = await reapplyUnsent(db, userId, stored ?? emptyUserState(), profile, catalog);
    await markRowsAsSnapshot(db, userId, null);
    return keepCopyCurrent(db, userId, reapplied.copy);
  });
  kept?.();
}

/** The last snapshot pulled for `userId` (undefined: never pulled), either way it was stored. */
export async function storedSnapshotState(
  db: GarageDb,
  userId: string,
): Promise<UserState | undefined> {
  const row = await db.snapshots.get(userId);
  if (row?.stateJson !== undefined) return JSON.parse(row.stateJson) as UserState;
  return row?.state;
}

/** This context's copy of the rows the rebase diffed against, and the writes it made on them. */
interface CopyRebased {
  base: ChangeBase;
  writes: RowWrites;
}

/**
 * Last in the rebase's transaction: what the copy must become to be the rows as this
 * transaction leaves them. Answers the step that makes it so, to run once the transaction has
 * committed (a copy changed before then could outlive an aborted rebase); a copy that a change
 * dropped or replaced meanwhile is left alone.
 */
async function keepCopyCurrent(
  db: GarageDb,
  userId: string,
  copy: CopyRebased | null,
): Promise<(() => void) | null> {
  if (!copy) return null;
  const rest: BaseRest = await baseRestNow(db, userId);
  return () => {
    if (changeBaseFor(db, userId) === copy.base) applyToBase(copy.base, copy.writes, rest);
  };
}

/**
 * Writes `base` plus the unsent changes re-applied in order as the user's rows and totals;
 * answers how many unsent changes there were, and, when this context's copy of the rows was
 * current, that copy with the writes made on it. The copy then stands in for reading every row:
 * for 10,000 cars that read was most of the rebase, and a change tapped meanwhile waited for it.
 */
async function reapplyUnsent(
  db: GarageDb,
  userId: string,
  base: UserState,
  profile: ProfileRow,
  catalog: CatalogLookup,
): Promise<{ unsent: number; copy: CopyRebased | null }> {
  const unsent = await unsentEntries(db, userId);
  const state = stateWithUnsent(base, unsent, catalog);
  const [counters, current] = await Promise.all([readCounters(db), currentChangeBase(db, userId)]);
  const writes = await replaceAllRows(db, userId, state, counters, current && rowsOfBase(current));
  await writeCounters(db, counters);
  await db.profiles.put({
    ...profile,
    completedTutorials: state.preferences.completedTutorials,
    settings: state.preferences.settings,
  });
  return { unsent: unsent.length, copy: current ? { base: current, writes } : null };
}
