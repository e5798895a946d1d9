// /learn (the team's tutorials, with a tick on the ones completed) and /learn/{tutorialId}
// (the article, and 'Mark as complete' as an outbox change). Both read offline from the copy
// kept on the device.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { isAppError } from '../../errors/app-error';
import { showError } from '../../errors/show-error';
import { changeCollection } from '../../sync/collection-actions';
import { useCommunityQuery } from '../../sync/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { keepArticlesOnDevice } from './keep-articles';
import { OfflineNote } from './offline-note';
import {
  TUTORIALS_PATH,
  tutorialHref,
  tutorialPath,
  type TutorialArticle,
  type TutorialSummary,
} from './tutorial-types';
import { useCompletedTutorials } from './use-completed-tutorials';
import './learn.css';

const minutesText = (minutes: number) => `${minutes} min read`;

function CompletedMark() {
  return (
    <span className="learn-done">
      <svg viewBox="0 0 16 16" aria-hidden="true">
        <path d="M6.2 11.4 2.8 8l-1.1 1.1 4.5 4.5 8-8-1.1-1.1z" />
      </svg>
      Completed
    </span>
  );
}

function LoadFailure({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <section className="card learn-message" role="alert">
      <p>{error.message}</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

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

function CompleteButton({ tutorialId }: { tutorialId: string }) {
  const completed = useCompletedTutorials().has(tutorialId);
  const [saving, setSaving] = useState(false);
  const complete = () => {
    setSaving(true);
    // A local change with its outbox entry: shown at once, sent when there is a connection.
    changeCollection('tutorials/complete', { tutorialId })
      .catch(showError)
      .finally(() => setSaving(false));
  };
  return (
    <div className="learn-complete">
      <p className="learn-complete__status" role="status" aria-live="polite">
        {completed ? 'You completed this tutorial.' : ''}
      </p>
      {completed ? (
        <Link href="/learn" className="pill-link">
          Back to all tutorials
        </Link>
      ) : (
        <button type="button" className="primary" disabled={saving} onClick={complete}>
          Mark as complete
        </button>
      )}
    </div>
  );
}

export function TutorialScreen() {
  const { tutorialId = '' } = useParams<{ tutorialId: string }>();
  const query = useCommunityQuery<TutorialArticle>(tutorialPath(tutorialId));
  const completed = useCompletedTutorials().has(tutorialId);
  const article = query.data;
  const notFound =
    query.status === 'error' && isAppError(query.error) && query.error.status === 404;

  return (
    <>
      <ScreenHeader title="Tutorial" back="/learn" />
      <main className="learn-main" aria-label="Tutorial">
        {query.fromDevice && <OfflineNote />}
        {query.status === 'loading' && (
          <p className="muted" role="status">
            Loading the tutorial…
          </p>
        )}
        {notFound && (
          <section className="card learn-message" role="alert">
            <h2>Tutorial not found</h2>
            <p>There is no tutorial at this address. It may have been renamed.</p>
            <Link href="/learn" className="pill-link">
              See all tutorials
            </Link>
          </section>
        )}
        {query.status === 'error' && !notFound && (
          <LoadFailure error={query.error} onRetry={query.reload} />
        )}
        {article && (
          <article className="learn-article card" aria-labelledby="tutorial-title">
            <h2 id="tutorial-title" className="learn-article__title">
              {article.title}
            </h2>
            <p className="learn-card__meta">
              <span>{minutesText(article.minutes)}</span>
              {completed && <CompletedMark />}
            </p>
            <p className="learn-article__lead">{article.summary}</p>
            {article.sections.map((section) => (
              <section key={section.heading} className="learn-article__section">
                <h3>{section.heading}</h3>
                {section.paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </section>
            ))}
            <CompleteButton tutorialId={article.id} />
          </article>
        )}
      </main>
    </>
  );
}
