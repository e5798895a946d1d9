// The wishlist feature's public entry: the max price and note form, and 'Found it', for the
// screens that show a wishlist car.
export { FoundItDialog, WishDetailsDialog } from './wish-dialogs';
