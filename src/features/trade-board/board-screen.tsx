// /trade: everyone's open listings with filters (brand, year, series, hunt, trade or sale), plus
// 'My listings' and 'My offers' for a signed-in collector; the kept copy answers offline.
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import type {
  ListingPage,
  ListingView,
  MyOffer,
  OfferView,
} from '../../shared/community/trade-schemas';
import { useCommunityQuery } from '../../sync/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { formatPrice } from '../catalog';
import {
  ItemPhoto,
  ListingCard,
  listingHref,
  OfflineNote,
  QueryProblem,
  StatusChip,
} from './trade-parts';
import { mergePending, usePendingViews } from './use-pending-views';
import { MaxPriceLine, WantedByLine } from './market-parts';
import { useMatches, useWantedBy } from './use-market';
import { useProfile } from '../../db/use-collection';
import { showError } from '../../errors/show-error';
import {
  isWishlistPublic,
  WISHLIST_PUBLIC_EXPLAINED,
  WISHLIST_PUBLIC_SETTING,
} from '../../shared/community/market-schemas';
import { changeCollection } from '../../sync/collection-actions';
import './trade-board.css';
import { FILTER_KEYS, Filters, type FilterKey } from './board-filters';

type Tab = 'board' | 'matches' | 'mine' | 'offers';
const TABS: { id: Tab; label: string }[] = [
  { id: 'board', label: 'Board' },
  { id: 'matches', label: 'Matches' },
  { id: 'mine', label: 'My listings' },
  { id: 'offers', label: 'My offers' },
];
/** One page of the board; the last page offers the next one. */
function BoardPage({
  query,
  before,
  isLast,
  onMore,
  hide,
}: {
  query: string;
  before: string | null;
  isLast: boolean;
  onMore: (cursor: string) => void;
  hide: ReadonlySet<string>;
}) {
  const params = new URLSearchParams(query);
  if (before) params.set('before', before);
  const read = useCommunityQuery<ListingPage>(`/api/listings?${params.toString()}`);
  if (read.status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading listings…
      </p>
    );
  }
  if (read.status === 'error') return <QueryProblem error={read.error} />;
  const listings = read.data.listings.filter((listing) => !hide.has(listing.id));
  return (
    <>
      {before === null && <OfflineNote show={read.fromDevice} />}
      {before === null && read.data.listings.length === 0 && (
        <p className="tb-empty">No listings match. Try fewer filters, or list a car of yours.</p>
      )}
      <ul className="tb-list">
        {listings.map((listing) => (
          <ListingCard key={listing.id} listing={listing} />
        ))}
      </ul>
      {isLast && read.data.nextCursor && (
        <button
          type="button"
          className="tb-more"
          onClick={() => onMore(read.data.nextCursor as string)}
        >
          Show more listings
        </button>
      )}
    </>
  );
}

function Board({ userId }: { userId: string | null }) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? '']),
  ) as Record<FilterKey, string>;
  const query = new URLSearchParams(
    FILTER_KEYS.filter((key) => values[key]).map((key) => [key, values[key]]),
  ).toString();
  const [pages, setPages] = useState<{ query: string; cursors: string[] }>({ query, cursors: [] });
  const cursors = pages.query === query ? pages.cursors : [];
  const { listings: queued, pending } = usePendingViews(userId);
  const withdrawn = new Set(pending.listingUpdates.map((update) => update.listingId));
  const onChange = (key: FilterKey, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <Filters values={values} onChange={onChange} />
      {queued.length > 0 && query === '' && (
        <ul className="tb-list" aria-label="Waiting to be sent">
          {queued.map((listing) => (
            <ListingCard key={listing.id} listing={listing} pending />
          ))}
        </ul>
      )}
      {[null, ...cursors].map((before, index) => (
        <BoardPage
          key={before ?? 'first'}
          query={query}
          before={before}
          isLast={index === cursors.length}
          onMore={(cursor) => setPages({ query, cursors: [...cursors, cursor] })}
          hide={withdrawn}
        />
      ))}
    </>
  );
}

function MyListings({ userId }: { userId: string }) {
  const read = useCommunityQuery<{ listings: ListingView[] }>('/api/listings/mine');
  const { listings: queued, pending } = usePendingViews(userId);
  const withdrawn = new Set(pending.listingUpdates.map((update) => update.listingId));
  const server = read.status === 'ready' ? read.data.listings : [];
  const all = mergePending(server, queued, withdrawn);
  const wanted = useWantedBy(
    'car',
    all
      .filter(({ view }) => view.kind === 'car' && view.status === 'open')
      .map(({ view }) => view.itemId),
  );
  const wantedSets = useWantedBy(
    'set',
    all
      .filter(({ view }) => view.kind === 'set' && view.status === 'open')
      .map(({ view }) => view.itemId),
  );
  const wantedOf = (view: ListingView) =>
    view.status !== 'open'
      ? undefined
      : (view.kind === 'car' ? wanted : wantedSets).data?.wantedBy[view.itemId];
  return (
    <>
      <OfflineNote show={read.status === 'ready' && read.fromDevice} />
      {read.status === 'error' && <QueryProblem error={read.error} />}
      {read.status === 'loading' && all.length === 0 && (
        <p className="muted" role="status">
          Loading your listings…
        </p>
      )}
      {read.status !== 'loading' && all.length === 0 && (
        <p className="tb-empty">
          You have nothing listed yet. List a car from your collection with ‘New listing’.
        </p>
      )}
      <ul className="tb-list">
        {all.map(({ view, pending: isPending }) => (
          <ListingCard
            key={view.id}
            listing={view}
            pending={isPending}
            extra={<WantedByLine entry={wantedOf(view)} />}
          />
        ))}
      </ul>
    </>
  );
}

function MatchesPanel({ userId }: { userId: string }) {
  const read = useMatches(true);
  const profile = useProfile(userId);
  // The device's own setting first: switched on offline, the view says it is on its way.
  const publicHere = isWishlistPublic(profile?.settings);
  if (read.status === 'loading') {
    return (
      <p className="muted" role="status">
        Looking for matches…
      </p>
    );
  }
  if (read.status === 'error') return <QueryProblem error={read.error} />;
  if (!read.data.wishlistPublic) {
    return (
      <section className="tb-empty tb-matches-off" aria-labelledby="tb-matches-off">
        <h2 id="tb-matches-off" className="tb-subtitle">
          {publicHere ? 'Your wishlist is going public…' : 'Your wishlist is private'}
        </h2>
        <p>{WISHLIST_PUBLIC_EXPLAINED}</p>
        {!publicHere && (
          <button
            type="button"
            className="primary"
            onClick={() =>
              changeCollection('users/update-settings', {
                key: WISHLIST_PUBLIC_SETTING,
                value: true,
              }).catch(showError)
            }
          >
            Make my wishlist public
          </button>
        )}
      </section>
    );
  }
  const { matches } = read.data;
  return (
    <>
      <OfflineNote show={read.fromDevice} />
      {matches.length === 0 ? (
        <p className="tb-empty">
          Nothing on the board matches your wishlist yet. We’ll tell you when a listing does.
        </p>
      ) : (
        <ul className="tb-list" aria-label="Listings that match your wishlist">
          {matches.map((match) => (
            <ListingCard
              key={match.listing.id}
              listing={match.listing}
              extra={
                <>
                  <span className={`tb-match tb-match--${match.match}`}>
                    {match.match === 'exact'
                      ? 'On your wishlist'
                      : 'Same casting as one on your wishlist, another year or colour'}
                  </span>
                  <MaxPriceLine askingPrice={match.listing.askingPrice} maxPrice={match.maxPrice} />
                </>
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}

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

function MyOffers({ userId }: { userId: string }) {
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

export function TradeBoardScreen() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab =
    userId && (requested === 'mine' || requested === 'offers' || requested === 'matches')
      ? requested
      : 'board';
  const choose = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'board') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return (
    <div className="tb-screen">
      <ScreenHeader title="Trade board" />
      <main className="app-main tb-main">
        {userId ? (
          <div
            className="tb-tabs"
            role="tablist"
            aria-label="Trade board sections"
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const index = TABS.findIndex((item) => item.id === tab);
              const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
              const next = TABS[(index + step) % TABS.length] as (typeof TABS)[number];
              choose(next.id);
              document.getElementById(`tb-tab-${next.id}`)?.focus();
            }}
          >
            {TABS.map((item) => (
              <button
                key={item.id}
                id={`tb-tab-${item.id}`}
                type="button"
                role="tab"
                className="tb-tab"
                aria-selected={tab === item.id}
                aria-controls="tb-panel"
                tabIndex={tab === item.id ? 0 : -1}
                onClick={() => choose(item.id)}
              >
                {item.label}
              </button>
            ))}
          </div>
        ) : (
          <p className="tb-intro">
            Cars and sets collectors want to trade or sell.{' '}
            <Link href={`/signup?next=${encodeURIComponent('/trade/create')}`} className="tb-link">
              Sign in to list yours
            </Link>
          </p>
        )}
        <div
          id="tb-panel"
          className="tb-panel"
          {...(userId ? { role: 'tabpanel', 'aria-labelledby': `tb-tab-${tab}` } : {})}
        >
          {tab === 'board' && <Board userId={userId} />}
          {tab === 'matches' && userId && <MatchesPanel userId={userId} />}
          {tab === 'mine' && userId && <MyListings userId={userId} />}
          {tab === 'offers' && userId && <MyOffers userId={userId} />}
        </div>
      </main>
      {userId && (
        <Link href="/trade/create" className="pill-link pill-link--primary tb-new">
          New listing
        </Link>
      )}
    </div>
  );
}
