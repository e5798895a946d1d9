// What a queued change will cost against the collector's write budget, weighed on the device
// with the same table the server charges by (src/shared/collection/work-units.ts), so the
// replayer can send pushes that fit the budget instead of learning it from a 429. Every entry is
// weighed as new: an entry the server already applied costs it REPLAYED_CHANGE_UNITS, never more
// than any new change, so the device's weight is never below the server's.
import type { CatalogLookup } from '../shared/collection/rules';
import { parseMutation } from '../shared/collection/mutations';
import { isCommunityChangeName } from '../shared/community/command-schemas';
import {
  COMMUNITY_CHANGE_UNITS,
  ORDINARY_CHANGE_UNITS,
  pushedChangeUnits,
  type SetSize,
} from '../shared/collection/work-units';

export interface WeighableEntry {
  name: string;
  args: unknown;
}

/**
 * Units one change costs, as the server will charge it. A change the server will refuse
 * without doing its work (bad input, too many copies) costs an ordinary change; a set the
 * device's catalogue does not know counts its set instance only (the server refuses it anyway).
 */
export function pushUnitsOf(entry: WeighableEntry, catalog: CatalogLookup): number {
  if (isCommunityChangeName(entry.name)) return COMMUNITY_CHANGE_UNITS;
  const parsed = parseMutation(entry.name, entry.args);
  if (!parsed.ok) return ORDINARY_CHANGE_UNITS;
  const setSize: SetSize = (setId) => catalog.getSet(setId)?.carIds.length;
  return pushedChangeUnits(parsed.mutation.name, parsed.mutation.args, setSize);
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
