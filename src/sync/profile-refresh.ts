// Refreshing the signed-in collector's profile and collection from the server, for screens. The
// sync code it runs is loaded on first use: the guard that calls it is part of the app's shell.

import { CHANGE_DEADLINE_MS } from '../db/change-deadline';
import { withDeadline } from '../db/deadline';

/** Pulls the snapshot (profile included); resolves false when the server could not be reached. */
export async function refreshProfile(): Promise<boolean> {
  try {
    const { refreshSnapshot } = await import('./background-tasks');
    await refreshSnapshot();
    return true;
  } catch {
    return false;
  }
}

/**
 * The account was just created on this device (an email sign-up, a first Google sign-in): the
 * collection begins here, empty, so the screens answer from the device before any pull lands.
 * Not for a username claimed here: an account signed up elsewhere may hold cars before it has one.
 * Never throws: at worst the screens say the collection is on its way until the first pull.
 */
export async function noteNewCollectorHere(userId: string): Promise<void> {
  try {
    const [{ deviceDb }, { noteCollectionStartsHere }] = await Promise.all([
      import('../db/device-db'),
      import('../db/collection-arrival'),
    ]);
    // Bounded like a change: a frozen IndexedDB must not hold the sign-up form.
    await withDeadline(
      noteCollectionStartsHere(deviceDb, userId),
      CHANGE_DEADLINE_MS,
      'noting a new collection',
    );
  } catch {
    // Storage that does not answer: the first pull marks the collection here instead.
  }
}
