// The trade board's 'My offers' tab: the offers the collector made, with the ones this device
// still has queued (on a listing the server's answer does not show yet, as the device kept it).
import { Link } from 'wouter';
import type { ListingView, MyOffer, OfferView } from '../../shared/community/trade-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { formatPrice } from '../catalog';
import { ItemPhoto, listingHref, OfflineNote, QueryProblem, StatusChip } from './trade-parts';
import { mergePending, usePendingViews } from './use-pending-views';

function OfferCard({ offer, pending }: { offer: MyOffer | null; pending: boolean }) {
  if (!offer) return null;
  const cars = offer.offeredCars.length;
  const what = [
    offer.price !== null ? formatPrice(offer.price) : null,
    cars > 0 ? (cars === 1 ? '1 car' : `${cars} cars`) : null,
  ]
    .filter(Boolean)
    .join(' + ');
  return (
    <li className="tb-card card" data-offer-id={offer.id}>
      <Link href={listingHref(offer.listingId)} className="tb-card__link">
        <ItemPhoto item={offer.listing.item} />
        <span className="tb-card__text">
          <h3 className="tb-card__name">{offer.listing.item.name}</h3>
          <span className="tb-card__meta">
            From {offer.listing.seller.username ?? 'a collector'}
          </span>
          <span className="tb-card__price">{what ? `You offered ${what}` : 'Message only'}</span>
          <span className="tb-card__wants">“{offer.message}”</span>
          {offer.reply && (
            <span className="tb-card__wants">
              <span className="tb-label">Reply</span> {offer.reply}
            </span>
          )}
          <span className="tb-card__foot">
            <StatusChip status={offer.status} pending={pending} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** A queued offer on a listing my offers do not show yet: the listing as this device kept it. */
function QueuedOfferCard({ offer }: { offer: OfferView }) {
  const read = useCommunityQuery<ListingView>(
    `/api/listings/${encodeURIComponent(offer.listingId)}`,
  );
  if (read.status === 'ready') {
    return <OfferCard offer={{ ...offer, listing: read.data }} pending />;
  }
  return (
    <li className="tb-card card" data-offer-id={offer.id}>
      <Link href={listingHref(offer.listingId)} className="tb-card__link tb-card__link--plain">
        <span className="tb-card__text">
          <h3 className="tb-card__name">Your offer</h3>
          <span className="tb-card__wants">{offer.message}</span>
          <span className="tb-card__foot">
            <StatusChip pending />
          </span>
        </span>
      </Link>
    </li>
  );
}

export function MyOffers({ userId }: { userId: string }) {
  const read = useCommunityQuery<{ offers: MyOffer[] }>('/api/offers/mine');
  const { offers: queued, pending } = usePendingViews(userId);
  const server = read.status === 'ready' ? read.data.offers : [];
  // A queued offer shows with the listing this device last saw (from the board or my offers).
  const listings = new Map(server.map((offer) => [offer.listingId, offer.listing]));
  const withdrawn = new Set(pending.offerWithdrawals.map((w) => w.offerId));
  const queuedMine: MyOffer[] = queued.flatMap((offer) => {
    const listing = listings.get(offer.listingId);
    return listing ? [{ ...offer, listing }] : [];
  });
  const queuedElsewhere = queued.filter((offer) => !listings.has(offer.listingId));
  const all = mergePending(server, queuedMine, withdrawn);
  return (
    <>
      <OfflineNote show={read.status === 'ready' && read.fromDevice} />
      {read.status === 'error' && <QueryProblem error={read.error} />}
      {read.status === 'loading' && (
        <p className="muted" role="status">
          Loading your offers…
        </p>
      )}
      {read.status === 'ready' && all.length === 0 && queuedElsewhere.length === 0 && (
        <p className="tb-empty">You have made no offers yet. Open a listing to make one.</p>
      )}
      <ul className="tb-list">
        {queuedElsewhere.map((offer) => (
          <QueuedOfferCard key={offer.id} offer={offer} />
        ))}
        {all.map(({ view, pending: isPending }) => (
          <OfferCard key={view.id} offer={view} pending={isPending} />
        ))}
      </ul>
    </>
  );
}
