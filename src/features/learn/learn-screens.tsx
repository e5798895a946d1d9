// Tutorials (issue 5).
import { PlannedScreen } from '../../routes/planned-screen';

export function LearnScreen() {
  return <PlannedScreen title="Learn" />;
}

export function TutorialScreen() {
  return <PlannedScreen title="Tutorial" />;
}
