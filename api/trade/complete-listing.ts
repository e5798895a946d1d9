// listings/complete: the seller marks a listing sold or traded, and both collections change in the
// same transaction through the normal collection rules (docs/rules.md, src/shared/collection): the
// listed copy leaves the seller; with an accepted offer the buyer gets it, and in a trade the
// offered cars move from the buyer to the seller. Nothing changes unless all of it applies.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  buildStateDiff,
  lockUserState,
  readForMutation,
  writeStateDiff,
  type MutationRead,
  type StateDiff,
} from '../collection/collection-store';
import { CommandError, defineCommand, type CommandContext } from '../community/command';
import type { Queryable } from '../db/database';
import { catalogSets, listings } from '../db/schema';
import {
  applyMutation,
  noReferences,
  parseMutation,
  prepareMutation,
  RuleError,
  type MutationReferences,
  type ParsedMutation,
} from '../../src/shared/collection/mutations';
import type { Condition, Grade, UserState } from '../../src/shared/collection/types';
import { completeListingSchema } from '../../src/shared/community/trade-schemas';
import { declinePendingOffers } from './listing-commands';
import { alertAfterCommit } from '../push/alerts';
import {
  findListing,
  findOffer,
  itemName,
  lockListing,
  lockOffer,
  requireUsername,
  type ListingRow,
  type OfferRow,
} from './trade-rows';

const TRADE_PLACE = 'Trade board';

/** A collection change as the device would send it, checked and filled by the shared rules. */
function change(name: string, args: unknown, context: CommandContext): ParsedMutation {
  const parsed = parseMutation(name, args);
  // The arguments are built here from stored rows; a refusal is a bug, not bad input.
  if (!parsed.ok) throw new Error(`${name} built with bad args: ${parsed.error}`);
  return prepareMutation(parsed.mutation, {
    newId: context.deps.newId ?? randomUUID,
    now: context.now,
  });
}

function refs(partial: Partial<MutationReferences>): MutationReferences {
  return { ...noReferences(), ...partial };
}

function carInstanceIn(state: UserState, carId: string, instanceId: string) {
  return state.collection.ownedCars
    .find((car) => car.carId === carId)
    ?.instances.find((instance) => instance.instanceId === instanceId);
}

function setInstanceIn(state: UserState, setId: string, instanceId: string) {
  return state.collection.ownedSets
    .find((set) => set.setId === setId)
    ?.instances.find((instance) => instance.instanceId === instanceId);
}

/** Applies one user's changes with the shared rules; a refusal by the rules is a 409. */
function applyAll(read: MutationRead, changes: ParsedMutation[], now: string): StateDiff {
  let state = read.state;
  for (const mutation of changes) {
    try {
      state = applyMutation(state, mutation, { now, catalog: read.catalog });
    } catch (error) {
      if (error instanceof RuleError) throw new CommandError(409, error.message);
      throw error;
    }
  }
  return buildStateDiff(read.state, state, read.totals);
}

/** The catalogue cars of a set (remove-set-instance takes one instance of each). */
async function setCarIds(tx: Queryable, setId: string): Promise<string[]> {
  const [row] = await tx
    .select({ carIds: catalogSets.carIds })
    .from(catalogSets)
    .where(eq(catalogSets.id, setId));
  return row?.carIds ?? [];
}

interface Deal {
  listing: ListingRow;
  offer: OfferRow | null;
  outcome: 'sold' | 'traded';
}

/**
 * Reads both parties' states (their rows are locked by the caller), checks every copy that
 * moves is still where it should be, computes both results with the shared rules, and only
 * then writes both diffs, each under the state version it read.
 */
async function moveItems(tx: Queryable, context: CommandContext, deal: Deal) {
  const { listing, offer, outcome } = deal;
  const newId = context.deps.newId ?? randomUUID;
  const today = context.now.slice(0, 10);
  const isCar = listing.kind === 'car';
  const movedCars = (offer && outcome === 'traded' ? offer.offeredCars : []).map((car) => ({
    ...car,
    newInstanceId: newId(),
  }));
  const receivedId = offer ? newId() : null;
  const carIdsOfSet = isCar ? [] : await setCarIds(tx, listing.itemId);

  // The seller: the listed copy leaves; in a trade, the offered cars arrive.
  const sellerRead = await readForMutation(
    tx,
    listing.userId,
    [],
    refs({
      carIds: isCar
        ? [listing.itemId, ...movedCars.map((c) => c.carId)]
        : [...carIdsOfSet, ...movedCars.map((c) => c.carId)],
      setIds: isCar ? [] : [listing.itemId],
      carInstanceIds: movedCars.map((car) => car.newInstanceId),
    }),
  );
  const listedCar = isCar
    ? carInstanceIn(sellerRead.state, listing.itemId, listing.instanceId)
    : undefined;
  const listedSet = isCar
    ? undefined
    : setInstanceIn(sellerRead.state, listing.itemId, listing.instanceId);
  if (!listedCar && !listedSet)
    throw new CommandError(409, 'The seller no longer has the listed copy');

  // The buyer: the offered cars leave (in a trade); the listed car or set arrives.
  let buyerDiff: StateDiff | null = null;
  let buyerVersion: number | null = null;
  const given = new Map<string, { condition: Condition; grade: Grade }>();
  if (offer && receivedId) {
    const buyerRead = await readForMutation(
      tx,
      offer.userId,
      [],
      refs({
        carIds: [...(isCar ? [listing.itemId] : []), ...movedCars.map((car) => car.carId)],
        setIds: isCar ? [] : [listing.itemId],
        carInstanceIds: isCar ? [receivedId] : [],
        setInstanceIds: isCar ? [] : [receivedId],
      }),
    );
    for (const car of movedCars) {
      const instance = carInstanceIn(buyerRead.state, car.carId, car.instanceId);
      if (!instance) {
        throw new CommandError(
          409,
          `The buyer no longer has the offered car ${car.carId} (${car.instanceId})`,
        );
      }
      given.set(car.instanceId, { condition: instance.condition, grade: instance.grade });
    }
    const bought = {
      instanceId: receivedId,
      purchasePrice: offer.price ?? listing.askingPrice ?? 0,
      purchasePlace: TRADE_PLACE,
      purchaseDate: today,
    };
    const received = isCar
      ? change(
          'collection/add-car-instance',
          {
            carId: listing.itemId,
            details: {
              ...bought,
              ...(listedCar ? { condition: listedCar.condition, grade: listedCar.grade } : {}),
            },
          },
          context,
        )
      : change(
          'collection/add-set-instance',
          { set: { id: listing.itemId }, instanceDetails: bought },
          context,
        );
    buyerDiff = applyAll(
      buyerRead,
      [
        ...movedCars.map((car) =>
          change(
            'collection/remove-car-instance',
            { carId: car.carId, instanceId: car.instanceId },
            context,
          ),
        ),
        received,
      ],
      context.now,
    );
    buyerVersion = buyerRead.version;
  }

  const sellerDiff = applyAll(
    sellerRead,
    [
      isCar
        ? change(
            'collection/remove-car-instance',
            { carId: listing.itemId, instanceId: listing.instanceId },
            context,
          )
        : change(
            'collection/remove-set-instance',
            { setId: listing.itemId, instanceId: listing.instanceId, carIds: carIdsOfSet },
            context,
          ),
      ...movedCars.map((car) =>
        change(
          'collection/add-car-instance',
          {
            carId: car.carId,
            details: {
              instanceId: car.newInstanceId,
              ...given.get(car.instanceId),
              purchasePrice: 0,
              purchasePlace: TRADE_PLACE,
              purchaseDate: today,
            },
          },
          context,
        ),
      ),
    ],
    context.now,
  );

  const writes: [string, number | null, StateDiff][] = [
    [listing.userId, sellerRead.version, sellerDiff],
  ];
  if (offer && buyerDiff) writes.push([offer.userId, buyerVersion, buyerDiff]);
  for (const [userId, version, diff] of writes) {
    if (!(await writeStateDiff(tx, userId, version, diff))) {
      throw new Error(`state version of ${userId} moved while its row was locked`);
    }
  }
  return { receivedInstanceId: receivedId, movedCars, copyCondition: listedCar?.condition ?? null };
}

export const completeListing = defineCommand({
  name: 'listings/complete',
  schema: completeListingSchema,
  async run(tx, context, args) {
    // Who is in the deal decides which rows to lock; read unlocked first, then check again.
    const before = await findListing(tx, args.listingId);
    if (before.userId !== context.userId) {
      throw new CommandError(403, 'Only the seller can complete this listing');
    }
    const offerBefore = args.offerId === undefined ? null : await findOffer(tx, args.offerId);
    const parties = [before.userId, ...(offerBefore ? [offerBefore.userId] : [])].sort();
    for (const userId of parties) await lockUserState(tx, userId);

    const listing = await lockListing(tx, args.listingId);
    if (listing.status !== 'open') {
      throw new CommandError(409, `This listing is already ${listing.status}`);
    }
    const offer = args.offerId === undefined ? null : await lockOffer(tx, args.offerId);
    if (offer && offer.listingId !== listing.id) {
      throw new CommandError(400, 'offerId: that offer is not on this listing');
    }
    if (offer && offer.status !== 'accepted') {
      throw new CommandError(
        409,
        `Only an accepted offer completes a listing (it is ${offer.status})`,
      );
    }
    const deal: Deal = { listing, offer, outcome: args.outcome };
    const { receivedInstanceId, movedCars, copyCondition } = await moveItems(tx, context, deal);

    // Only a deal with another collector records a price (the community price reads it); one
    // completed with no buyer says nothing about what the car is worth.
    const dealRecord = offer
      ? { offerId: offer.id, agreedPrice: offer.price ?? listing.askingPrice, copyCondition }
      : {};
    await tx
      .update(listings)
      .set({ status: args.outcome, updatedAt: new Date(context.now), ...dealRecord })
      .where(and(eq(listings.userId, listing.userId), eq(listings.id, listing.id)));
    await declinePendingOffers(tx, listing.id, context.now);
    if (offer && movedCars.length > 0) {
      // The buyer's copies that left them can no longer be on the board.
      await tx
        .update(listings)
        .set({ status: 'withdrawn', updatedAt: new Date(context.now) })
        .where(
          and(
            eq(listings.userId, offer.userId),
            eq(listings.kind, 'car'),
            eq(listings.status, 'open'),
            inArray(
              listings.instanceId,
              movedCars.map((car) => car.instanceId),
            ),
          ),
        );
    }
    if (offer) {
      const seller = await requireUsername(tx, listing.userId);
      const name = await itemName(tx, listing.kind, listing.itemId);
      await alertAfterCommit(tx, context, [
        {
          userId: offer.userId,
          message: {
            title: args.outcome === 'traded' ? 'Trade complete' : 'Sale complete',
            body: `${seller} marked ${name} as ${args.outcome}: it is in your collection now`,
            url: `/trade/listing/${encodeURIComponent(listing.id)}`,
          },
        },
      ]);
    }
    return {
      listingId: listing.id,
      status: args.outcome,
      ...(receivedInstanceId ? { buyerInstanceId: receivedInstanceId } : {}),
    };
  },
});
