// /learn/{tutorialId}: one tutorial, and marking it done.
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { isAppError } from '../../errors/app-error';
import { showError } from '../../errors/show-error';
import { changeCollection } from '../../sync/collection-actions';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { OfflineNote } from './offline-note';
import { tutorialPath, type TutorialArticle } from './tutorial-types';
import { useCompletedTutorials } from './use-completed-tutorials';
import { CompletedMark, LoadFailure, minutesText } from './learn-parts';

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
