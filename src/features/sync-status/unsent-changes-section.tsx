// 'Changes that could not be sent' (Settings): each change the server kept failing on, in the
// collector's words, with the server's error and what they can do: try again, or discard it.
import { useState } from 'react';
import { useSetAsideChanges, type SetAsideChange } from '../../data/use-set-aside-changes';
import { showError } from '../../errors/show-error';
import { discardSetAsideChange, retrySetAsideChange } from '../../sync/set-aside-changes';
import { describeChange } from './change-labels';
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const WHEN = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

function UnsentChange({ userId, change }: { userId: string; change: SetAsideChange }) {
  const { row } = change;
  const [busy, setBusy] = useState(false);
  const label = describeChange(row.name, row.args, { car: change.carName, set: change.setName });
  const act = (action: () => Promise<void>) => {
    setBusy(true);
    action()
      .catch(showError)
      .finally(() => setBusy(false));
  };
  return (
    <li className="unsent-change" data-key={row.key}>
      <p className="unsent-change__what">{label}</p>
      <p className="unsent-change__when">Made {WHEN().format(new Date(row.createdAt))}</p>
      <p className="unsent-change__error">The server said: {row.lastError}</p>
      <div className="cl-actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => act(() => retrySetAsideChange(row.key))}
        >
          Try again
        </button>
        <button
          type="button"
          className="cl-danger"
          disabled={busy}
          aria-label={`Discard: ${label}`}
          onClick={() => act(() => discardSetAsideChange(userId, row.key))}
        >
          Discard
        </button>
      </div>
    </li>
  );
}

/** Renders nothing while every change goes through. */
export function UnsentChangesSection({ userId }: { userId: string }) {
  const changes = useSetAsideChanges(userId);
  if (changes.length === 0) return null;
  return (
    <section
      className="cl-settings card unsent-changes"
      id="could-not-send"
      aria-labelledby="could-not-send-title"
    >
      <h2 id="could-not-send-title" className="cl-section__title">
        Changes that could not be sent
      </h2>
      <p className="cl-setting__hint">
        The server kept failing on these, so they were set aside to let your other changes through.
        They are still on this device and on your screens. Try again, or discard one to undo it
        here.
      </p>
      <ul className="unsent-changes__list">
        {changes.map((change) => (
          <UnsentChange key={change.row.key} userId={userId} change={change} />
        ))}
      </ul>
    </section>
  );
}
