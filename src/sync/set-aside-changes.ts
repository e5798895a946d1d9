// What the collector can do with a change the server kept failing on: send it again (back in its
// place in the queue) or give it up (gone from the device, and from the screen by a local rebase).
import { deviceDb } from '../db/device-db';
import { discardSetAside, retrySetAside } from '../db/outbox-store';
import { withOutboxLock } from './outbox-lock';
import { requestReplay } from './page-sync';
import { rebaseOnStoredSnapshot } from '../local-store';

export async function retrySetAsideChange(key: string): Promise<void> {
  await withOutboxLock(() => retrySetAside(deviceDb, key));
  requestReplay('manual');
}

/** Under the outbox lock, so no replay reads the entry while it goes. */
export async function discardSetAsideChange(userId: string, key: string): Promise<void> {
  await withOutboxLock(async () => {
    await discardSetAside(deviceDb, key);
    await rebaseOnStoredSnapshot(deviceDb, userId);
  });
}
