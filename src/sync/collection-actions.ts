// The collection changes of docs/api.md as the screens call them: applied on the device at once,
// queued, then replayed. A signed-out collector gets the login-redirect flag and nothing changes.
// The rules, their schemas and the replay code are loaded on the first change (or when the page
// starts syncing, whichever comes first), not with the first screen.
import { currentUserId } from '../auth/auth-state';
import { deviceDb } from '../db/device-db';
import { AppError } from '../errors/app-error';
import type { MutationArgs, MutationName } from '../shared/collection/mutation-schemas';
import type { LocalChangeResult } from '../local-store';
import { loginRedirect } from './login-redirect';

export async function changeCollection<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
): Promise<LocalChangeResult> {
  const userId = currentUserId();
  if (!userId) {
    loginRedirect.raise();
    throw new AppError('login-required', 'Sign in to change your collection');
  }
  const [{ applyLocalChange }, { persistStorageOnce, requestReplay }] = await Promise.all([
    import('../local-store'),
    import('./page-sync'),
  ]);
  const result = await applyLocalChange(deviceDb, userId, name, args);
  requestReplay('change');
  if (name === 'collection/add-car-instance' || name.includes('set-instance')) {
    void persistStorageOnce().catch(() => {});
  }
  return result;
}
