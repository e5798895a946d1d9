// The trade board's 'My listings' tab: the collector's listings from the server with the ones
// this device still has queued, each open one with who has it on their wishlist.
import type { ListingView } from '../../shared/community/trade-schemas';
import { useCommunityQuery } from '../../data/use-community-query';
import { WantedByLine } from './market-parts';
import { ListingCard, OfflineNote, QueryProblem } from './trade-parts';
import { useWantedBy } from './use-market';
import { mergePending, usePendingViews } from './use-pending-views';

export function MyListings({ userId }: { userId: string }) {
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
