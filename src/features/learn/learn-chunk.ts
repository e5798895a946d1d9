// The learn screens as one lazily loaded chunk, with their styles: /learn and /learn/{tutorialId},
// both read offline from the copy kept on the device.
import './learn.css';

export { LearnScreen } from './learn-screen';
export { TutorialScreen } from './tutorial-screen';
