// Reads every tutorial once after the list arrives online, so each article is kept on the
// device and opens at a toy fair with no signal, not only the ones already read.
import { readCommunity } from '../../sync/community-client';
import { tutorialPath, type TutorialSummary } from './tutorial-types';

let keptFor: string | null = null;

export function keepArticlesOnDevice(list: TutorialSummary[]): void {
  const key = list.map((tutorial) => tutorial.id).join('|');
  if (keptFor === key) return; // once per page load and list
  keptFor = key;
  void (async () => {
    for (const tutorial of list) {
      // One at a time, in the background: a failure only means that one is read online later.
      await readCommunity(tutorialPath(tutorial.id)).catch(() => undefined);
    }
  })();
}
