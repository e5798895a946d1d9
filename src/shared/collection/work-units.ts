// What a write costs, in work units, against a collector's write budget (kept by the server in
// its database, api/http/write-budget.ts). Shared so a device can size its pushes to fit: an
// ordinary collection change is 1 unit, a change that adds copies costs one unit per copy, a
// community change (a post, comment, like, follow, offer…) costs 20, an entry the server has
// already applied (a replay) 1, and a push at least 1 whatever it holds (a push is weighed by
// src/shared/sync/push-weight.ts).
import type { MutationArgs, MutationName } from './mutation-schemas';

/** A collector's budget: this many units at most, given back at REFILL_PER_SECOND. */
export const WRITE_BUDGET_CAPACITY = 1_200;
export const WRITE_BUDGET_REFILL_PER_SECOND = 20;

/** A collection change that creates nothing or one copy (add a car, toggle, update…). */
export const ORDINARY_CHANGE_UNITS = 1;
/**
 * A community change: several tables, and often a push alert to up to 10 devices. 60 fit in a
 * full budget, then one a second: far above a collector, far below a script.
 */
export const COMMUNITY_CHANGE_UNITS = 20;
/**
 * An entry whose key the server has already processed: nothing is applied again, but finding
 * and sending its stored answer is work, so a replayed push is never free. No more than the
 * cheapest change, so a device that weighs every queued entry as new (it cannot know which ones
 * the server saw before its connection dropped) never sends a push the server weighs heavier.
 */
export const REPLAYED_CHANGE_UNITS = ORDINARY_CHANGE_UNITS;
/** A sync push costs at least this, whatever it holds (an empty one too). */
export const MIN_PUSH_UNITS = 1;
/** Photo uploads, push (un)registration and checkout: like a community change. */
export const UPLOAD_UNITS = COMMUNITY_CHANGE_UNITS;

/** One change may add at most this many car and set instances (413 at its endpoint). */
export const MAX_COPIES_PER_CHANGE = 1_200;
/** add-multiple-set-instances takes at most this many set instances in one change (400). */
export const MAX_INSTANCES_PER_CHANGE = 100;

/** import-car-instances takes at most this many copies in one change (400). */
export const MAX_IMPORTED_PER_CHANGE = 100;

/** The cars of a set, as far as the caller knows them (undefined: unknown set). */
export type SetSize = (setId: string) => number | undefined;

/** The car and set instances a collection change adds (a set instance brings one of each car). */
export function copiesCreated<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
  setSize: SetSize,
): number {
  switch (name) {
    case 'collection/add-car-instance':
      return 1;
    case 'collection/import-car-instances':
      return (args as MutationArgs<'collection/import-car-instances'>).instances.length;
    case 'collection/add-set-instance': {
      const { set } = args as MutationArgs<'collection/add-set-instance'>;
      return 1 + (setSize(set.id) ?? 0);
    }
    case 'collection/add-multiple-set-instances': {
      const { set, instances } = args as MutationArgs<'collection/add-multiple-set-instances'>;
      return instances.length * (1 + (setSize(set.id) ?? 0));
    }
    default:
      return 0;
  }
}

/** Units a collection change costs: one per copy it adds, at least ORDINARY_CHANGE_UNITS. */
export function collectionChangeUnits<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
  setSize: SetSize,
): number {
  return Math.max(ORDINARY_CHANGE_UNITS, copiesCreated(name, args, setSize));
}
