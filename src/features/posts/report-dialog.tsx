// Reporting a post to the team: a reason (required, up to 500 characters), then Send.
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../ui/modal-dialog';
import { REPORT_REASON_MAX } from '../../shared/community/post-schemas';

export function ReportDialog({
  onSend,
  onCancel,
}: {
  onSend: (reason: string) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('Say what is wrong with this post');
      return;
    }
    onSend(reason.trim());
  };
  return (
    <ModalDialog labelledBy={titleId} onClose={onCancel}>
      <form className="social-dialog" onSubmit={submit} noValidate>
        <h2 id={titleId}>Report this post</h2>
        <label htmlFor={fieldId}>Why are you reporting it?</label>
        <textarea
          id={fieldId}
          className="social-textarea"
          rows={4}
          maxLength={REPORT_REASON_MAX}
          value={reason}
          data-autofocus
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          placeholder="Spam, a fake, rude words…"
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <p className="muted social-dialog__hint">
          The team reads every report. The author is not told who sent it.
        </p>
        <div className="social-dialog__actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Send report
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
