// One community change on the device (a post, comment, like, follow, profile edit, listing or
// offer): checked with the server's schema and appended to the outbox in one transaction. It
// touches no collection rows; screens show it from the outbox as pending until it is confirmed.
import type { GarageDb } from '../db/garage-db';
import type { OutboxRow } from '../db/device-rows';
import { readCounters, writeCounters } from '../db/device-counters';
import { appendEntry, waitingEntries } from '../db/outbox-store';
import { AppError } from '../errors/app-error';
import { parseCommunityChange } from '../shared/community/command-schemas';
import { deviceClock, type LocalChangeClock } from '../local-store';
import { cacheKey } from './community-client';
import { FOLLOWS_SET, type FollowSetArgs } from '../shared/community/profile-schemas';
import { followsRefusal, MAX_FOLLOWS } from '../shared/collector-caps';

/**
 * A follow the device knows is past MAX_FOLLOWS is refused before it is queued, in the server's
 * words: the follows counted on the kept copy of the collector's own profile (the path
 * features/profiles/profile-api.ts reads), plus the follows still waiting in the outbox.
 */
async function refuseFollowPastCap(db: GarageDb, userId: string, args: FollowSetArgs) {
  if (!args.following) return;
  const kept = await db.communityCache.get(
    cacheKey(userId, `/api/profiles/${encodeURIComponent(userId)}`),
  );
  const counted = (kept?.body as { followingCount?: unknown } | undefined)?.followingCount;
  const queued = new Map<string, boolean>();
  const waiting = await waitingEntries(db, userId);
  for (const row of waiting) {
    if (row.name === FOLLOWS_SET) {
      const follow = row.args as FollowSetArgs;
      queued.set(follow.userId, follow.following);
    }
  }
  if (queued.get(args.userId) === true) return;
  const following =
    (typeof counted === 'number' ? counted : 0) + [...queued.values()].filter(Boolean).length;
  if (following >= MAX_FOLLOWS) throw new AppError('change-refused', followsRefusal, 422);
}

export async function appendCommunityChange(
  db: GarageDb,
  userId: string,
  name: string,
  args: unknown,
  clock: LocalChangeClock = deviceClock,
): Promise<OutboxRow> {
  const parsed = parseCommunityChange(name, args);
  if (!parsed.ok) throw new AppError('invalid-change', parsed.error, parsed.status);
  if (name === FOLLOWS_SET) await refuseFollowPastCap(db, userId, args as FollowSetArgs);
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    const counters = await readCounters(db);
    const seq = counters.nextOutboxSeq++;
    // The payload as the collector sent it (not the parsed one): the server hashes the same
    // bytes for idempotency and parses it with the same schema.
    const entry: OutboxRow = {
      key: `${counters.clientId}:${seq}`,
      userId,
      seq,
      name,
      args,
      createdAt: clock.now(),
    };
    await appendEntry(db, entry);
    await writeCounters(db, counters);
    return entry;
  });
}
