// Part A of bench:sync: 1,000 queued add-car-instance changes replayed through the batch outbox
// (the app's replayer, Dexie on fake IndexedDB, sync/push, rebase) vs one POST per change.
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { GarageDb } from '../../src/db/garage-db';
import { type OutboxRow } from '../../src/db/device-rows';
import { createApiClient } from '../../src/sync/api-client';
import { applyLocalChange, rebaseOnSnapshot } from '../../src/local-store';
import { dexieOutboxPort, httpServerPort } from '../../src/sync/outbox-ports';
import { createReplayer } from '../../src/sync/replayer';
import { DEVICE_PUSH_CHUNK_ENTRIES } from '../../src/shared/sync/push-contract';
import type { Catalog, CatalogCar } from '../../src/shared/catalog/types';
import { signUpTestUser, type TestUser } from '../../test/fixtures/auth';

export interface ReplayFigures {
  changes: number;
  /** Applying the 1,000 local changes on the device (fake IndexedDB), before any replay. */
  queueMs: number;
  batch: {
    /** replay() call → outbox empty and the rebase on the server snapshot written. */
    convergedMs: number;
    /** Of which: from replay start to the last push answered (the rest is the rebase). */
    pushedMs: number;
    /** Where the converged time went: time inside each port, summed. */
    breakdown: {
      /** server.push: HTTP round trips of sync/push, the server's work included. */
      pushMs: number;
      /** outbox.pending/confirm/count on the device (fake IndexedDB in Node). */
      outboxMs: number;
      /** GET collection/get + profile/me for the rebase. */
      snapshotMs: number;
      /** rebaseOnSnapshot on the device. */
      rebaseMs: number;
    };
    requests: number;
    pushRequests: number;
    chunkSize: number;
    confirmed: number;
  };
  perRequest: { ms: number; requests: number; allOk: boolean };
  /** perRequest.ms / batch.convergedMs */
  speedup: number;
  /** The server and both devices ended with exactly the 1,000 instances. */
  verified: boolean;
}

/** One car per change, spread over the catalogue (7919 is coprime with its size: no repeats). */
function pickCars(cars: CatalogCar[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => (cars[(i * 7919) % cars.length] as CatalogCar).id);
}

function countingFetch(counter: { requests: number }): typeof fetch {
  return (input, init) => {
    counter.requests++;
    return fetch(input, init);
  };
}

async function serverInstanceCount(baseUrl: string, user: TestUser): Promise<number> {
  const collection = await createApiClient(baseUrl).getCollection(user.idToken);
  return collection.ownedCars.reduce((sum, car) => sum + car.instances.length, 0);
}

/**
 * Both paths once on a throwaway user, so neither pays the server's warm-up (JIT, PGlite's
 * caches): cold, the first 200-change pushes take 3-5x longer than warm ones, and whichever path
 * ran first would be charged for it.
 */
async function warmUp(baseUrl: string, carIds: string[]) {
  const user = await signUpTestUser();
  const api = createApiClient(baseUrl);
  for (let i = 0; i < 200; i++) {
    const response = await fetch(`${baseUrl}/api/collection/add-car-instance`, {
      method: 'POST',
      headers: { ...user.headers, 'Idempotency-Key': `warm:${i}` },
      body: JSON.stringify({ carId: carIds[i], details: {} }),
    });
    await response.arrayBuffer();
  }
  for (let start = 0; start < carIds.length; start += DEVICE_PUSH_CHUNK_ENTRIES) {
    const mutations = carIds.slice(start, start + DEVICE_PUSH_CHUNK_ENTRIES).map((carId, i) => ({
      key: `warm:push:${start + i}`,
      name: 'collection/add-car-instance',
      args: { carId, details: {} },
    }));
    await api.push(user.idToken, mutations);
  }
  await Promise.all([api.getCollection(user.idToken), api.getProfile(user.idToken)]);
}

export async function benchReplay(baseUrl: string, changes = 1000): Promise<ReplayFigures> {
  const catalog = (await (await fetch(`${baseUrl}/api/catalog`)).json()) as Catalog;
  const carIds = pickCars(catalog.cars, changes);
  await warmUp(baseUrl, carIds);

  // The device: its own Dexie database on fake IndexedDB, holding the server's catalogue.
  const db = new GarageDb(`bench-device-${randomUUID()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  });
  await db.catalog.replace(catalog);
  const batchUser = await signUpTestUser();

  const queueStart = performance.now();
  for (const carId of carIds) {
    await applyLocalChange(db, batchUser.uid, 'collection/add-car-instance', {
      carId,
      details: {},
    });
  }
  const queueMs = performance.now() - queueStart;
  const queued: OutboxRow[] = await db.outbox.orderBy('[userId+seq]').toArray();

  const counter = { requests: 0 };
  const api = createApiClient(baseUrl, countingFetch(counter));
  const breakdown = { pushMs: 0, outboxMs: 0, snapshotMs: 0, rebaseMs: 0 };
  const timed = async <T>(part: keyof typeof breakdown, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      breakdown[part] += performance.now() - start;
    }
  };
  const outbox = dexieOutboxPort(db);
  const server = httpServerPort(api, { db });
  let pushedAt = 0;
  const replayer = createReplayer({
    outbox: {
      pending: (userId, limit) => timed('outboxMs', () => outbox.pending(userId, limit)),
      confirm: (keys) => timed('outboxMs', () => outbox.confirm(keys)),
      reject: (entry, error) => timed('outboxMs', () => outbox.reject(entry, error)),
      strike: (entry, error) => timed('outboxMs', () => outbox.strike(entry, error)),
      setAside: (entry, error) => timed('outboxMs', () => outbox.setAside(entry, error)),
      count: (userId) => timed('outboxMs', () => outbox.count(userId)),
    },
    identity: {
      currentUserId: async () => batchUser.uid,
      idToken: async () => batchUser.idToken,
    },
    server: { push: (token, mutations) => timed('pushMs', () => server.push(token, mutations)) },
    async refreshFromServer(userId) {
      pushedAt = performance.now();
      const [collection, profile] = await timed('snapshotMs', () =>
        Promise.all([api.getCollection(batchUser.idToken), api.getProfile(batchUser.idToken)]),
      );
      await timed('rebaseMs', () => rebaseOnSnapshot(db, userId, { collection, profile }));
    },
    withLock: (fn) => fn(),
  });

  const batchStart = performance.now();
  const outcome = await replayer.replay('bench');
  const convergedMs = performance.now() - batchStart;
  replayer.dispose();
  const left = await db.outbox.count();
  if (outcome.stoppedBy !== 'empty' || left !== 0) {
    throw new Error(`batch replay did not converge: ${JSON.stringify(outcome)}, ${left} left`);
  }
  const localInstances = (await db.ownedCars.toArray()).reduce(
    (sum, row) => sum + row.instances.length,
    0,
  );

  // Per request: a fresh user, the same changes in order, one POST each with its own key.
  const perUser = await signUpTestUser();
  let perRequests = 0;
  let allOk = true;
  const perStart = performance.now();
  for (const entry of queued) {
    const response = await fetch(`${baseUrl}/api/${entry.name}`, {
      method: 'POST',
      headers: { ...perUser.headers, 'Idempotency-Key': entry.key },
      body: JSON.stringify(entry.args),
    });
    perRequests++;
    await response.arrayBuffer();
    if (response.status !== 200) allOk = false;
  }
  const perMs = performance.now() - perStart;

  const [batchServer, perServer] = await Promise.all([
    serverInstanceCount(baseUrl, batchUser),
    serverInstanceCount(baseUrl, perUser),
  ]);
  await db.delete();
  return {
    changes,
    queueMs,
    batch: {
      convergedMs,
      pushedMs: pushedAt - batchStart,
      breakdown,
      requests: counter.requests,
      pushRequests: outcome.requests,
      chunkSize: DEVICE_PUSH_CHUNK_ENTRIES,
      confirmed: outcome.confirmed,
    },
    perRequest: { ms: perMs, requests: perRequests, allOk },
    speedup: perMs / convergedMs,
    verified:
      outcome.confirmed === changes &&
      localInstances === changes &&
      batchServer === changes &&
      perServer === changes,
  };
}
