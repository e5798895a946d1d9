// The limits on offers, with their refusal words: the server refuses with them, and the device
// with the same words before queueing an offer it can already tell would be refused.
import type { OfferStatus } from './trade-schemas';

/** Offers waiting for the seller's answer on one listing: a seller answers, never wades. */
export const PENDING_OFFERS_PER_LISTING_MAX = 50;

export const OFFER_ALREADY_PENDING_ERROR =
  'You already have an offer waiting on this listing: withdraw it before making another';
export const LISTING_OFFERS_FULL_ERROR = `This listing already has ${PENDING_OFFERS_PER_LISTING_MAX} offers waiting for an answer: it takes no more until the seller answers some`;

/** Why an offer cannot be withdrawn any more, or null while it still can be. */
export function withdrawOfferProblem(offerStatus: string, listingStatus: string): string | null {
  if (offerStatus !== 'pending' && offerStatus !== 'accepted') {
    return `This offer is already ${offerStatus}: it can no longer be withdrawn`;
  }
  if (listingStatus === 'sold' || listingStatus === 'traded') {
    return `This listing is already ${listingStatus}: the offer can no longer be withdrawn`;
  }
  return null;
}

/**
 * The device's check before queueing an offer: `myOffers` are my offers on this listing the
 * device knows of (the server's and my queued ones, minus those I am withdrawing).
 */
export function newOfferProblem(
  myOffers: readonly { status: OfferStatus }[],
  pendingOfferCount: number,
): string | null {
  if (myOffers.some((offer) => offer.status === 'pending')) return OFFER_ALREADY_PENDING_ERROR;
  if (pendingOfferCount >= PENDING_OFFERS_PER_LISTING_MAX) return LISTING_OFFERS_FULL_ERROR;
  return null;
}
