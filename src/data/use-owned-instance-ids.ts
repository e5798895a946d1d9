// The collector's car copy ids on this device, kept current: an import marks rows already brought in.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';
import { loadOwnedInstanceIds } from '../db/collection-export';

export function useOwnedInstanceIds(userId: string | null): Set<string> | undefined {
  return useLiveQuery(
    async () => (userId ? loadOwnedInstanceIds(deviceDb, userId) : new Set<string>()),
    [userId],
  );
}
