// The collection feature's public entry: links to a collector's sets, money and counts as it shows
// them, the screen body and sync line its screens share, and the search for one of my own cars.
export { formatCount, formatMoney, plural, ScreenBody, SyncLine } from './collection-parts';
export { setHref } from './links';
export { OwnedCarSearchField, useOwnedCarSearch } from './owned-car-search';
