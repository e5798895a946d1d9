// Live streams (issue 5).
import { PlannedScreen } from '../../routes/planned-screen';

export function LiveScreen() {
  return <PlannedScreen title="Live" />;
}
