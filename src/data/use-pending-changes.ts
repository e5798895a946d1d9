// The signed-in user's queued changes of the given names, oldest first: what screens show as
// 'Pending' (a post made offline, a like, a follow) until the server confirms them.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';
import type { OutboxRow } from '../db/device-rows';
import { unsentEntries } from '../db/outbox-store';

const NONE: OutboxRow[] = [];

export function usePendingChanges(userId: string | null, names: readonly string[]): OutboxRow[] {
  const key = names.join('|');
  return (
    useLiveQuery(async () => {
      if (!userId) return NONE;
      const wanted = new Set(key.split('|'));
      const rows = await unsentEntries(deviceDb, userId);
      return rows.filter((row) => wanted.has(row.name));
    }, [userId, key]) ?? NONE
  );
}
