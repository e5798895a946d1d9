// The registry of replayable mutations: for each docs/api.md call, how to prepare, check and apply it.
import type { z } from 'zod';
import {
  isMutationName,
  mutationArgsSchemas,
  type MutationArgs,
  type MutationName,
} from './mutation-schemas';
import * as rules from './rules';
import { describeZodError } from '../validation';
import { storableCopy } from '../text/user-text';
import { RuleError, type RuleContext } from './rules';
import { LIST_CAP_REFUSALS, listOverCap } from '../collector-caps';
import type { Collection, UserState } from './types';

/**
 * What a change can touch: the cars and sets it names and the instance ids it creates. The
 * server reads only these rows (and a named set's cars) to apply it; see diecast_read.
 */
export interface MutationReferences {
  carIds: string[];
  setIds: string[];
  carInstanceIds: string[];
  setInstanceIds: string[];
  /** It reads the settings (only a settings change: every other change leaves them unread). */
  settings: boolean;
  /** It may grow a capped list, so the rules need the lists' whole sizes (collector-caps.ts). */
  listSizes: boolean;
}

interface MutationDefinition<N extends MutationName> {
  references(args: MutationArgs<N>): MutationReferences;
  /** Fills what the change creates (instance ids, times) so every replay names the same thing. */
  prepare(args: MutationArgs<N>, fill: IdAndClock): MutationArgs<N>;
  apply(state: UserState, args: MutationArgs<N>, ctx: RuleContext): UserState;
  /** Extra fields of the HTTP answer: the ids the change created. */
  created(args: MutationArgs<N>): Record<string, unknown>;
}

export interface IdAndClock {
  newId: () => string;
  now: string;
}

export function noReferences(): MutationReferences {
  return {
    carIds: [],
    setIds: [],
    carInstanceIds: [],
    setInstanceIds: [],
    settings: false,
    listSizes: false,
  };
}

const refs = (partial: Partial<MutationReferences>): MutationReferences => ({
  ...noReferences(),
  ...partial,
});
const none = noReferences;
const nothingCreated = () => ({});
const unchanged = <A>(args: A) => args;
const onCollection =
  <A>(rule: (collection: Collection, args: A, ctx: RuleContext) => Collection) =>
  (state: UserState, args: A, ctx: RuleContext): UserState => ({
    ...state,
    collection: rule(state.collection, args, ctx),
  });

function prepareCreated<D extends { instanceId?: string; dateAdded?: string }>(
  details: D,
  fill: IdAndClock,
): D {
  return {
    ...details,
    instanceId: details.instanceId ?? fill.newId(),
    dateAdded: details.dateAdded ?? fill.now,
  };
}

const definitions: { [N in MutationName]: MutationDefinition<N> } = {
  'collection/add-car-instance': {
    references: (args) =>
      refs({ carIds: [args.carId], carInstanceIds: [args.details.instanceId as string] }),
    prepare: (args, fill) => ({ ...args, details: prepareCreated(args.details, fill) }),
    apply: onCollection(rules.addCarInstance),
    created: (args) => ({ instanceId: args.details.instanceId }),
  },
  'collection/import-car-instances': {
    references: (args) =>
      refs({
        carIds: args.instances.map((copy) => copy.carId),
        carInstanceIds: args.instances.map((copy) => copy.details.instanceId),
      }),
    prepare: (args, fill) => ({
      instances: args.instances.map((copy) => ({
        carId: copy.carId,
        details: { ...copy.details, dateAdded: copy.details.dateAdded ?? fill.now },
      })),
    }),
    apply: onCollection(rules.importCarInstances),
    created: (args) => ({ instanceIds: args.instances.map((copy) => copy.details.instanceId) }),
  },
  'collection/remove-car-instance': {
    references: (args) => refs({ carIds: [args.carId] }),
    prepare: unchanged,
    apply: onCollection(rules.removeCarInstance),
    created: nothingCreated,
  },
  'collection/add-set-instance': {
    references: (args) =>
      refs({ setIds: [args.set.id], setInstanceIds: [args.instanceDetails.instanceId as string] }),
    prepare: (args, fill) => ({
      ...args,
      instanceDetails: prepareCreated(args.instanceDetails, fill),
    }),
    apply: onCollection(rules.addSetInstance),
    created: (args) => ({ instanceId: args.instanceDetails.instanceId }),
  },
  'collection/add-multiple-set-instances': {
    references: (args) =>
      refs({
        setIds: [args.set.id],
        setInstanceIds: args.instances.map((details) => details.instanceId as string),
      }),
    prepare: (args, fill) => ({
      ...args,
      instances: args.instances.map((details) => prepareCreated(details, fill)),
    }),
    apply: onCollection(rules.addMultipleSetInstances),
    created: (args) => ({ instanceIds: args.instances.map((details) => details.instanceId) }),
  },
  'collection/remove-set-instance': {
    references: (args) => refs({ setIds: [args.setId], carIds: args.carIds }),
    prepare: unchanged,
    apply: onCollection(rules.removeSetInstance),
    created: nothingCreated,
  },
  'collection/toggle-favorite': {
    references: (args) => refs({ carIds: [args.carId], listSizes: true }),
    prepare: unchanged,
    apply: onCollection(rules.toggleFavorite),
    created: nothingCreated,
  },
  'collection/toggle-wishlist': {
    references: (args) => refs({ carIds: [args.carId], listSizes: true }),
    prepare: unchanged,
    apply: onCollection(rules.toggleWishlist),
    created: nothingCreated,
  },
  'collection/update-wishlist-car': {
    references: (args) => refs({ carIds: [args.carId] }),
    prepare: unchanged,
    apply: onCollection(rules.updateWishlistCar),
    created: nothingCreated,
  },
  'collection/toggle-set': {
    references: (args) => refs({ setIds: [args.setId], listSizes: true }),
    prepare: unchanged,
    apply: onCollection(rules.toggleSet),
    created: nothingCreated,
  },
  'collection/update-set-details': {
    references: (args) => refs({ setIds: [args.setId], listSizes: true }),
    prepare: unchanged,
    apply: onCollection(rules.updateSetDetails),
    created: nothingCreated,
  },
  'collection/update-car-details': {
    references: (args) => refs({ carIds: [args.carId], listSizes: true }),
    prepare: unchanged,
    apply: onCollection(rules.updateCarDetails),
    created: nothingCreated,
  },
  'collection/update-car-instance': {
    references: (args) => refs({ carIds: [args.carId] }),
    prepare: unchanged,
    apply: onCollection(rules.updateCarInstance),
    created: nothingCreated,
  },
  'collection/update-set-instance': {
    references: (args) => refs({ setIds: [args.setId] }),
    prepare: unchanged,
    apply: onCollection(rules.updateSetInstance),
    created: nothingCreated,
  },
  'users/update-settings': {
    references: () => refs({ settings: true }),
    prepare: unchanged,
    apply: rules.updateSetting,
    created: nothingCreated,
  },
  'tutorials/complete': {
    references: none,
    prepare: unchanged,
    apply: rules.completeTutorial,
    created: nothingCreated,
  },
};

/** A mutation whose name and payload have been checked against the schemas. (docs/api.md) */
export interface ParsedMutation {
  name: MutationName;
  args: MutationArgs<MutationName>;
}

/** Checks a name and raw payload; a RuleError(422/400-like) message says what is wrong. */
export function parseMutation(
  name: string,
  rawArgs: unknown,
): { ok: true; mutation: ParsedMutation } | { ok: false; status: 400 | 404; error: string } {
  if (!isMutationName(name)) {
    return { ok: false, status: 404, error: `Unknown mutation: ${storableCopy(name)}` };
  }
  const parsed = (mutationArgsSchemas[name] as z.ZodType<MutationArgs<MutationName>>).safeParse(
    rawArgs,
  );
  if (!parsed.success) return { ok: false, status: 400, error: describeZodError(parsed.error) };
  return { ok: true, mutation: { name, args: parsed.data } };
}

// The registry is keyed by name, so each lookup below is type-safe for that name; TypeScript
// cannot correlate a union name with its args, hence the one widening cast per helper.
function definitionOf(name: MutationName): MutationDefinition<MutationName> {
  return definitions[name] as unknown as MutationDefinition<MutationName>;
}

export function prepareMutation(mutation: ParsedMutation, fill: IdAndClock): ParsedMutation {
  return { name: mutation.name, args: definitionOf(mutation.name).prepare(mutation.args, fill) };
}

/** Valid after prepareMutation (created ids are filled in). */
export function mutationReferences(mutation: ParsedMutation): MutationReferences {
  return definitionOf(mutation.name).references(mutation.args);
}

/**
 * Applies a prepared mutation; throws RuleError when docs/rules.md refuses it, or when it grows a
 * list past its cap (422, the words of collector-caps.ts), on the device as on the server.
 */
export function applyMutation(
  state: UserState,
  mutation: ParsedMutation,
  ctx: RuleContext,
): UserState {
  const after = definitionOf(mutation.name).apply(state, mutation.args, ctx);
  if (after.collection !== state.collection) {
    const full = listOverCap(state.collection, after.collection, ctx.outside);
    if (full) throw new RuleError(422, LIST_CAP_REFUSALS[full]);
  }
  return after;
}

export function mutationCreated(mutation: ParsedMutation): Record<string, unknown> {
  return definitionOf(mutation.name).created(mutation.args);
}

export { RuleError };
