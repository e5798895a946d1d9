// What the trade screens change. Listing, offering and withdrawing go through the outbox (they
// work with no signal and show pending at once); answering an offer and completing a deal need
// the server now (both collections change), so they are online calls with a clear offline error.
import { queueCommunityChange } from '../../sync/community-actions';
import { callCommunity } from '../../sync/community-client';
import { refreshSnapshot } from '../../sync/background-tasks';
import type { TradeArgs } from '../../shared/community/trade-schemas';

export async function createListing(
  args: Omit<TradeArgs<'listings/create'>, 'listingId'>,
): Promise<string> {
  const listingId = crypto.randomUUID();
  await queueCommunityChange('listings/create', { listingId, ...args });
  return listingId;
}

export async function withdrawListing(listingId: string): Promise<void> {
  await queueCommunityChange('listings/update', { listingId, status: 'withdrawn' });
}

export async function makeOffer(
  args: Omit<TradeArgs<'offers/create'>, 'offerId'>,
): Promise<string> {
  const offerId = crypto.randomUUID();
  await queueCommunityChange('offers/create', { offerId, ...args });
  return offerId;
}

export async function withdrawOffer(offerId: string): Promise<void> {
  await queueCommunityChange('offers/withdraw', { offerId });
}

export async function answerOffer(offerId: string, accept: boolean, reply: string): Promise<void> {
  await callCommunity('/api/offers/answer', {
    body: { offerId, accept, ...(reply.trim() ? { reply: reply.trim() } : {}) },
    idempotencyKey: crypto.randomUUID(),
  });
}

/**
 * Marks a listing sold or traded: the server moves the cars between both collections, then this
 * device pulls its snapshot so the collection screens show the change.
 */
export async function completeListing(
  listingId: string,
  outcome: 'sold' | 'traded',
  offerId: string | undefined,
): Promise<void> {
  await callCommunity('/api/listings/complete', {
    body: { listingId, outcome, ...(offerId ? { offerId } : {}) },
    idempotencyKey: crypto.randomUUID(),
  });
  await refreshSnapshot().catch(() => {
    // The deal is done on the server; the next sync brings the collection up to date.
  });
}
