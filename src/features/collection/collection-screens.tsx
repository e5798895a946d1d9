// The collection screens of SPEC §2 (one lazily loaded chunk). Stand-ins until each is built.
import { PlannedScreen } from '../../routes/planned-screen';

export function CollectionScreen() {
  return <PlannedScreen title="Collection" />;
}

export function RecentAddedScreen() {
  return <PlannedScreen title="Recent Added" />;
}

export function CompletedSetsScreen() {
  return <PlannedScreen title="Completed Sets" />;
}

export function TradeNSellScreen() {
  return <PlannedScreen title="Trade NSell" />;
}

export function FavoritesScreen() {
  return <PlannedScreen title="Favorites" />;
}

export function WishlistScreen() {
  return <PlannedScreen title="Wishlist" />;
}

export function StatsScreen() {
  return <PlannedScreen title="Stats" />;
}

export function SettingsScreen() {
  return <PlannedScreen title="Settings" />;
}
