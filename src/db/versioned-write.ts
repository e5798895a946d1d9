// A change's writes in one plain IndexedDB transaction that commits only if the collection is
// still at the version the writer computed them from (db/collection-version.ts). Nothing else is
// read: a Dexie transaction that reads first and then writes costs much more than the bare put,
// most of it the round of reads and Dexie's own work per request
// (docs/decisions/0003-change-as-one-plain-versioned-write.md).
//
// Dexie sees none of this, so the rows' watchers are told the way Dexie hears of another tab's
// commit (announceToThisContext, announceToOtherContexts): its cached answers for what changed
// are dropped and the watchers re-read, here, in the other tabs and in the worker.
import Dexie, { RangeSet, type IndexableType, type ObservabilitySet } from 'dexie';
import { CHANGE_DEADLINE_MS, withChangeDeadline } from './change-deadline';
import { COLLECTION_VERSION_KEY } from './collection-version';
import type { MetaRow } from './device-rows';

export type PlainWrite =
  | { store: string; put: unknown }
  | { store: string; add: unknown }
  | { store: string; delete: IDBValidKey };

/**
 * 'written' when every write committed; 'stale' when the version had moved (nothing written).
 * Throws what IndexedDB throws otherwise (nothing written either), and AppError
 * 'storage-stalled' past `deadlineMs` (db/change-deadline.ts: the transaction is aborted).
 */
export function writeIfVersion(
  db: Dexie,
  expected: string | null,
  writes: PlainWrite[],
  nextVersion: string,
  deadlineMs = CHANGE_DEADLINE_MS,
): Promise<'written' | 'stale'> {
  const stores = [...new Set(['meta', ...writes.map((write) => write.store)])];
  const tx = db.backendDB().transaction(stores, 'readwrite');
  const outcome = new Promise<'written' | 'stale'>((resolve, reject) => {
    let stale = false;
    tx.oncomplete = () => resolve('written');
    tx.onabort = () => (stale ? resolve('stale') : reject(tx.error ?? new Error('aborted')));
    // Requests run in the order they are made: this read sees the version before the writes,
    // and its answer comes before any of them can commit. No commit() once it passes: that
    // would save the page's round of answers, but Firefox ESR then commits the other writes when
    // a later one fails (the outbox entry's add), rows without their outbox entry: a change that
    // would never reach the server (docs/decisions/0004-no-commit-in-the-versioned-write.md,
    // test/e2e/indexeddb-atomic-write-on-every-engine.spec.ts).
    const check = tx.objectStore('meta').get(COLLECTION_VERSION_KEY);
    check.onsuccess = () => {
      if (((check.result as MetaRow | undefined)?.value ?? null) !== expected) {
        stale = true;
        tx.abort();
      }
    };
    for (const write of writes) {
      const store = tx.objectStore(write.store);
      if ('put' in write) store.put(write.put);
      else if ('add' in write) store.add(write.add);
      else store.delete(write.delete);
    }
    tx.objectStore('meta').put({
      key: COLLECTION_VERSION_KEY,
      value: nextVersion,
    } satisfies MetaRow);
  });
  return withChangeDeadline(outcome, deadlineMs, () => tx.abort());
}

/**
 * The name Dexie 4 gives its cross-context signal of committed writes: the DOM event it listens
 * for in each context and the BroadcastChannel between contexts (STORAGE_MUTATED_DOM_EVENT_NAME
 * in Dexie's source). Through it, Dexie drops the cached query answers the writes touch before
 * its watchers re-read; `Dexie.on.storagemutated.fire` alone would re-run them against the
 * cache. test/unit/sync/change-base.test.ts fails if a Dexie upgrade renames it.
 */
export const DEXIE_MUTATION_SIGNAL = 'x-storagemutated-1';

/**
 * The channel between contexts (tabs, the worker) for these writes: each context's one object
 * (plainWritesChannel) hears the others' and sends its own. Not Dexie's own channel: a
 * BroadcastChannel delivers to every other object of its name, this context's Dexie included,
 * and a second signal here aborts the watchers' re-reads and starts them over, delaying the
 * screen (docs/decisions/0005-watchers-told-early-on-our-own-channel.md).
 */
export const PLAIN_WRITES_CHANNEL = 'diecast-plain-writes';

let channel: BroadcastChannel | null = null;

function plainWritesChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  if (!channel) {
    channel = new BroadcastChannel(PLAIN_WRITES_CHANNEL);
    channel.onmessage = (event: MessageEvent<ObservabilitySet | null>) => {
      if (event.data) tellThisContext(event.data);
    };
    // Node (tests): a channel must not keep the process alive, as Dexie's does not.
    (channel as { unref?: () => void }).unref?.();
  }
  return channel;
}

/** Every context that opens the database hears the others' plain writes (garage-db.ts). */
export function listenForPlainWrites(): void {
  plainWritesChannel();
}

/**
 * This context's watchers, as if another tab had committed `changed`: Dexie drops its cached
 * answers for it (it updates them for its own commits only) and the watchers read again.
 * Without DOM events (Node), Dexie's event alone.
 */
function tellThisContext(changed: ObservabilitySet): void {
  if (typeof dispatchEvent === 'function' && typeof CustomEvent === 'function') {
    dispatchEvent(new CustomEvent(DEXIE_MUTATION_SIGNAL, { detail: changed }));
  } else {
    Dexie.on.storagemutated.fire(changed);
  }
}

/**
 * Tells this context's watchers (useLiveQuery) what `writes` change: each written key, and every
 * index of each written store (a watcher of an index range re-reads; telling it too much only
 * costs a re-read). Answers the same news for announceToOtherContexts.
 *
 * Called as soon as the writes' transaction is made (writeIfVersion returns), before it commits:
 * a watcher's re-read is a read-only transaction made after it with an overlapping scope, which
 * IndexedDB starts only once the write has committed or aborted. So the re-read sees what the
 * write left, never less, and its round trip and Dexie's work on it run while the write commits
 * instead of after it (docs/decisions/0005-watchers-told-early-on-our-own-channel.md). Should
 * the write abort, the re-read shows what was there.
 */
export function announceToThisContext(db: Dexie, writes: PlainWrite[]): ObservabilitySet {
  const changed = changedParts(db, writes);
  tellThisContext(changed);
  return changed;
}

/**
 * The other tabs and the worker, once the writes have committed: their re-reads are made when
 * the message arrives, which must not be before the commit.
 */
export function announceToOtherContexts(changed: ObservabilitySet): void {
  plainWritesChannel()?.postMessage(changed);
}

function changedParts(db: Dexie, writes: PlainWrite[]): ObservabilitySet {
  const parts = new Map<string, RangeSet>();
  const part = (store: string, index: string) => {
    const name = `idb://${db.name}/${store}/${index}`;
    const set = parts.get(name) ?? new RangeSet();
    parts.set(name, set);
    return set;
  };
  for (const write of writes) {
    const table = db.core.table(write.store);
    const key =
      'delete' in write
        ? write.delete
        : table.schema.primaryKey.extractKey?.('put' in write ? write.put : write.add);
    if (key === undefined) continue;
    part(write.store, '').addKey(key as IndexableType);
    part(write.store, ':dels').addKey(key as IndexableType);
    for (const index of table.schema.indexes) {
      if (index.name) part(write.store, index.name).add({ from: Dexie.minKey, to: Dexie.maxKey });
    }
  }
  return Object.fromEntries(parts);
}
