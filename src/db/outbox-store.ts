// Every query of the outbox: the collector's queued changes, in order, and the ones set aside
// because our API kept failing on them ('Changes that could not be sent'). Nothing here deletes
// an entry except a confirmation, a refusal, or the collector's own 'Discard'.
import type { GarageDb } from './garage-db';
import type { OutboxRow, SetAsideRow } from './device-rows';

export type { OutboxRow };

const ofUser = (userId: string) => [
  [userId, -Infinity],
  [userId, Infinity],
];

function waitingRange(db: GarageDb, userId: string) {
  const [from, to] = ofUser(userId);
  return db.outbox.where('[userId+seq]').between(from, to);
}

function setAsideRange(db: GarageDb, userId: string) {
  const [from, to] = ofUser(userId);
  return db.outboxSetAside.where('[userId+seq]').between(from, to);
}

/** The entries waiting to be sent, oldest first, at most `limit`. */
export function waitingEntries(
  db: GarageDb,
  userId: string,
  limit = Infinity,
): Promise<OutboxRow[]> {
  const range = waitingRange(db, userId);
  return (Number.isFinite(limit) ? range.limit(limit) : range).toArray();
}

/** The entries set aside, oldest first. */
export function setAsideEntries(db: GarageDb, userId: string): Promise<SetAsideRow[]> {
  return setAsideRange(db, userId).toArray();
}

/**
 * Every change of the user's still on the device, waiting or set aside, in the order it was
 * made: what the rebase re-applies on the server's snapshot (a set-aside change keeps its effect
 * on screen until the collector discards it).
 */
export async function unsentEntries(db: GarageDb, userId: string): Promise<OutboxRow[]> {
  const [waiting, aside] = await Promise.all([
    waitingEntries(db, userId),
    setAsideEntries(db, userId),
  ]);
  if (aside.length === 0) return waiting;
  return [...waiting, ...aside].sort((a, b) => a.seq - b.seq);
}

export interface OutboxCounts {
  waiting: number;
  setAside: number;
}

export async function outboxCounts(db: GarageDb, userId: string): Promise<OutboxCounts> {
  const [waiting, setAside] = await Promise.all([
    waitingRange(db, userId).count(),
    setAsideRange(db, userId).count(),
  ]);
  return { waiting, setAside };
}

/** Confirmed by our API (ok or duplicate): the entries go. */
export function confirmEntries(db: GarageDb, keys: string[]): Promise<void> {
  return db.outbox.bulkDelete(keys);
}

/** Refused by our API: the entry goes; the rebase that follows undoes it on screen. */
export function dropEntry(db: GarageDb, key: string): Promise<void> {
  return db.outbox.delete(key);
}

/** One more server error for an entry sent alone; answers how many it has had in a row. */
export function strikeEntry(db: GarageDb, key: string, error: string): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(key);
    if (!row) return 0;
    const failures = (row.failures ?? 0) + 1;
    await db.outbox.update(key, { failures, lastError: error });
    return failures;
  });
}

/** Moves an entry out of the sending order, keeping it and why: nothing is lost. */
export function setEntryAside(db: GarageDb, key: string, error: string, at: string): Promise<void> {
  return db.transaction('rw', [db.outbox, db.outboxSetAside], async () => {
    const row = await db.outbox.get(key);
    if (!row) return;
    await db.outboxSetAside.put({ ...row, lastError: error, setAsideAt: at });
    await db.outbox.delete(key);
  });
}

/** 'Try again': the entry goes back to its place in the queue (its seq), with a clean record. */
export function retrySetAside(db: GarageDb, key: string): Promise<void> {
  return db.transaction('rw', [db.outbox, db.outboxSetAside], async () => {
    const row = await db.outboxSetAside.get(key);
    if (!row) return;
    const { setAsideAt: _at, lastError: _error, failures: _failures, ...entry } = row;
    await db.outbox.put(entry);
    await db.outboxSetAside.delete(key);
  });
}

/** 'Discard': the collector gives the change up; the caller rebases so the screen forgets it. */
export function discardSetAside(db: GarageDb, key: string): Promise<void> {
  return db.outboxSetAside.delete(key);
}

/** Appends a change's entry; called inside the transaction that makes the change on the device. */
export async function appendEntry(db: GarageDb, entry: OutboxRow): Promise<void> {
  await db.outbox.add(entry);
}

/** Whether any collector's entry waits on this device (a worker starting checks it first). */
export async function anyEntryWaiting(db: GarageDb): Promise<boolean> {
  return (await db.outbox.count()) > 0;
}
