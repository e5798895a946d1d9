// The collection's version on this device: a random token in `meta`, replaced in the same
// transaction as any write to the rows a change reads (the user's rows and summaries, profiles,
// the counters with the totals). A context that keeps a copy of those rows (local-store/change-base.ts)
// checks the token inside its own write transaction: equal, its copy is what IndexedDB holds.
//
// Every write through Dexie replaces the token by itself (the middleware below), so no writer,
// in any tab or the worker, can forget to. A transaction that writes those tables must have
// `meta` in its scope: without it the write fails, loudly, instead of leaving a copy stale.
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';
import { DEVICE_COUNTERS_KEY } from './device-counters';

export const COLLECTION_VERSION_KEY = 'collectionVersion';

/** The stores whose rows a copy holds (and `meta`, where the device counters are). */
export const VERSIONED_STORES: ReadonlySet<string> = new Set([
  'ownedCars',
  'ownedSets',
  'listItems',
  'tradeSell',
  'ownedCarSummaries',
  'profiles',
  'meta',
]);

export function newCollectionVersion(): string {
  return crypto.randomUUID();
}

/**
 * Whether a write touches what a copy holds. Of `meta`, only the device counters are in a copy:
 * the sync record, the catalogue's keys and the like leave copies as they are.
 */
function touchesCopies(store: string, req: DBCoreMutateRequest): boolean {
  if (store !== 'meta') return true;
  if (req.type === 'deleteRange') return true;
  if (req.type === 'delete') return req.keys.includes(DEVICE_COUNTERS_KEY);
  return req.values.some((row) => (row as { key?: unknown }).key === DEVICE_COUNTERS_KEY);
}

export const collectionVersionMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'collection-version',
  create(down) {
    /** Transactions that have replaced the token already: once is enough. */
    const versioned = new WeakSet<DBCoreTransaction>();
    return {
      ...down,
      table(name) {
        const table = down.table(name);
        if (!VERSIONED_STORES.has(name)) return table;
        return {
          ...table,
          mutate(req) {
            if (versioned.has(req.trans) || !touchesCopies(name, req)) return table.mutate(req);
            const scope = (req.trans as Partial<IDBTransaction>).objectStoreNames;
            if (scope && !scope.contains('meta')) {
              return Promise.reject(
                new Error(
                  `A write to ${name} in a transaction without 'meta': the collection version must change with it (db/collection-version.ts)`,
                ),
              );
            }
            versioned.add(req.trans);
            // Issued before the write itself, in the same transaction: one commits with the other.
            const version = down.table('meta').mutate({
              type: 'put',
              trans: req.trans,
              values: [{ key: COLLECTION_VERSION_KEY, value: newCollectionVersion() }],
            });
            const write = table.mutate(req);
            return Promise.all([version, write]).then(([, result]) => result);
          },
        };
      },
    };
  },
};
