// A small 'are you sure' for deleting a post or a comment: says what goes, Cancel focused first.
import { useId, type ReactNode } from 'react';
import { ModalDialog } from '../../ui/modal-dialog';

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <ModalDialog labelledBy={titleId} describedBy={textId} onClose={onCancel}>
      <div className="social-dialog">
        <h2 id={titleId}>{title}</h2>
        <p id={textId} className="muted">
          {text}
        </p>
        <div className="social-dialog__actions">
          <button type="button" onClick={onCancel} data-autofocus>
            Cancel
          </button>
          <button type="button" className="social-danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
