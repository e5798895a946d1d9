// The signed-in user's changes that could not be sent, oldest first, with the names of the car
// or set each one is about (from the catalogue on the device), for the Settings list.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';
import type { SetAsideRow } from '../db/device-rows';
import { setAsideEntries } from '../db/outbox-store';
import { useDeviceCatalog } from './use-device-catalog';

export interface SetAsideChange {
  row: SetAsideRow;
  carName: string | null;
  setName: string | null;
}

const NONE: SetAsideChange[] = [];

/** The car id or set id a change's payload names (`carId`, `setId` or `set.id`). */
function changeSubject(args: unknown): { carId: string | null; setId: string | null } {
  const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const set = record.set as { id?: unknown } | undefined;
  const setId = typeof record.setId === 'string' ? record.setId : set?.id;
  return {
    carId: typeof record.carId === 'string' ? record.carId : null,
    setId: typeof setId === 'string' ? setId : null,
  };
}

export function useSetAsideChanges(userId: string | null): SetAsideChange[] {
  const catalog = useDeviceCatalog();
  return (
    useLiveQuery(async () => {
      if (!userId) return NONE;
      const rows = await setAsideEntries(deviceDb, userId);
      return rows.map((row) => {
        const { carId, setId } = changeSubject(row.args);
        const car = carId ? catalog?.car(carId) : undefined;
        const set = setId ? catalog?.set(setId) : undefined;
        return { row, carName: car?.name ?? null, setName: set?.name ?? null };
      });
    }, [userId, catalog]) ?? NONE
  );
}
