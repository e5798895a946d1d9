// The collection rules (docs/rules.md) as pure functions: the device, its rebase and the server
// all run these.
// One file on purpose: it is the one rule table device, rebase and server share; each rule is a
// small pure function beside the helpers they share (instances, lists, trade entries), and
// reading them side by side is how the table is checked against docs/rules.md.
import type { CarInstanceDetails, MutationArgs, SetInstanceDetails } from './mutation-schemas';
import {
  DEFAULT_CONDITION,
  DEFAULT_GRADE,
  DEFAULT_PURCHASE_PRICE,
  type CarInstance,
  type Collection,
  type ListItem,
  type OwnedCar,
  type SetInstance,
  type UserState,
} from './types';
import { MAX_COPIES_PER_CHANGE } from './work-units';
import { Refusal } from '../refusal';
import { settingsRefusal, type ListSizes } from '../collector-caps';
import { formatCountEnUs } from '../text/locale-text';

/** A change the rules refuse. `status` is what the HTTP API answers for it. */
export class RuleError extends Refusal {
  constructor(
    override readonly status: 400 | 404 | 409 | 413 | 422,
    message: string,
  ) {
    super(status, message);
    this.name = 'RuleError';
  }
}

/** What the rules need to know about the catalogue; callers preload the ids a change mentions. */
export interface CatalogLookup {
  hasCar(carId: string): boolean;
  getSet(setId: string): { id: string; name: string; carIds: readonly string[] } | undefined;
}

export interface RuleContext {
  /** ISO timestamp for list entries (favourites, wishlists) that the payload gives no time for. */
  now: string;
  catalog: CatalogLookup;
  /** Entries of the capped lists outside `state` (it holds only what a change touches). */
  outside?: ListSizes;
}

/** The id of the car instance that the k-th car (0-based) of a set instance adds. */
export function setCarInstanceId(setInstanceId: string, index: number): string {
  return `${setInstanceId}~${index + 1}`;
}

function requireCar(ctx: RuleContext, carId: string): void {
  if (!ctx.catalog.hasCar(carId)) throw new RuleError(404, `Unknown car: ${carId}`);
}

function requireSet(ctx: RuleContext, setId: string) {
  const set = ctx.catalog.getSet(setId);
  if (!set) throw new RuleError(404, `Unknown set: ${setId}`);
  return set;
}

function withoutItem(list: ListItem[], id: string): ListItem[] {
  return list.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : list;
}

function withoutItems(list: ListItem[], ids: ReadonlySet<string>): ListItem[] {
  return list.some((item) => ids.has(item.id)) ? list.filter((item) => !ids.has(item.id)) : list;
}

/** Flips list membership the way the device saw it: in the list → out, else in. */
function toggled(list: ListItem[], id: string, isInList: boolean, now: string): ListItem[] {
  if (isInList) return withoutItem(list, id);
  return list.some((item) => item.id === id) ? list : [...list, { id, addedAt: now }];
}

function newCarInstance(instanceId: string, details: CarInstanceDetails, now: string): CarInstance {
  return {
    instanceId,
    condition: details.condition ?? DEFAULT_CONDITION,
    grade: details.grade ?? DEFAULT_GRADE,
    purchasePrice: details.purchasePrice ?? DEFAULT_PURCHASE_PRICE,
    purchaseDate: details.purchaseDate ?? null,
    notes: details.notes ?? '',
    purchasePlace: details.purchasePlace ?? '',
    dateAdded: details.dateAdded ?? now,
  };
}

function newSetInstance(instanceId: string, details: SetInstanceDetails, now: string): SetInstance {
  return {
    instanceId,
    purchasePrice: details.purchasePrice ?? DEFAULT_PURCHASE_PRICE,
    dateAdded: details.dateAdded ?? now,
    purchaseDate: details.purchaseDate ?? null,
    notes: details.notes ?? '',
    purchasePlace: details.purchasePlace ?? '',
  };
}

/** Every car instance id the collection holds: one pass, then each lookup is O(1). */
function carInstanceIds(ownedCars: readonly OwnedCar[]): Set<string> {
  const ids = new Set<string>();
  for (const car of ownedCars) for (const instance of car.instances) ids.add(instance.instanceId);
  return ids;
}

/**
 * Appends instances to their cars, creating the owned car (at the end) when it is new. Linear:
 * one pass to collect the ids already taken, one to group the additions by car, one to build
 * the new list; never a scan of the collection per added copy.
 */
function withCarInstances(
  collection: Collection,
  additions: { carId: string; instance: CarInstance }[],
): OwnedCar[] {
  const taken = carInstanceIds(collection.ownedCars);
  const byCar = new Map<string, CarInstance[]>();
  for (const { carId, instance } of additions) {
    if (taken.has(instance.instanceId)) {
      throw new RuleError(409, `Car instance ${instance.instanceId} already exists`);
    }
    taken.add(instance.instanceId);
    const list = byCar.get(carId);
    if (list) list.push(instance);
    else byCar.set(carId, [instance]);
  }
  const ownedCars = collection.ownedCars.map((car) => {
    const added = byCar.get(car.carId);
    if (!added) return car;
    byCar.delete(car.carId);
    return { ...car, instances: [...car.instances, ...added] };
  });
  if (byCar.size > 0) {
    const favorites = new Set(collection.favoriteCarIds.map((item) => item.id));
    for (const [carId, instances] of byCar) {
      ownedCars.push({ carId, isFavorite: favorites.has(carId), instances });
    }
  }
  return ownedCars;
}

function requireInstanceId(id: string | undefined): string {
  // prepareMutation fills ids on the device and on the server before rules run.
  if (id === undefined) throw new Error('instanceId must be filled in by prepareMutation');
  return id;
}

export function addCarInstance(
  collection: Collection,
  args: MutationArgs<'collection/add-car-instance'>,
  ctx: RuleContext,
): Collection {
  requireCar(ctx, args.carId);
  const instance = newCarInstance(
    requireInstanceId(args.details.instanceId),
    args.details,
    ctx.now,
  );
  return {
    ...collection,
    ownedCars: withCarInstances(collection, [{ carId: args.carId, instance }]),
    wishlistCarIds: withoutItem(collection.wishlistCarIds, args.carId),
  };
}

/**
 * Copies from an import: those whose instance id the collection already holds (under any car)
 * are skipped rather than refused, so a chunk sent again, or the same file imported again, adds
 * nothing. The cars added leave the wishlist, as with add-car-instance.
 */
export function importCarInstances(
  collection: Collection,
  args: MutationArgs<'collection/import-car-instances'>,
  ctx: RuleContext,
): Collection {
  const taken = carInstanceIds(collection.ownedCars);
  const additions: { carId: string; instance: CarInstance }[] = [];
  for (const { carId, details } of args.instances) {
    requireCar(ctx, carId);
    if (taken.has(details.instanceId)) continue;
    taken.add(details.instanceId);
    additions.push({ carId, instance: newCarInstance(details.instanceId, details, ctx.now) });
  }
  if (additions.length === 0) return collection;
  return {
    ...collection,
    ownedCars: withCarInstances(collection, additions),
    wishlistCarIds: withoutItems(
      collection.wishlistCarIds,
      new Set(additions.map((addition) => addition.carId)),
    ),
  };
}

export function removeCarInstance(
  collection: Collection,
  args: MutationArgs<'collection/remove-car-instance'>,
): Collection {
  const car = collection.ownedCars.find((owned) => owned.carId === args.carId);
  if (!car || !car.instances.some((instance) => instance.instanceId === args.instanceId)) {
    throw new RuleError(404, `Car instance ${args.instanceId} of ${args.carId} not found`);
  }
  const instances = car.instances.filter((instance) => instance.instanceId !== args.instanceId);
  return {
    ...collection,
    ownedCars:
      instances.length > 0
        ? collection.ownedCars.map((owned) => (owned === car ? { ...car, instances } : owned))
        : collection.ownedCars.filter((owned) => owned !== car),
  };
}

/** One change adds at most MAX_COPIES_PER_CHANGE copies (each set instance: 1 + its cars). */
function requireBoundedCopies(sets: number, carsPerSet: number): void {
  const copies = sets * (1 + carsPerSet);
  if (copies > MAX_COPIES_PER_CHANGE) {
    throw new RuleError(
      413,
      `This change adds ${formatCountEnUs(copies)} cars and sets at once: at most ${formatCountEnUs(MAX_COPIES_PER_CHANGE)} in one change`,
    );
  }
}

/** docs/rules.md: a set instance brings one carded, Good, free instance of each of its cars. */
function addSetInstances(
  collection: Collection,
  setId: string,
  detailsList: SetInstanceDetails[],
  ctx: RuleContext,
): Collection {
  const set = requireSet(ctx, setId);
  requireBoundedCopies(detailsList.length, set.carIds.length);
  for (const carId of set.carIds) requireCar(ctx, carId);
  const taken = new Set<string>();
  for (const owned of collection.ownedSets) {
    for (const instance of owned.instances) taken.add(instance.instanceId);
  }
  const added: SetInstance[] = [];
  const carAdditions: { carId: string; instance: CarInstance }[] = [];
  for (const details of detailsList) {
    const instanceId = requireInstanceId(details.instanceId);
    if (taken.has(instanceId))
      throw new RuleError(409, `Set instance ${instanceId} already exists`);
    taken.add(instanceId);
    const instance = newSetInstance(instanceId, details, ctx.now);
    added.push(instance);
    set.carIds.forEach((carId, carIndex) => {
      carAdditions.push({
        carId,
        instance: newCarInstance(
          setCarInstanceId(instanceId, carIndex),
          { notes: `Part of ${set.name}`, dateAdded: instance.dateAdded },
          ctx.now,
        ),
      });
    });
  }
  const owned = collection.ownedSets.some((entry) => entry.setId === set.id);
  const ownedSets = owned
    ? collection.ownedSets.map((entry) =>
        entry.setId === set.id ? { ...entry, instances: [...entry.instances, ...added] } : entry,
      )
    : [...collection.ownedSets, { setId: set.id, instances: added }];
  return {
    ...collection,
    ownedSets,
    ownedCars: withCarInstances(collection, carAdditions),
    wishlistSetIds: withoutItem(collection.wishlistSetIds, set.id),
    wishlistCarIds: withoutItems(collection.wishlistCarIds, new Set(set.carIds)),
  };
}

export function addSetInstance(
  collection: Collection,
  args: MutationArgs<'collection/add-set-instance'>,
  ctx: RuleContext,
): Collection {
  return addSetInstances(collection, args.set.id, [args.instanceDetails], ctx);
}

export function addMultipleSetInstances(
  collection: Collection,
  args: MutationArgs<'collection/add-multiple-set-instances'>,
  ctx: RuleContext,
): Collection {
  return addSetInstances(collection, args.set.id, args.instances, ctx);
}

/**
 * docs/rules.md: removes the set instance and one instance of each of its cars — the one that set
 * instance brought when it is still there, else the car's most recently added instance.
 */
export function removeSetInstance(
  collection: Collection,
  args: MutationArgs<'collection/remove-set-instance'>,
): Collection {
  const set = collection.ownedSets.find((owned) => owned.setId === args.setId);
  if (!set || !set.instances.some((instance) => instance.instanceId === args.instanceId)) {
    throw new RuleError(404, `Set instance ${args.instanceId} of ${args.setId} not found`);
  }
  const setInstances = set.instances.filter((instance) => instance.instanceId !== args.instanceId);
  const broughtPrefix = `${args.instanceId}~`;
  const isBrought = (instance: CarInstance) =>
    instance.instanceId.startsWith(broughtPrefix) &&
    /^\d+$/.test(instance.instanceId.slice(broughtPrefix.length));
  // One pass over the cars the set names, then one over the collection: a set of n cars costs
  // n lookups, not n scans of every car owned. A car named twice loses two copies.
  const byCar = new Map(collection.ownedCars.map((car) => [car.carId, car]));
  const remaining = new Map<string, CarInstance[]>();
  for (const carId of args.carIds) {
    const car = byCar.get(carId);
    if (!car) continue;
    const instances = remaining.get(carId) ?? car.instances;
    const brought = instances.find(isBrought);
    const removed = brought ?? instances[instances.length - 1];
    remaining.set(
      carId,
      instances.filter((instance) => instance !== removed),
    );
  }
  const ownedCars: OwnedCar[] = [];
  for (const car of collection.ownedCars) {
    const instances = remaining.get(car.carId);
    if (!instances) ownedCars.push(car);
    else if (instances.length > 0) ownedCars.push({ ...car, instances });
  }
  return {
    ...collection,
    ownedCars,
    ownedSets:
      setInstances.length > 0
        ? collection.ownedSets.map((owned) =>
            owned === set ? { ...set, instances: setInstances } : owned,
          )
        : collection.ownedSets.filter((owned) => owned !== set),
  };
}

export function toggleFavorite(
  collection: Collection,
  args: MutationArgs<'collection/toggle-favorite'>,
  ctx: RuleContext,
): Collection {
  requireCar(ctx, args.carId);
  const favoriteCarIds = toggled(collection.favoriteCarIds, args.carId, args.isFavorited, ctx.now);
  const isFavorite = favoriteCarIds.some((item) => item.id === args.carId);
  return {
    ...collection,
    favoriteCarIds,
    ownedCars: collection.ownedCars.map((car) =>
      car.carId === args.carId && car.isFavorite !== isFavorite ? { ...car, isFavorite } : car,
    ),
  };
}

export function toggleWishlist(
  collection: Collection,
  args: MutationArgs<'collection/toggle-wishlist'>,
  ctx: RuleContext,
): Collection {
  requireCar(ctx, args.carId);
  return {
    ...collection,
    wishlistCarIds: toggled(collection.wishlistCarIds, args.carId, args.isWishlisted, ctx.now),
  };
}

/**
 * Sets a wishlist car's max price and note. Only a car on the wishlist has them: another
 * device may have taken it off (or bought it) first, and then this change is refused (404) and
 * rebased away rather than putting the car back on the list.
 */
export function updateWishlistCar(
  collection: Collection,
  args: MutationArgs<'collection/update-wishlist-car'>,
): Collection {
  const index = collection.wishlistCarIds.findIndex((item) => item.id === args.carId);
  const current = collection.wishlistCarIds[index];
  if (!current) throw new RuleError(404, `${args.carId} is not on your wishlist`);
  const next = wishlistItem(current, args.maxPrice, args.note);
  if (next.maxPrice === current.maxPrice && next.note === current.note) return collection;
  return {
    ...collection,
    wishlistCarIds: collection.wishlistCarIds.map((item, i) => (i === index ? next : item)),
  };
}

/** A list item in its one shape: maxPrice and note only when said (see ListItem). */
export function wishlistItem(
  item: Pick<ListItem, 'id' | 'addedAt'>,
  maxPrice: number | null | undefined,
  note: string | null | undefined,
): ListItem {
  return {
    id: item.id,
    addedAt: item.addedAt,
    ...(maxPrice !== null && maxPrice !== undefined ? { maxPrice } : {}),
    ...(note ? { note } : {}),
  };
}

export function toggleSet(
  collection: Collection,
  args: MutationArgs<'collection/toggle-set'>,
  ctx: RuleContext,
): Collection {
  requireSet(ctx, args.setId);
  const listKey = args.action === 'favorite' ? 'favoriteSetIds' : 'wishlistSetIds';
  return {
    ...collection,
    [listKey]: toggled(collection[listKey], args.setId, args.isSetInList, ctx.now),
  };
}

/** Replaces the entry for `id` in place, appends it when new, drops it when both counts are 0. */
function withTradeSellEntry<T extends { forTrade: number; forSale: number }>(
  entries: T[],
  matches: (entry: T) => boolean,
  next: T,
): T[] {
  const keep = next.forTrade > 0 || next.forSale > 0;
  const index = entries.findIndex(matches);
  if (index === -1) return keep ? [...entries, next] : entries;
  return keep
    ? entries.map((entry, i) => (i === index ? next : entry))
    : entries.filter((_, i) => i !== index);
}

export function updateSetDetails(
  collection: Collection,
  args: MutationArgs<'collection/update-set-details'>,
  ctx: RuleContext,
): Collection {
  requireSet(ctx, args.setId);
  const current = collection.tradeSellSets.find((entry) => entry.setId === args.setId) ?? {
    setId: args.setId,
    forTrade: 0,
    forSale: 0,
  };
  const next =
    args.type === 'trade'
      ? { ...current, forTrade: args.quantity }
      : { ...current, forSale: args.quantity };
  return {
    ...collection,
    tradeSellSets: withTradeSellEntry(
      collection.tradeSellSets,
      (entry) => entry.setId === args.setId,
      next,
    ),
  };
}

export function updateCarDetails(
  collection: Collection,
  args: MutationArgs<'collection/update-car-details'>,
  ctx: RuleContext,
): Collection {
  requireCar(ctx, args.carId);
  return {
    ...collection,
    tradeSellCars: withTradeSellEntry(
      collection.tradeSellCars,
      (entry) => entry.carId === args.carId,
      { carId: args.carId, forTrade: args.forTrade, forSale: args.forSale },
    ),
  };
}

export function updateCarInstance(
  collection: Collection,
  args: MutationArgs<'collection/update-car-instance'>,
): Collection {
  const car = collection.ownedCars.find((owned) => owned.carId === args.carId);
  const instance = car?.instances.find((candidate) => candidate.instanceId === args.instanceId);
  if (!car || !instance) {
    throw new RuleError(404, `Car instance ${args.instanceId} of ${args.carId} not found`);
  }
  const updated: CarInstance = { ...instance, ...args.updates };
  return {
    ...collection,
    ownedCars: collection.ownedCars.map((owned) =>
      owned === car
        ? { ...car, instances: car.instances.map((i) => (i === instance ? updated : i)) }
        : owned,
    ),
  };
}

export function updateSetInstance(
  collection: Collection,
  args: MutationArgs<'collection/update-set-instance'>,
): Collection {
  const set = collection.ownedSets.find((owned) => owned.setId === args.setId);
  const instance = set?.instances.find((candidate) => candidate.instanceId === args.instanceId);
  if (!set || !instance) {
    throw new RuleError(404, `Set instance ${args.instanceId} of ${args.setId} not found`);
  }
  const updated: SetInstance = { ...instance, ...args.updates };
  return {
    ...collection,
    ownedSets: collection.ownedSets.map((owned) =>
      owned === set
        ? { ...set, instances: set.instances.map((i) => (i === instance ? updated : i)) }
        : owned,
    ),
  };
}

export function updateSetting(
  state: UserState,
  args: MutationArgs<'users/update-settings'>,
): UserState {
  const settings = { ...state.preferences.settings, [args.key]: args.value };
  const refusal = settingsRefusal(state.preferences.settings, settings, args.key);
  if (refusal) throw new RuleError(400, refusal);
  return { ...state, preferences: { ...state.preferences, settings } };
}

export function completeTutorial(
  state: UserState,
  args: MutationArgs<'tutorials/complete'>,
): UserState {
  const done = state.preferences.completedTutorials;
  if (done.includes(args.tutorialId)) return state;
  return {
    ...state,
    preferences: { ...state.preferences, completedTutorials: [...done, args.tutorialId] },
  };
}
