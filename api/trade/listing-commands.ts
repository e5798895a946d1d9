// listings/create and listings/update: a seller puts one of their own instances on the board,
// then changes its price or wants, or withdraws it. Only the seller changes a listing.
import { and, eq, ne } from 'drizzle-orm';
import { lockUserState } from '../collection/collection-store';
import { CommandError, defineCommand } from '../community/command';
import { listings, offers } from '../db/schema';
import type { Queryable } from '../db/database';
import { createListingSchema, updateListingSchema } from '../../src/shared/community/trade-schemas';
import { carInstanceOf, lockListing, requireUsername, setInstanceOf } from './trade-rows';
import { claimObjectId } from '../db/object-ids';
import { recordMatchAlerts } from './match-alerts';
import { alertAfterCommit } from '../push/alerts';
import { catalogCars, catalogSets } from '../db/schema';

/** Pending offers on a listing that can no longer be taken are answered 'declined'. */
export async function declinePendingOffers(
  tx: Queryable,
  listingId: string,
  now: string,
  exceptOfferId?: string,
): Promise<void> {
  const conditions = [eq(offers.listingId, listingId), eq(offers.status, 'pending')];
  if (exceptOfferId !== undefined) conditions.push(ne(offers.id, exceptOfferId));
  await tx
    .update(offers)
    .set({ status: 'declined', answeredAt: new Date(now) })
    .where(and(...conditions));
}

async function nameOf(tx: Queryable, kind: 'car' | 'set', itemId: string): Promise<string | null> {
  const table = kind === 'car' ? catalogCars : catalogSets;
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.id, itemId));
  return row?.name ?? null;
}

export const createListing = defineCommand({
  name: 'listings/create',
  schema: createListingSchema,
  async run(tx, context, args) {
    const sellerId = context.userId;
    // The seller's row lock makes 'one open listing per instance' hold under concurrent calls.
    await lockUserState(tx, sellerId);
    await requireUsername(tx, sellerId);
    if ((await claimObjectId(tx, 'listing', args.listingId, sellerId)) !== 'claimed') {
      throw new CommandError(409, `Listing ${args.listingId} already exists`);
    }
    const owned =
      args.kind === 'car'
        ? await carInstanceOf(tx, sellerId, args.itemId, args.instanceId)
        : await setInstanceOf(tx, sellerId, args.itemId, args.instanceId);
    if (!owned) {
      throw new CommandError(
        400,
        `instanceId: ${args.instanceId} is not one of your instances of ${args.itemId}`,
      );
    }
    const [open] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.userId, sellerId),
          eq(listings.kind, args.kind),
          eq(listings.instanceId, args.instanceId),
          eq(listings.status, 'open'),
        ),
      );
    if (open) throw new CommandError(409, `That copy is already listed (listing ${open.id})`);
    const now = new Date(context.now);
    await tx.insert(listings).values({
      userId: sellerId,
      id: args.listingId,
      kind: args.kind,
      itemId: args.itemId,
      instanceId: args.instanceId,
      forTrade: args.forTrade ? 1 : 0,
      forSale: args.forSale ? 1 : 0,
      askingPrice: args.askingPrice,
      wants: args.wants,
      status: 'open',
      createdAt: now,
      updatedAt: now,
    });
    if (context.deps.notifier) {
      const itemName = await nameOf(tx, args.kind, args.itemId);
      const alerts = await recordMatchAlerts(
        tx,
        { sellerId, kind: args.kind, itemId: args.itemId, itemName },
        context.now,
      );
      await alertAfterCommit(tx, context, alerts);
    }
    return { listingId: args.listingId };
  },
});

export const updateListing = defineCommand({
  name: 'listings/update',
  schema: updateListingSchema,
  async run(tx, context, args) {
    const listing = await lockListing(tx, args.listingId);
    if (listing.userId !== context.userId) {
      throw new CommandError(403, 'Only the seller can change this listing');
    }
    if (listing.status !== 'open') {
      throw new CommandError(409, `This listing is already ${listing.status}`);
    }
    if (args.askingPrice !== undefined && listing.forSale !== 1) {
      throw new CommandError(400, 'askingPrice: this listing is for trade only');
    }
    await tx
      .update(listings)
      .set({
        ...(args.askingPrice !== undefined ? { askingPrice: args.askingPrice } : {}),
        ...(args.wants !== undefined ? { wants: args.wants } : {}),
        ...(args.status !== undefined ? { status: args.status } : {}),
        updatedAt: new Date(context.now),
      })
      .where(and(eq(listings.userId, listing.userId), eq(listings.id, listing.id)));
    if (args.status === 'withdrawn') await declinePendingOffers(tx, listing.id, context.now);
    return { listingId: listing.id, status: args.status ?? listing.status };
  },
});
