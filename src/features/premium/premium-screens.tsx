// Premium and the subscription wall (issue 5).
import { PlannedScreen } from '../../routes/planned-screen';

export function PremiumScreen() {
  return <PlannedScreen title="Premium" />;
}

export function SubscribeScreen() {
  return <PlannedScreen title="Subscribe" />;
}
