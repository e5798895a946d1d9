// The comment box under a post: a labelled field with a live count, 'Comment' queues it.
import { useId, useState, type FormEvent } from 'react';
import { showError } from '../../errors/show-error';
import { COMMENT_BODY_MAX } from '../../shared/community/post-schemas';
import { addComment } from './post-actions';
import { TextCount } from './text-count';
import { formatCountEnUs } from '../../shared/text/locale-text';

export function CommentForm({ postId }: { postId: string }) {
  const fieldId = useId();
  const countId = useId();
  const errorId = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (text === '') {
      setError('Write something first');
      return;
    }
    if (text.length > COMMENT_BODY_MAX) {
      setError(`Keep it to ${formatCountEnUs(COMMENT_BODY_MAX)} characters`);
      return;
    }
    setSending(true);
    addComment(postId, text)
      .then(() => setBody(''))
      .catch(showError)
      .finally(() => setSending(false));
  };
  return (
    <form className="social-comment-form card" onSubmit={submit} noValidate>
      <label htmlFor={fieldId}>Add a comment</label>
      <textarea
        id={fieldId}
        className="social-textarea"
        rows={3}
        value={body}
        aria-invalid={error !== null}
        aria-describedby={error ? `${countId} ${errorId}` : countId}
        onChange={(event) => {
          setBody(event.target.value);
          setError(null);
        }}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="social-form-foot">
        <TextCount id={countId} length={body.trim().length} max={COMMENT_BODY_MAX} />
        <button type="submit" className="primary" disabled={sending}>
          Comment
        </button>
      </div>
    </form>
  );
}
