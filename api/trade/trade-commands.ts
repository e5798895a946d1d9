// The trade commands: listings and offers, each also at POST /api/<name> and in the
// device's outbox (POST /api/sync/push).
import type { CommunityCommand } from '../community/command';
import { completeListing } from './complete-listing';
import { createListing, updateListing } from './listing-commands';
import { answerOffer, createOffer, withdrawOffer } from './offer-commands';

export const tradeCommands: CommunityCommand[] = [
  createListing,
  updateListing,
  completeListing,
  createOffer,
  answerOffer,
  withdrawOffer,
];
