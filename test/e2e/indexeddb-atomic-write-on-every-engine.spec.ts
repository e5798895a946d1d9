// What a change's plain write (src/db/versioned-write.ts) relies on, on Chromium, Firefox ESR and
// WebKitGTK: the version read first, the writes queued behind it, and a write that fails (the
// outbox entry's add, its key taken) aborting them all, so a change's rows never land without
// its outbox entry. It also reports what the same write does when commit() is called once the
// version read passes, which would save a round of answers to the page: on Firefox ESR 153 the
// other writes then commit (the spec says an error while committing aborts), which is why the
// app does not call it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../fixtures/engines/launch-engine';
import { engineForBlock } from '../fixtures/engines/engine-per-block';

interface WriteOutcome {
  outcome: 'complete' | 'abort';
  commitAsked: boolean;
  /** The failed request's error: the transaction's own is null on Firefox and WebKit. */
  requestError: string | null;
}

interface Observed {
  failing: WriteOutcome;
  afterFailing: { row: boolean; version: string };
  passing: WriteOutcome;
  afterPassing: { row: boolean; version: string };
}

/**
 * Runs in the page: a fresh database, then the write's shape twice (a taken key, a free one),
 * with or without commit() after the version read.
 */
async function writeTwice(withCommit: boolean): Promise<Observed> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(`commit-check-${Math.random()}`, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('rows', { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  const done = (tx: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new Error('aborted'));
    });
  const seed = db.transaction('rows', 'readwrite');
  seed.objectStore('rows').put({ id: 'version', value: 'v1' });
  seed.objectStore('rows').put({ id: 'taken' });
  await done(seed);

  // As writeIfVersion: the version read first, the writes queued behind it, the version last.
  const write = (entryKey: string) =>
    new Promise<WriteOutcome>((resolve) => {
      const tx = db.transaction('rows', 'readwrite');
      const rows = tx.objectStore('rows');
      let commitAsked = false;
      let requestError: string | null = null;
      tx.onerror = (event) => (requestError ??= (event.target as IDBRequest).error?.name ?? null);
      tx.oncomplete = () => resolve({ outcome: 'complete', commitAsked, requestError });
      tx.onabort = () => resolve({ outcome: 'abort', commitAsked, requestError });
      const check = rows.get('version');
      check.onsuccess = () => {
        if ((check.result as { value: string }).value !== 'v1') return tx.abort();
        if (!withCommit) return;
        tx.commit();
        commitAsked = true;
      };
      rows.put({ id: `row-${entryKey}` });
      rows.add({ id: entryKey });
      rows.put({ id: 'version', value: `after-${entryKey}` });
    });
  const read = async (entryKey: string) => {
    const tx = db.transaction('rows', 'readonly');
    const row = tx.objectStore('rows').get(`row-${entryKey}`);
    const version = tx.objectStore('rows').get('version');
    await done(tx);
    return { row: row.result !== undefined, version: (version.result as { value: string }).value };
  };
  const failing = await write('taken');
  const afterFailing = await read('taken');
  const passing = await write('free');
  const afterPassing = await read('free');
  db.close();
  return { failing, afterFailing, passing, afterPassing };
}

let server: Server;
let pageUrl: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>IndexedDB commit</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe.each(ENGINES)('a plain IndexedDB write on %s', (engine) => {
  const session = engineForBlock(engine);

  it('a write that fails takes the others with it; a passing one commits them all', async () => {
    const page = await session().newPage();
    try {
      await page.goto(pageUrl);
      const observed = await page.evaluate(writeTwice, false);
      expect(observed.failing).toEqual({
        outcome: 'abort',
        commitAsked: false,
        requestError: 'ConstraintError',
      });
      expect(observed.afterFailing).toEqual({ row: false, version: 'v1' });
      expect(observed.passing).toEqual({
        outcome: 'complete',
        commitAsked: false,
        requestError: null,
      });
      expect(observed.afterPassing).toEqual({ row: true, version: 'after-free' });

      // Not asserted (an engine's fix must not turn the suite red): why the app does not call it.
      const withCommit = await page.evaluate(writeTwice, true);
      const atomic = withCommit.failing.outcome === 'abort' && !withCommit.afterFailing.row;
      console.info(
        `[${engine}] with commit() after the version read, a failed write ${atomic ? 'aborts them all' : 'leaves the others committed'}`,
      );
    } finally {
      await page.close();
    }
  }, 60_000);
});
