// Community changes as the screens call them: queued in the outbox at once (so they work at a
// toy fair with no signal), then replayed in order with the collection's changes.
import { currentUserId } from '../auth/auth-state';
import { deviceDb } from '../db/device-db';
import type { OutboxRow } from '../db/device-rows';
import { AppError } from '../errors/app-error';
import { appendCommunityChange } from './community-change';
import { loginRedirect } from './login-redirect';
import { requestReplay } from './page-sync';

export async function queueCommunityChange(name: string, args: unknown): Promise<OutboxRow> {
  const userId = currentUserId();
  if (!userId) {
    loginRedirect.raise();
    throw new AppError('login-required', 'Sign in to take part in the community');
  }
  const entry = await appendCommunityChange(deviceDb, userId, name, args);
  requestReplay('change');
  return entry;
}
