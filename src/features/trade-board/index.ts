// The trade board feature's public entry: the market's reads (community price, Matches, Wanted by)
// and the lines that show them, for the features that show a car or a collection's value.
export { CommunityPriceLine, MaxPriceLine, WantedByLine } from './market-parts';
export { useCommunityPrice, useCommunityPrices, useMatches, useWantedBy } from './use-market';
