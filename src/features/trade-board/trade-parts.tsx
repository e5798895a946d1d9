// Pieces the trade screens share: the listing card, the item photo with its TH/STH mark, price and
// condition lines, status chips, the seller line and the plain offline note.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { isAppError } from '../../errors/app-error';
import { Avatar } from '../../ui/avatar';
import { CarPhoto, HuntMark } from '../catalog';
import { formatPrice } from '../catalog';
import type {
  ListingStatus,
  ListingView,
  OfferStatus,
  TradeItem,
  TradeProfile,
} from '../../shared/community/trade-schemas';

export const listingHref = (listingId: string) => `/trade/listing/${encodeURIComponent(listingId)}`;

export function itemMeta(item: TradeItem): string {
  const series = [item.series, item.seriesNumber].filter(Boolean).join(' ');
  return [item.year, series].filter((part) => part !== null && part !== '').join(' · ');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Loose · Mint'; null for a set (no condition) or a copy that is gone. */
export function copyLine(instance: ListingView['instance']): string | null {
  return instance ? `${capitalise(instance.condition)} · ${instance.grade}` : null;
}

/** '$12.50', '$12.50 or trade', 'Trade only'. */
export function priceLine(listing: Pick<ListingView, 'forSale' | 'forTrade' | 'askingPrice'>) {
  if (!listing.forSale || listing.askingPrice === null) return 'Trade only';
  const price = formatPrice(listing.askingPrice);
  return listing.forTrade ? `${price} or trade` : price;
}

export function ItemPhoto({ item, eager = false }: { item: TradeItem; eager?: boolean }) {
  return (
    <div className="car-photo tb-photo">
      <CarPhoto car={item} eager={eager} />
      <HuntMark huntType={item.huntType} />
    </div>
  );
}

const STATUS_TEXT: Record<ListingStatus | OfferStatus, string> = {
  open: 'Open',
  sold: 'Sold',
  traded: 'Traded',
  withdrawn: 'Withdrawn',
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
};

export function StatusChip({
  status,
  pending = false,
}: {
  status?: ListingStatus | OfferStatus;
  /** Still in this device's outbox: not on the server yet. */
  pending?: boolean;
}) {
  if (pending) {
    return <span className="tb-chip tb-chip--queued">Pending · not sent yet</span>;
  }
  if (!status || status === 'open') return null;
  return <span className={`tb-chip tb-chip--${status}`}>{STATUS_TEXT[status]}</span>;
}

export function PersonLine({ person, children }: { person: TradeProfile; children?: ReactNode }) {
  return (
    <span className="tb-person">
      <Avatar username={person.username} avatarUrl={person.avatarUrl} size={28} />
      <span className="tb-person__name">{person.username ?? 'A collector'}</span>
      {children}
    </span>
  );
}

export function OfflineNote({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="tb-offline" role="status">
      Offline · showing what this device saved
    </p>
  );
}

export function QueryProblem({ error }: { error: Error }) {
  // No signal is a state of the hall, not a fault: said plainly, not in red.
  if (isAppError(error, 'offline')) {
    return (
      <p className="tb-offline" role="status">
        {error.message}
      </p>
    );
  }
  return (
    <p className="tb-problem" role="alert">
      {error.message}
    </p>
  );
}

export function ListingCard({
  listing,
  pending = false,
  extra,
}: {
  listing: ListingView;
  pending?: boolean;
  /** More lines under the listing's own (how it matches, who wants it). */
  extra?: ReactNode;
}) {
  const copy = copyLine(listing.instance);
  return (
    <li className="tb-card card" data-listing-id={listing.id}>
      <Link href={listingHref(listing.id)} className="tb-card__link">
        <ItemPhoto item={listing.item} />
        <span className="tb-card__text">
          <h3 className="tb-card__name">{listing.item.name}</h3>
          <span className="tb-card__meta">
            {[itemMeta(listing.item), listing.kind === 'set' ? 'Set' : null]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {copy && <span className="tb-card__copy">{copy}</span>}
          <span className="tb-card__price">{priceLine(listing)}</span>
          {listing.wants && (
            <span className="tb-card__wants">
              <span className="tb-label">Wants</span> {listing.wants}
            </span>
          )}
          {extra}
          <span className="tb-card__foot">
            <PersonLine person={listing.seller} />
            <StatusChip status={listing.status} pending={pending} />
            {!pending && listing.status === 'open' && listing.pendingOfferCount > 0 && (
              <span className="tb-chip">
                {listing.pendingOfferCount === 1
                  ? '1 offer'
                  : `${listing.pendingOfferCount} offers`}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
