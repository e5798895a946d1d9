// The collector's profile settings as a live read, telling "still reading" from "no profile".
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';

/** The collector's profile settings: undefined while reading, null with no profile row. */
export function useProfileSettings(userId: string | null) {
  return useLiveQuery(
    async () => (userId ? ((await deviceDb.profiles.get(userId))?.settings ?? null) : null),
    [userId],
  );
}
