// /learn: the team's tutorials, with the ones this collector has done marked.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { keepArticlesOnDevice } from './keep-articles';
import { OfflineNote } from './offline-note';
import { TUTORIALS_PATH, tutorialHref, type TutorialSummary } from './tutorial-types';
import { useCompletedTutorials } from './use-completed-tutorials';
import { CompletedMark, LoadFailure, minutesText } from './learn-parts';

export function LearnScreen() {
  const query = useCommunityQuery<{ tutorials: TutorialSummary[] }>(TUTORIALS_PATH);
  const completed = useCompletedTutorials();
  const list = query.data?.tutorials;
  const fromDevice = query.fromDevice;

  useEffect(() => {
    if (list && !fromDevice) keepArticlesOnDevice(list);
  }, [list, fromDevice]);

  const done = list?.filter((tutorial) => completed.has(tutorial.id)).length ?? 0;
  return (
    <>
      <ScreenHeader title="Learn" back="/home" />
      <main className="learn-main" aria-label="Tutorials">
        {query.fromDevice && <OfflineNote />}
        <p className="learn-intro">
          Short guides by the Diecast Garage team: spot the rare ones, judge a card, keep your cars
          at their best.
        </p>
        {query.status === 'loading' && (
          <p className="muted" role="status">
            Loading tutorials…
          </p>
        )}
        {query.status === 'error' && <LoadFailure error={query.error} onRetry={query.reload} />}
        {list && (
          <>
            <p className="learn-progress" data-testid="tutorials-progress">
              {done} of {list.length} completed
            </p>
            <ol className="learn-list">
              {list.map((tutorial) => (
                <li key={tutorial.id} data-tutorial-id={tutorial.id}>
                  <Link href={tutorialHref(tutorial.id)} className="learn-card card">
                    <span className="learn-card__title">{tutorial.title}</span>
                    <span className="learn-card__summary">{tutorial.summary}</span>
                    <span className="learn-card__meta">
                      <span>{minutesText(tutorial.minutes)}</span>
                      {completed.has(tutorial.id) && <CompletedMark />}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </>
        )}
        <Link href="/live" className="learn-live card">
          <span className="learn-live__dot" aria-hidden="true" />
          <span>
            <span className="learn-card__title">Live streams</span>
            <span className="learn-card__summary">
              Case openings, grading clinics and toy fair tours, live and coming up.
            </span>
          </span>
        </Link>
      </main>
    </>
  );
}
