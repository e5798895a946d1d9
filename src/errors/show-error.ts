// The one place that turns errors into toasts (docs/product.md texts; the login redirect shows none).
import toast from 'react-hot-toast';
import { isAppError } from './app-error';
import { REVERTED_MESSAGE } from '../sync/reverted-message';

export function showError(error: unknown): void {
  if (isAppError(error, 'login-required')) return;
  if (isAppError(error, 'change-refused')) {
    toast.error(REVERTED_MESSAGE);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  toast.error(message || 'Something went wrong');
}

/** A change the server refused: the rebase already undid it on screen. */
export function showReverted(): void {
  toast.error(REVERTED_MESSAGE, { id: 'reverted' });
}
