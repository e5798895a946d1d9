// One community change on the device (a post, comment, like, follow, profile edit, listing or
// offer): checked with the server's schema and appended to the outbox in one transaction. It
// touches no collection rows; screens show it from the outbox as pending until it is confirmed.
import type { GarageDb, OutboxRow } from '../db/garage-db';
import { readCounters, writeCounters } from '../db/device-counters';
import { appendEntry } from '../db/outbox-store';
import { AppError } from '../errors/app-error';
import { parseCommunityChange } from '../shared/community/command-schemas';
import { deviceClock, type LocalChangeClock } from './local-change';

export async function appendCommunityChange(
  db: GarageDb,
  userId: string,
  name: string,
  args: unknown,
  clock: LocalChangeClock = deviceClock,
): Promise<OutboxRow> {
  const parsed = parseCommunityChange(name, args);
  if (!parsed.ok) throw new AppError('invalid-change', parsed.error, parsed.status);
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
