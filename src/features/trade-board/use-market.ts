// The market reads for screens: the community price of cars, Matches, Wanted by.
// Answers are kept on the device like every community read, so they show offline as last seen.
import {
  trustedPrices,
  type CommunityPrice,
  type CommunityPricesAnswer,
  type MatchesAnswer,
  type WantedByAnswer,
} from '../../shared/community/market-schemas';
import { useCommunityQuery, type CommunityQuery } from '../../data/use-community-query';

const sortedUnique = (ids: readonly string[]) => [...new Set(ids)].sort();

/**
 * Community prices of these cars, as answered (or kept): only cars priced by 3 sellers have one.
 * Read each through trustedPrices before showing it.
 */
export function useCommunityPrices(
  carIds: readonly string[] | null,
): CommunityQuery<CommunityPricesAnswer> {
  const ids = carIds === null ? [] : sortedUnique(carIds);
  return useCommunityQuery<CommunityPricesAnswer>(
    ids.length > 0 ? '/api/trade/community-prices' : null,
    { kind: 'car', ids },
  );
}

export function useCommunityPrice(carId: string | null): CommunityPrice | null {
  const read = useCommunityPrices(carId === null ? null : [carId]);
  if (read.status !== 'ready' || carId === null || !(carId in read.data.prices)) return null;
  return trustedPrices({ [carId]: read.data.prices[carId] })[carId] ?? null;
}

export function useMatches(enabled: boolean): CommunityQuery<MatchesAnswer> {
  return useCommunityQuery<MatchesAnswer>(enabled ? '/api/trade/matches' : null);
}

export function useWantedBy(
  kind: 'car' | 'set',
  ids: readonly string[],
): CommunityQuery<WantedByAnswer> {
  const unique = sortedUnique(ids).slice(0, 500);
  return useCommunityQuery<WantedByAnswer>(unique.length > 0 ? '/api/trade/wanted-by' : null, {
    kind,
    ids: unique,
  });
}
