// The trade board's screens, as src/routes/app-routes.tsx loads them: the board with my
// listings and offers, a new listing, and one listing with its offers.
export { TradeBoardScreen } from './board-screen';
export { CreateListingScreen } from './create-listing-screen';
export { ListingScreen } from './listing-screen';
