// Pulling a collector's snapshot (collection and profile) and rebasing their unsent changes on
// it, written only into the rows of the collector it was pulled for.
import { tokenUserId } from '../auth/token-user-id';
import type { GarageDb } from '../db/garage-db';
import type { ApiClient } from './api-client';
import { rebaseOnSnapshot } from './rebase';
import type { IdentityPort } from './replayer';

/** The pull was for one collector and another (or nobody) is signed in now: nothing is written. */
export class SignedInUserChanged extends Error {
  constructor(userId: string) {
    super(`The signed-in collector changed during the pull for ${userId}; nothing was written`);
    this.name = 'SignedInUserChanged';
  }
}

/**
 * The token is whoever is signed in now, so it is checked to be `userId`'s before the pull, and
 * the signed-in collector once more before the write: a snapshot pulled with another
 * collector's token never becomes this collector's rows (a shared phone, a sign-out mid-pull).
 * A pull written in steps is checked before each step; the steps already written stay, the
 * collection marked as still arriving, and the collector's next pull goes on from them.
 */
export async function pullSnapshotFor(
  db: GarageDb,
  api: Pick<ApiClient, 'getCollection' | 'getProfile'>,
  identity: IdentityPort,
  userId: string,
): Promise<void> {
  const token = await identity.idToken(false);
  if (tokenUserId(token) !== userId) throw new SignedInUserChanged(userId);
  const [collection, profile] = await Promise.all([
    api.getCollection(token),
    api.getProfile(token),
  ]);
  const stillSignedIn = async () => {
    if ((await identity.currentUserId()) !== userId) throw new SignedInUserChanged(userId);
  };
  await stillSignedIn();
  // A large first pull is written in steps: the collector is checked again before each one.
  await rebaseOnSnapshot(db, userId, { collection, profile }, undefined, {
    beforeStep: stillSignedIn,
  });
}
