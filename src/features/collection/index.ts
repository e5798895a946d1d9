// The collection feature's public entry: links to a collector's sets, and money as it shows it.
export { formatMoney } from './collection-parts';
export { setHref } from './links';
