// What a queued change will cost against the collector's write budget, weighed on the device
// the way the server weighs a push (src/shared/sync/push-weight.ts), so the replayer can send
// pushes that fit the budget instead of learning it from a 429. Every entry is weighed as new:
// an entry the server already applied costs it REPLAYED_CHANGE_UNITS, never more than any new
// change, so the device's weight is never below the server's.
import type { CatalogLookup } from '../shared/collection/rules';
import { isCommunityChangeName } from '../shared/community/command-schemas';
import type { SetSize } from '../shared/collection/work-units';
import { newEntryUnits } from '../shared/sync/push-weight';

export interface WeighableEntry {
  name: string;
  args: unknown;
}

/**
 * Units one change costs, as the server will charge it. A set the device's catalogue does not
 * know counts its set instance only (the server refuses it anyway).
 */
export function pushUnitsOf(entry: WeighableEntry, catalog: CatalogLookup): number {
  const setSize: SetSize = (setId) => catalog.getSet(setId)?.carIds.length;
  return newEntryUnits({ ...entry, community: isCommunityChangeName(entry.name) }, setSize);
}

/**
 * How many of `units` (in queue order) one push may carry within `budget`: the longest prefix
 * that fits, and always at least one entry (a single change over the budget is the server's to
 * answer, with a 429 and Retry-After until the budget has filled).
 */
export function entriesWithin(units: readonly number[], budget: number): number {
  let total = 0;
  for (let index = 0; index < units.length; index++) {
    total += units[index] ?? 0;
    if (total > budget) return Math.max(1, index);
  }
  return units.length;
}
