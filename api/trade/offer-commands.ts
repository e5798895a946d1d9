// offers/create, offers/answer, offers/withdraw: a buyer offers cars of their own and/or money on
// an open listing (one waiting offer per buyer, a cap per listing); the seller accepts or declines;
// the buyer may take it back until the deal is done. Each push goes to the other party only, after
// the change committed (new offers in an hourly digest: api/push/held-alerts.ts).
import { and, eq } from 'drizzle-orm';
import { CommandError, defineCommand } from '../community/command';
import { offers } from '../db/schema';
import {
  answerOfferSchema,
  createOfferSchema,
  withdrawOfferSchema,
} from '../../src/shared/community/trade-schemas';
import { declinePendingOffers } from './listing-commands';
import {
  carInstanceOf,
  findOffer,
  itemName,
  lockListing,
  lockOffer,
  pendingOffers,
  requireUsername,
} from './trade-rows';
import { claimObjectId } from '../db/object-ids';
import { alertAfterCommit } from '../push/alerts';
import { holdAlerts } from '../push/held-alerts';
import {
  LISTING_OFFERS_FULL_ERROR,
  OFFER_ALREADY_PENDING_ERROR,
  PENDING_OFFERS_PER_LISTING_MAX,
  withdrawOfferProblem,
} from '../../src/shared/community/offer-limits';

const listingUrl = (listingId: string) => `/trade/listing/${encodeURIComponent(listingId)}`;

export const createOffer = defineCommand({
  name: 'offers/create',
  schema: createOfferSchema,
  async run(tx, context, args) {
    const buyerId = context.userId;
    const username = await requireUsername(tx, buyerId);
    if ((await claimObjectId(tx, 'offer', args.offerId, buyerId)) !== 'claimed') {
      throw new CommandError(409, `Offer ${args.offerId} already exists`);
    }
    const listing = await lockListing(tx, args.listingId);
    if (listing.userId === buyerId) {
      throw new CommandError(400, 'You cannot make an offer on your own listing');
    }
    if (listing.status !== 'open') {
      throw new CommandError(409, `This listing is ${listing.status}: it takes no more offers`);
    }
    // The listing is locked: the offers counted here stay as they are until this one is in.
    const waiting = await pendingOffers(tx, listing.id, buyerId);
    if (waiting.mine > 0) throw new CommandError(409, OFFER_ALREADY_PENDING_ERROR);
    if (waiting.all >= PENDING_OFFERS_PER_LISTING_MAX) {
      throw new CommandError(409, LISTING_OFFERS_FULL_ERROR);
    }
    for (const [index, car] of args.offeredCars.entries()) {
      if (!(await carInstanceOf(tx, buyerId, car.carId, car.instanceId))) {
        throw new CommandError(
          400,
          `offeredCars.${index}: ${car.instanceId} is not one of your instances of ${car.carId}`,
        );
      }
    }
    await tx.insert(offers).values({
      userId: buyerId,
      id: args.offerId,
      listingId: listing.id,
      sellerId: listing.userId,
      message: args.message,
      offeredCars: args.offeredCars,
      price: args.price,
      status: 'pending',
      createdAt: new Date(context.now),
    });
    if (context.deps.notifier) {
      const name = await itemName(tx, listing.kind, listing.itemId);
      const alerts = await holdAlerts(
        tx,
        'offer',
        [listing.userId],
        {
          title: 'New offer',
          body: `${username} made an offer on ${name}`,
          url: listingUrl(listing.id),
        },
        context.now,
      );
      await alertAfterCommit(tx, context, alerts);
    }
    return { offerId: args.offerId };
  },
});

export const answerOffer = defineCommand({
  name: 'offers/answer',
  schema: answerOfferSchema,
  async run(tx, context, args) {
    const found = await findOffer(tx, args.offerId);
    // Lock order everywhere: the sellers' and buyers' state rows, the listing, then its offers.
    const listing = await lockListing(tx, found.listingId);
    if (listing.userId !== context.userId) {
      throw new CommandError(403, 'Only the seller can answer this offer');
    }
    const offer = await lockOffer(tx, args.offerId);
    if (offer.status !== 'pending') {
      throw new CommandError(409, `This offer is already ${offer.status}`);
    }
    if (listing.status !== 'open') {
      throw new CommandError(409, `This listing is already ${listing.status}`);
    }
    if (args.accept) {
      const [accepted] = await tx
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.listingId, listing.id), eq(offers.status, 'accepted')));
      if (accepted) {
        throw new CommandError(409, 'Another offer on this listing is already accepted');
      }
    }
    const status = args.accept ? 'accepted' : 'declined';
    await tx
      .update(offers)
      .set({ status, reply: args.reply ?? null, answeredAt: new Date(context.now) })
      .where(and(eq(offers.userId, offer.userId), eq(offers.id, offer.id)));
    if (args.accept) await declinePendingOffers(tx, listing.id, context.now, offer.id);
    const seller = await requireUsername(tx, context.userId);
    const name = await itemName(tx, listing.kind, listing.itemId);
    await alertAfterCommit(tx, context, [
      {
        userId: offer.userId,
        message: {
          title: args.accept ? 'Offer accepted' : 'Offer declined',
          body: `${seller} ${status} your offer on ${name}`,
          url: listingUrl(listing.id),
        },
      },
    ]);
    return { offerId: offer.id, status };
  },
});

export const withdrawOffer = defineCommand({
  name: 'offers/withdraw',
  schema: withdrawOfferSchema,
  async run(tx, context, args) {
    const found = await findOffer(tx, args.offerId);
    if (found.userId !== context.userId) {
      throw new CommandError(403, 'Only the buyer can withdraw this offer');
    }
    const listing = await lockListing(tx, found.listingId);
    const offer = await lockOffer(tx, args.offerId);
    // Once the deal is done (or the offer answered no), the record both parties see stays as it is.
    const problem = withdrawOfferProblem(offer.status, listing.status);
    if (problem) throw new CommandError(409, problem);
    await tx
      .update(offers)
      .set({ status: 'withdrawn', answeredAt: new Date(context.now) })
      .where(and(eq(offers.userId, offer.userId), eq(offers.id, offer.id)));
    return { offerId: offer.id, status: 'withdrawn' };
  },
});
