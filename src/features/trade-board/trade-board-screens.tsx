// The trade board: listings and offers (issue 5).
import { PlannedScreen } from '../../routes/planned-screen';

export function TradeBoardScreen() {
  return <PlannedScreen title="Trade board" />;
}

export function CreateListingScreen() {
  return <PlannedScreen title="New listing" />;
}

export function ListingScreen() {
  return <PlannedScreen title="Listing" />;
}
