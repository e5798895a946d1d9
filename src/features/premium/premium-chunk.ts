// The premium screens as one lazily loaded chunk, with their styles: /premium (public) and
// /subscribe (the wall, which starts the payment provider's checkout).
import './premium.css';

export { PremiumScreen } from './premium-screen';
export { SubscribeScreen } from './subscribe-screen';
