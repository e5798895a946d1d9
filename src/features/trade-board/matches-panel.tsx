// The trade board's 'Matches' tab: open listings that match the collector's public wishlist,
// or, while the wishlist is private, what making it public means and the switch to do it.
import { useProfile } from '../../data/use-collection';
import { showError } from '../../errors/show-error';
import {
  isWishlistPublic,
  WISHLIST_PUBLIC_EXPLAINED,
  WISHLIST_PUBLIC_SETTING,
} from '../../shared/community/market-schemas';
import { changeCollection } from '../../sync/collection-actions';
import { MaxPriceLine } from './market-parts';
import { ListingCard, OfflineNote, QueryProblem } from './trade-parts';
import { useMatches } from './use-market';

export function MatchesPanel({ userId }: { userId: string }) {
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
