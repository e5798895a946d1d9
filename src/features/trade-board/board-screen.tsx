// /trade: everyone's open listings with filters (brand, year, series, hunt, trade or sale), plus
// 'Matches', 'My listings' and 'My offers' for a signed-in collector; the kept copy answers offline.
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import type { ListingPage } from '../../shared/community/trade-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { ListingCard, OfflineNote, QueryProblem } from './trade-parts';
import { usePendingViews } from './use-pending-views';
import { MatchesPanel } from './matches-panel';
import { MyListings } from './my-listings-panel';
import { MyOffers } from './my-offers-panel';
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
        <Link href="/trade/create" className="screen-fab pill-link pill-link--primary tb-new">
          New listing
        </Link>
      )}
    </div>
  );
}
