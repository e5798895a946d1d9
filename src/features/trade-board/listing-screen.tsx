// /trade/listing/{listingId}: the listing, then for others 'Make an offer' and their own offers;
// for the seller every offer with Accept / Decline, and 'Mark traded' / 'Mark sold' once one is
// accepted — which moves the cars between both collections on the server.
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { showError } from '../../errors/show-error';
import type { ListingDetail, ListingView, OfferView } from '../../shared/community/trade-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { CarPhoto } from '../catalog';
import { formatDate, formatPrice } from '../catalog';
import { OfferForm } from './offer-form';
import { withdrawOfferProblem } from '../../shared/community/offer-limits';
import { answerOffer, completeListing, withdrawListing, withdrawOffer } from './trade-actions';
import {
  copyLine,
  ItemPhoto,
  itemMeta,
  OfflineNote,
  PersonLine,
  priceLine,
  QueryProblem,
  StatusChip,
} from './trade-parts';
import { mergePending, usePendingViews } from './use-pending-views';
import './trade-board.css';

function OfferedCars({ offer, traded }: { offer: OfferView; traded: boolean }) {
  if (offer.offeredCars.length === 0) return null;
  return (
    <ul className="tb-offered" aria-label="Cars offered">
      {offer.offeredCars.map((car) => (
        <li key={car.instanceId} className="tb-offered__car">
          <span className="car-photo tb-thumb">
            <CarPhoto car={car.item} />
          </span>
          <span>
            <span className="tb-chosen__name">{car.item.name}</span>
            <span className="tb-chosen__meta">
              {car.instance
                ? copyLine(car.instance)
                : traded
                  ? 'Traded to the seller'
                  : 'No longer in their collection'}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

interface SellerActions {
  answer(offer: OfferView, accept: boolean, reply: string): Promise<void>;
  complete(outcome: 'sold' | 'traded', offer: OfferView): Promise<void>;
  busy: boolean;
}

function OfferItem({
  offer,
  pending,
  seller,
  listingOpen,
  listingStatus,
  onWithdraw,
}: {
  offer: OfferView;
  pending: boolean;
  listingStatus: ListingView['status'];
  /** The seller's buttons; absent for the buyer's own view. */
  seller?: SellerActions;
  listingOpen: boolean;
  onWithdraw?: (offer: OfferView) => void;
}) {
  const [reply, setReply] = useState('');
  return (
    <li className="tb-offer card" data-offer-id={offer.id}>
      <div className="tb-offer__head">
        <PersonLine person={offer.buyer} />
        <StatusChip status={offer.status} pending={pending} />
      </div>
      <p className="tb-offer__message">{offer.message}</p>
      <OfferedCars
        offer={offer}
        traded={listingStatus === 'traded' && offer.status === 'accepted'}
      />
      {offer.price !== null && (
        <p className="tb-offer__price">
          Cash: <span className="tb-money">{formatPrice(offer.price)}</span>
        </p>
      )}
      {offer.reply && (
        <p className="tb-offer__reply">
          <span className="tb-label">Reply</span> {offer.reply}
        </p>
      )}
      <p className="tb-offer__when muted">{formatDate(offer.createdAt)}</p>
      {seller && listingOpen && offer.status === 'pending' && !pending && (
        <div className="tb-offer__answer">
          <label className="tb-field">
            <span>Reply (optional)</span>
            <textarea
              rows={2}
              maxLength={500}
              value={reply}
              onChange={(event) => setReply(event.target.value)}
            />
          </label>
          <div className="tb-actions">
            <button
              type="button"
              className="primary"
              disabled={seller.busy}
              onClick={() => void seller.answer(offer, true, reply)}
            >
              Accept
            </button>
            <button
              type="button"
              disabled={seller.busy}
              onClick={() => void seller.answer(offer, false, reply)}
            >
              Decline
            </button>
          </div>
        </div>
      )}
      {seller && listingOpen && offer.status === 'accepted' && (
        <div className="tb-actions">
          <button
            type="button"
            className="primary"
            disabled={seller.busy}
            onClick={() => void seller.complete('traded', offer)}
          >
            Mark traded
          </button>
          <button
            type="button"
            disabled={seller.busy}
            onClick={() => void seller.complete('sold', offer)}
          >
            Mark sold
          </button>
        </div>
      )}
      {onWithdraw && !pending && withdrawOfferProblem(offer.status, listingStatus) === null && (
        <div className="tb-actions">
          <button type="button" onClick={() => onWithdraw(offer)}>
            Withdraw offer
          </button>
        </div>
      )}
    </li>
  );
}

function ListingDetails({ listing, pending }: { listing: ListingView; pending: boolean }) {
  const copy = copyLine(listing.instance);
  return (
    <section className="tb-detail" aria-label="Listing">
      <ItemPhoto item={listing.item} eager />
      <div className="tb-detail__head">
        <h2 className="tb-detail__name">{listing.item.name}</h2>
        <p className="muted">
          {[itemMeta(listing.item), listing.item.brand, listing.kind === 'set' ? 'Set' : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <p className="tb-detail__price" data-testid="listing-price">
        {priceLine(listing)}
        <StatusChip status={listing.status} pending={pending} />
      </p>
      <dl className="tb-facts">
        {copy && (
          <div>
            <dt>Condition</dt>
            <dd>{copy}</dd>
          </div>
        )}
        <div>
          <dt>Listed</dt>
          <dd>{formatDate(listing.createdAt)}</dd>
        </div>
        {listing.wants && (
          <div className="tb-facts__wide">
            <dt>Wants</dt>
            <dd>{listing.wants}</dd>
          </div>
        )}
      </dl>
      {!listing.available && listing.status === 'open' && (
        <p className="tb-problem">The seller no longer has this copy in their collection.</p>
      )}
      <p className="tb-detail__seller">
        <span className="tb-label">Seller</span>{' '}
        <Link
          href={`/profile/${encodeURIComponent(listing.seller.userId)}`}
          className="tb-person-link"
        >
          <PersonLine person={listing.seller} />
        </Link>
      </p>
    </section>
  );
}

export function ListingScreen() {
  const { listingId = '' } = useParams<{ listingId: string }>();
  const userId = useAuth().user?.uid ?? null;
  const read = useCommunityQuery<ListingDetail>(`/api/listings/${encodeURIComponent(listingId)}`);
  const { listings: queuedListings, offers: queuedOffers, pending } = usePendingViews(userId);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const queuedListing = queuedListings.find((listing) => listing.id === listingId) ?? null;
  const listing: ListingDetail | null = read.status === 'ready' ? read.data : queuedListing;
  const listingPending = read.status !== 'ready' && queuedListing !== null;
  const withdrawing = pending.listingUpdates.some((u) => u.listingId === listingId);
  const isSeller = listing !== null && listing.seller.userId === userId;
  const open = listing?.status === 'open' && !withdrawing;
  const withdrawnOffers = new Set(pending.offerWithdrawals.map((w) => w.offerId));
  const offers = mergePending(
    listing?.offers ?? [],
    queuedOffers.filter((offer) => offer.listingId === listingId),
    withdrawnOffers,
  );

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setStatus('');
    try {
      await work();
      setStatus(done);
      read.reload();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const sellerActions: SellerActions = {
    busy,
    answer: (offer, accept, reply) =>
      run(
        () => answerOffer(offer.id, accept, reply),
        accept
          ? 'Offer accepted. Mark it traded or sold once the cars change hands.'
          : 'Offer declined.',
      ),
    complete: (outcome, offer) =>
      run(
        () => completeListing(listingId, outcome, offer.id),
        `Marked ${outcome}. Both collections are updated.`,
      ),
  };

  let body;
  if (listing === null) {
    body =
      read.status === 'error' ? (
        <QueryProblem error={read.error} />
      ) : (
        <p className="muted" role="status">
          Loading the listing…
        </p>
      );
  } else {
    body = (
      <>
        <OfflineNote show={read.status === 'ready' && read.fromDevice} />
        <ListingDetails listing={listing} pending={listingPending || withdrawing} />
        {isSeller ? (
          <>
            <section className="tb-section" aria-labelledby="tb-offers-title">
              <h2 id="tb-offers-title" className="tb-section__title">
                Offers
              </h2>
              {listingPending ? (
                <p className="tb-empty">This listing goes on the board once you are back online.</p>
              ) : offers.length === 0 ? (
                <p className="tb-empty">No offers yet.</p>
              ) : (
                <ul className="tb-offers">
                  {offers.map(({ view, pending: isPending }) => (
                    <OfferItem
                      key={view.id}
                      offer={view}
                      pending={isPending}
                      seller={sellerActions}
                      listingOpen={open}
                      listingStatus={listing.status}
                    />
                  ))}
                </ul>
              )}
            </section>
            {open && !listingPending && (
              <div className="tb-actions">
                <button
                  type="button"
                  className="tb-danger"
                  onClick={() => void run(() => withdrawListing(listingId), 'Listing withdrawn.')}
                >
                  Withdraw listing
                </button>
              </div>
            )}
          </>
        ) : (
          <>
            {offers.length > 0 && (
              <section className="tb-section" aria-labelledby="tb-mine-title">
                <h2 id="tb-mine-title" className="tb-section__title">
                  Your offers
                </h2>
                <ul className="tb-offers">
                  {offers.map(({ view, pending: isPending }) => (
                    <OfferItem
                      key={view.id}
                      offer={view}
                      pending={isPending}
                      listingOpen={open}
                      listingStatus={listing.status}
                      onWithdraw={(offer) =>
                        void run(() => withdrawOffer(offer.id), 'Offer withdrawn.')
                      }
                    />
                  ))}
                </ul>
              </section>
            )}
            {open && userId && (
              <OfferForm
                userId={userId}
                listing={listing}
                myOffers={offers.map(({ view }) => view)}
                onSent={setStatus}
              />
            )}
          </>
        )}
      </>
    );
  }

  return (
    <div className="tb-screen">
      <ScreenHeader title="Listing" back="/trade" />
      <main className="app-main tb-main">
        {body}
        {/* Under the actions, where the collector's thumb and eyes are after tapping. */}
        <p className="tb-status" role="status" aria-live="polite">
          {status}
        </p>
      </main>
    </div>
  );
}
