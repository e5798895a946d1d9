// What one collection change writes, worked out from the rows it read: the rules applied, the
// rows that differ, the outbox entry, the counters after it (the totals moved with them) and the
// profile when its preferences changed.
// Pure: the change's transaction (local-change.ts) writes the plan, through Dexie or plainly.
import { AppError } from '../errors/app-error';
import { diffRows, type RowWrites } from './collection-diff';
import { preferencesOf, rowsToCollection, type CollectionRows } from '../db/collection-rows';
import { setTotalsIn, totalsIn, type DeviceCounters } from '../db/device-counters';
import type { OutboxRow, ProfileRow } from '../db/device-rows';
import { emptyTotals, movedTotals } from '../db/owned-summaries';
import { emptyProfile } from '../db/profile-rows';
import { clearRowsSnapshotMark } from './rows-marker';
import { applyMutation, RuleError, type ParsedMutation } from '../shared/collection/mutations';
import type { CatalogLookup } from '../shared/collection/rules';
import type { UserState } from '../shared/collection/types';
import type { ListSizes } from '../shared/collector-caps';

/** What the change read: its rows, and the profile and counters as stored. */
export interface ChangeInputs {
  rows: CollectionRows;
  profile: ProfileRow | undefined;
  counters: DeviceCounters;
  /** The capped lists' entries outside `rows`, read for a change that may grow one. */
  outside?: ListSizes;
}

/** What a change reads of the collection: its rows, and the lists' sizes when it needs them. */
export type ChangeRead = Pick<ChangeInputs, 'rows' | 'outside'>;

export interface ChangePlan {
  writes: RowWrites;
  /** The profile after the change, or null when the change leaves it as it is (most do). */
  profile: ProfileRow | null;
  entry: OutboxRow;
  /** The counters after the change, the totals moved (a new object: the inputs are left alone). */
  counters: DeviceCounters;
}

export interface ChangeContext {
  now: string;
  catalog: CatalogLookup;
  /** No catalogue on the device: a refusal says so instead of 'change-refused'. */
  catalogMissing: boolean;
}

/** Throws AppError('change-refused' or 'catalog-missing') when the rules refuse the change. */
export function planChange(
  userId: string,
  mutation: ParsedMutation,
  { now, catalog, catalogMissing }: ChangeContext,
  { rows, profile, counters: read, outside }: ChangeInputs,
): ChangePlan {
  const before: UserState = {
    collection: rowsToCollection(rows),
    preferences: preferencesOf(profile),
  };
  let after: UserState;
  try {
    after = applyMutation(before, mutation, { now, catalog, outside });
  } catch (error) {
    if (error instanceof RuleError) {
      throw new AppError(
        catalogMissing ? 'catalog-missing' : 'change-refused',
        error.message,
        error.status,
      );
    }
    throw error;
  }
  const counters: DeviceCounters = { ...read };
  const { writes, next } = diffRows(userId, rows, after.collection, {
    next: () => counters.nextRowSeq++,
  });
  const oldTotals = totalsIn(counters, userId) ?? emptyTotals();
  setTotalsIn(
    counters,
    userId,
    movedTotals(oldTotals, { cars: rows.ownedCars, sets: rows.ownedSets }, next),
  );
  const seq = counters.nextOutboxSeq++;
  // The rows now differ from every snapshot: the next pull rebases them whole.
  clearRowsSnapshotMark(counters, userId);
  const preferencesChanged =
    JSON.stringify(after.preferences) !== JSON.stringify(before.preferences);
  return {
    writes,
    profile: preferencesChanged
      ? {
          ...(profile ?? emptyProfile(userId)),
          completedTutorials: after.preferences.completedTutorials,
          settings: after.preferences.settings,
        }
      : null,
    entry: {
      key: `${counters.clientId}:${seq}`,
      userId,
      seq,
      name: mutation.name,
      args: mutation.args,
      createdAt: now,
    },
    counters,
  };
}
