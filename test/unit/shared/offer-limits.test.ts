// The device's checks before queueing an offer or showing 'Withdraw offer', in the server's words.
import { describe, expect, it } from 'vitest';
import {
  LISTING_OFFERS_FULL_ERROR,
  OFFER_ALREADY_PENDING_ERROR,
  PENDING_OFFERS_PER_LISTING_MAX,
  newOfferProblem,
  withdrawOfferProblem,
} from '../../../src/shared/community/offer-limits';

describe('newOfferProblem', () => {
  it('refuses a second waiting offer of mine, whatever else the listing holds', () => {
    expect(newOfferProblem([{ status: 'declined' }, { status: 'pending' }], 3)).toBe(
      OFFER_ALREADY_PENDING_ERROR,
    );
  });

  it('takes a new offer once mine were answered or withdrawn', () => {
    expect(newOfferProblem([{ status: 'withdrawn' }, { status: 'declined' }], 0)).toBeNull();
    expect(newOfferProblem([], PENDING_OFFERS_PER_LISTING_MAX - 1)).toBeNull();
  });

  it('refuses a listing with as many waiting offers as it takes', () => {
    expect(newOfferProblem([], PENDING_OFFERS_PER_LISTING_MAX)).toBe(LISTING_OFFERS_FULL_ERROR);
    expect(LISTING_OFFERS_FULL_ERROR).toContain(String(PENDING_OFFERS_PER_LISTING_MAX));
  });
});

describe('withdrawOfferProblem', () => {
  it('lets a pending or accepted offer go while the listing is not sold or traded', () => {
    for (const offer of ['pending', 'accepted']) {
      for (const listing of ['open', 'withdrawn']) {
        expect(withdrawOfferProblem(offer, listing)).toBeNull();
      }
    }
  });

  it('keeps the record once the deal is done or the offer was answered no', () => {
    expect(withdrawOfferProblem('accepted', 'sold')).toBe(
      'This listing is already sold: the offer can no longer be withdrawn',
    );
    expect(withdrawOfferProblem('accepted', 'traded')).toMatch(/already traded/);
    expect(withdrawOfferProblem('declined', 'open')).toBe(
      'This offer is already declined: it can no longer be withdrawn',
    );
    expect(withdrawOfferProblem('withdrawn', 'open')).toMatch(/already withdrawn/);
  });
});
