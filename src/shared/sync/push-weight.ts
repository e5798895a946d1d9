// What a sync push costs in work units, weighed the same way by the server before it applies a
// push (api/collection/write-cost.ts) and by the device to size its pushes to fit the budget
// (src/sync/push-units.ts); the units themselves are src/shared/collection/work-units.ts.
import { parseMutation } from '../collection/mutations';
import type { MutationArgs, MutationName } from '../collection/mutation-schemas';
import {
  collectionChangeUnits,
  COMMUNITY_CHANGE_UNITS,
  copiesCreated,
  MAX_COPIES_PER_CHANGE,
  MIN_PUSH_UNITS,
  ORDINARY_CHANGE_UNITS,
  type SetSize,
} from '../collection/work-units';

export type MutationParse = ReturnType<typeof parseMutation>;

/** A push entry as it is weighed: whether it is a community change, and a collection change's parse when the caller already has it. */
export interface WeighableEntry {
  name: string;
  args: unknown;
  community: boolean;
  parsed?: MutationParse;
}

/**
 * Units a collection change costs as a push entry: one per copy it adds, at least an ordinary
 * change; a change with more copies than one change may add is refused without doing its work
 * (413), so it costs an ordinary change and gets that clear answer rather than the budget's.
 */
export function pushedChangeUnits<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
  setSize: SetSize,
): number {
  if (copiesCreated(name, args, setSize) > MAX_COPIES_PER_CHANGE) return ORDINARY_CHANGE_UNITS;
  return collectionChangeUnits(name, args, setSize);
}

/**
 * Units one push entry costs when the server has not seen its key: a community change its flat
 * rate, a change the server refuses without doing its work (bad input, too many copies) an
 * ordinary change, any other collection change one unit per copy it adds.
 */
export function newEntryUnits(entry: WeighableEntry, setSize: SetSize): number {
  if (entry.community) return COMMUNITY_CHANGE_UNITS;
  const parsed = entry.parsed ?? parseMutation(entry.name, entry.args);
  if (!parsed.ok) return ORDINARY_CHANGE_UNITS;
  return pushedChangeUnits(parsed.mutation.name, parsed.mutation.args, setSize);
}

/** What a whole push costs from its entries' units: their sum, and at least MIN_PUSH_UNITS. */
export function pushUnits(entryUnits: readonly number[]): number {
  return Math.max(
    MIN_PUSH_UNITS,
    entryUnits.reduce((sum, units) => sum + units, 0),
  );
}
