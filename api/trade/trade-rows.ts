// The rows the trade commands read and lock: a listing or offer by id, a user's instance of a
// car or set, the offers waiting on a listing, the name of what a listing names (for push messages).
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import {
  carInstances,
  catalogCars,
  catalogSets,
  listings,
  offers,
  profiles,
  setInstances,
} from '../db/schema';
import { CommandError } from '../community/command';
import { objectOwner } from '../db/object-ids';

export type ListingRow = typeof listings.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;

/**
 * The listing, its row locked until the transaction ends, so two changes to one listing (an
 * answer and a completion, two offers racing the withdrawal) apply one after the other.
 */
export async function lockListing(tx: Queryable, listingId: string): Promise<ListingRow> {
  // The seller from the id directory: the lock names their user_id (one shard when distributed).
  const sellerId = await objectOwner(tx, 'listing', listingId);
  const [row] =
    sellerId === null
      ? []
      : await tx
          .select()
          .from(listings)
          .where(and(eq(listings.userId, sellerId), eq(listings.id, listingId)))
          .for('update');
  if (!row) throw new CommandError(404, `Listing ${listingId} not found`);
  return row;
}

/** The listing as it is now, unlocked (to learn who is in a deal before locking in order). */
export async function findListing(tx: Queryable, listingId: string): Promise<ListingRow> {
  const sellerId = await objectOwner(tx, 'listing', listingId);
  const [row] =
    sellerId === null
      ? []
      : await tx
          .select()
          .from(listings)
          .where(and(eq(listings.userId, sellerId), eq(listings.id, listingId)));
  if (!row) throw new CommandError(404, `Listing ${listingId} not found`);
  return row;
}

async function offerRow(tx: Queryable, offerId: string, lock: boolean): Promise<OfferRow> {
  const buyerId = await objectOwner(tx, 'offer', offerId);
  const query =
    buyerId === null
      ? null
      : tx
          .select()
          .from(offers)
          .where(and(eq(offers.userId, buyerId), eq(offers.id, offerId)));
  const [row] = query === null ? [] : lock ? await query.for('update') : await query;
  if (!row) throw new CommandError(404, `Offer ${offerId} not found`);
  return row;
}

/** The offer as it is now, unlocked: to find its listing, which is locked before the offer. */
export function findOffer(tx: Queryable, offerId: string): Promise<OfferRow> {
  return offerRow(tx, offerId, false);
}

/** The offer, locked; always after its listing (one lock order, so no deadlock). */
export function lockOffer(tx: Queryable, offerId: string): Promise<OfferRow> {
  return offerRow(tx, offerId, true);
}

/** The offers waiting for an answer on a listing: all of them, and the buyer's among them. */
export async function pendingOffers(
  tx: Queryable,
  listingId: string,
  buyerId: string,
): Promise<{ all: number; mine: number }> {
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) FILTER (WHERE ${offers.userId} = ${buyerId}))::int`,
    })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), eq(offers.status, 'pending')));
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
}

/** The user's car instance of `carId`, or null when they have none by that id. */
export async function carInstanceOf(
  tx: Queryable,
  userId: string,
  carId: string,
  instanceId: string,
) {
  const [row] = await tx
    .select()
    .from(carInstances)
    .where(
      and(
        eq(carInstances.userId, userId),
        eq(carInstances.instanceId, instanceId),
        eq(carInstances.carId, carId),
      ),
    );
  return row ?? null;
}

export async function setInstanceOf(
  tx: Queryable,
  userId: string,
  setId: string,
  instanceId: string,
) {
  const [row] = await tx
    .select()
    .from(setInstances)
    .where(
      and(
        eq(setInstances.userId, userId),
        eq(setInstances.instanceId, instanceId),
        eq(setInstances.setId, setId),
      ),
    );
  return row ?? null;
}

/** The catalogue name of a listed car or set ('a car' if the catalogue lost it). */
export async function itemName(tx: Queryable, kind: string, itemId: string): Promise<string> {
  const [row] =
    kind === 'set'
      ? await tx
          .select({ name: catalogSets.name })
          .from(catalogSets)
          .where(eq(catalogSets.id, itemId))
      : await tx
          .select({ name: catalogCars.name })
          .from(catalogCars)
          .where(eq(catalogCars.id, itemId));
  return row?.name ?? (kind === 'set' ? 'a set' : 'a car');
}

/** The user's username; trading needs one (it is how the other party knows them). */
export async function requireUsername(tx: Queryable, userId: string): Promise<string> {
  const [row] = await tx
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row?.username) throw new CommandError(403, 'Choose a username before trading');
  return row.username;
}
