// The rebase: local copy = the server's snapshot + this device's unsent changes (waiting or set
// aside) re-applied in order with the same rules. Run after a batch is confirmed and whenever one is rejected.
import { loadCatalogLookup } from '../db/catalog-lookup';
import type { CatalogLookup } from '../shared/collection/rules';
import { replaceAllRows } from '../db/collection-diff';
import { readCounters, writeCounters } from '../db/device-counters';
import { collectionChangeTables, type GarageDb, type ProfileRow } from '../db/garage-db';
import { unsentEntries } from '../db/outbox-store';
import { emptyProfile, profileRowFromServer } from '../db/profile-rows';
import {
  applyMutation,
  parseMutation,
  RuleError,
  type ParsedMutation,
} from '../shared/collection/mutations';
import {
  collectionTotals,
  emptyUserState,
  type Collection,
  type UserState,
} from '../shared/collection/types';

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
): Promise<void> {
  // From memory, before the transaction: the catalogue never shares one with the collection.
  const catalog = await loadCatalogLookup(db);
  await db.transaction('rw', collectionChangeTables(db), async () => {
    const server = snapshot.profile ? profileRowFromServer(userId, snapshot.profile) : null;
    const local = (await db.profiles.get(userId)) ?? emptyProfile(userId);
    const base: UserState = {
      collection: snapshot.collection,
      preferences: {
        completedTutorials: server?.completedTutorials ?? local.completedTutorials,
        settings: server?.settings ?? local.settings,
      },
    };
    await db.snapshots.put({ userId, state: base, pulledAt });
    await reapplyUnsent(db, userId, base, server ?? local, catalog);
  });
}

/**
 * The same rebase on the snapshot already on the device (no network): after the collector
 * discards a change, the screen forgets it.
 */
export async function rebaseOnStoredSnapshot(db: GarageDb, userId: string): Promise<void> {
  const catalog = await loadCatalogLookup(db);
  await db.transaction('rw', collectionChangeTables(db), async () => {
    const stored = await db.snapshots.get(userId);
    const profile = (await db.profiles.get(userId)) ?? emptyProfile(userId);
    // Never pulled: everything on screen came from the changes on the device.
    await reapplyUnsent(db, userId, stored?.state ?? emptyUserState(), profile, catalog);
  });
}

/** Writes `base` plus the unsent changes re-applied in order as the user's rows and totals. */
async function reapplyUnsent(
  db: GarageDb,
  userId: string,
  base: UserState,
  profile: ProfileRow,
  catalog: CatalogLookup,
): Promise<void> {
  const pending: { mutation: ParsedMutation; createdAt: string }[] = [];
  for (const entry of await unsentEntries(db, userId)) {
    const parsed = parseMutation(entry.name, entry.args);
    if (parsed.ok) pending.push({ mutation: parsed.mutation, createdAt: entry.createdAt });
  }
  let state = base;
  for (const { mutation, createdAt } of pending) {
    try {
      state = applyMutation(state, mutation, { now: createdAt, catalog });
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }

  const counters = await readCounters(db);
  await replaceAllRows(db, userId, state, { next: () => counters.nextRowSeq++ });
  await writeCounters(db, counters);
  const totals = collectionTotals(state.collection);
  await db.profiles.put({
    ...profile,
    ...totals,
    completedTutorials: state.preferences.completedTutorials,
    settings: state.preferences.settings,
  });
}
