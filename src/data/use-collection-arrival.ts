// Whether the signed-in collector's collection is all on this device yet, live: the screens say
// 'still arriving' instead of 'not owned' until it is (db/collection-arrival.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import { collectionArrival, type CollectionArrival } from '../db/collection-arrival';
import { deviceDb } from '../db/device-db';

const SIGNED_OUT: CollectionArrival = { state: 'here' };

/** undefined while first read; 'here' when signed out (there is nothing to wait for). */
export function useCollectionArrival(userId: string | null): CollectionArrival | undefined {
  return useLiveQuery(
    async () => (userId ? collectionArrival(deviceDb, userId) : SIGNED_OUT),
    [userId],
  );
}
