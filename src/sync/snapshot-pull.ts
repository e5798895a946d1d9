// Pulling a collector's snapshot (collection and profile) and rebasing their unsent changes on
// it, written only into the rows of the collector it was pulled for.
import { tokenUserId } from '../auth/token-user-id';
import type { GarageDb } from '../db/garage-db';
import type { ApiClient } from './api-client';
import { rebaseOnSnapshot } from '../local-store';
import type { IdentityPort } from './replay-types';

/** The pull was for one collector and another (or nobody) is signed in now: nothing is written. */
export class SignedInUserChanged extends Error {
  constructor(userId: string) {
    super(`The signed-in collector changed during the pull for ${userId}; nothing was written`);
    this.name = 'SignedInUserChanged';
  }
}

/** The caller gave up on the pull (past its deadline): what it had not written yet, it does not. */
export class PullAbandoned extends Error {
  constructor(userId: string) {
    super(`The pull for ${userId} was given up on; it stopped before its next write`);
    this.name = 'PullAbandoned';
  }
}

/**
 * The token is whoever is signed in now, so it is checked to be `userId`'s before the pull, and
 * the signed-in collector once more before the write: a snapshot pulled with another
 * collector's token never becomes this collector's rows (a shared phone, a sign-out mid-pull).
 * A pull written in steps is checked before each step, and so is `abandoned`; the steps already
 * written stay, the collection marked as still arriving, and the next pull goes on from them.
 */
export async function pullSnapshotFor(
  db: GarageDb,
  api: Pick<ApiClient, 'getCollection' | 'getProfile'>,
  identity: IdentityPort,
  userId: string,
  /** Aborted when the caller gives up on the pull (its deadline): a fill stops at its next step. */
  abandoned?: AbortSignal,
): Promise<void> {
  const token = await identity.idToken(false);
  if (tokenUserId(token) !== userId) throw new SignedInUserChanged(userId);
  const [collection, profile] = await Promise.all([
    api.getCollection(token),
    api.getProfile(token),
  ]);
  const stillWanted = async () => {
    if ((await identity.currentUserId()) !== userId) throw new SignedInUserChanged(userId);
    // Given up on, a pull must not go on writing beside the next one.
    if (abandoned?.aborted) throw new PullAbandoned(userId);
  };
  await stillWanted();
  // A large first pull is written in steps: checked again before each one.
  await rebaseOnSnapshot(db, userId, { collection, profile }, undefined, {
    beforeStep: stillWanted,
  });
}
