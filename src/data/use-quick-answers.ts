// The quick check's answers for the cars on screen, live: they change the moment a copy is added.
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '../db/device-db';
import { quickAnswers, type QuickAnswer } from '../db/quick-answers';
import { useDeviceCatalog } from './use-device-catalog';

const NONE = new Map<string, QuickAnswer>();

export function useQuickAnswers(
  userId: string | null,
  carIds: readonly string[],
): Map<string, QuickAnswer> | undefined {
  const catalog = useDeviceCatalog();
  const key = carIds.join('|');
  return useLiveQuery(
    async () => (catalog ? quickAnswers(deviceDb, catalog, userId, carIds) : NONE),
    // The ids' content, not the array's identity, decides when to read again.
    [catalog, userId, key],
  );
}
