// The collection screens of docs/product.md (one lazily loaded chunk, with its styles).
import './collection.css';

export { CollectionScreen } from './collection-screen';
export { RecentAddedScreen } from './recent-screen';
export { CompletedSetsScreen } from './sets-screen';
export { TradeNSellScreen } from './for-trade-or-sale-screen';
export { FavoritesScreen, WishlistScreen } from './lists-screen';
export { StatsScreen } from './stats-screen';
export { SettingsScreen } from './settings-screen';
