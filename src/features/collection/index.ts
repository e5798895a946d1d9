// The collection feature's public entry: links to a collector's sets, money and counts as it shows
// them, and the screen body and sync line its screens share.
export { formatCount, formatMoney, plural, ScreenBody, SyncLine } from './collection-parts';
export { setHref } from './links';
