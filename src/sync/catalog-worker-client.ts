// GET /api/catalog for the page through the catalogue worker, so the download's parse runs off the
// main thread; where a module worker cannot start, the same call is made in the page.
import type { CatalogCar } from '../shared/catalog/types';
import { createApiClient, type ApiClient } from './api-client';
import type { CatalogWorkerMessage, CatalogWorkerRequest } from './catalog-worker-protocol';

type GetCatalog = ApiClient['getCatalog'];
type Answer = Awaited<ReturnType<GetCatalog>>;

/** The worker could not run at all (no module workers, its script not loaded): not an answer. */
class WorkerUnavailable extends Error {}

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  heard: boolean;
  started: Extract<CatalogWorkerMessage, { type: 'start' }> | null;
  cars: CatalogCar[];
}

/**
 * One worker per page, kept once started (a catalogue check comes back on every 'online'): a
 * worker ended the moment it answered could end with its request still open for the browser's
 * own bookkeeping, and starting one per check costs its script each time.
 */
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: (request: Pending) => Error) {
  for (const [id, request] of pending) {
    pending.delete(id);
    request.reject(error(request));
  }
}

function startWorker(): Worker {
  const started = new Worker(new URL('./catalog-worker.ts', import.meta.url), { type: 'module' });
  started.onerror = (event) => {
    event.preventDefault();
    // A worker that failed to start or crashed is not reused; the next check starts another.
    if (worker === started) worker = null;
    started.terminate();
    failAll((request) =>
      request.heard
        ? new Error(event.message || 'catalogue worker failed')
        : new WorkerUnavailable(),
    );
  };
  started.onmessage = (event: MessageEvent<CatalogWorkerMessage>) => {
    const message = event.data;
    const request = pending.get(message.id);
    if (!request) return;
    request.heard = true;
    if (message.type === 'cars') {
      for (const car of message.cars) request.cars.push(car);
      return;
    }
    if (message.type === 'start') {
      request.started = message;
      return;
    }
    pending.delete(message.id);
    if (message.type === 'unchanged') request.resolve(null);
    else if (message.type === 'error') request.reject(new Error(message.message));
    else if (request.started) {
      const { version, sets, etag } = request.started;
      request.resolve({ catalog: { version, cars: request.cars, sets }, etag });
    } else request.reject(new Error('catalogue worker answered done before start'));
  };
  return started;
}

function inWorker(etag: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    try {
      worker ??= startWorker();
    } catch {
      return reject(new WorkerUnavailable());
    }
    const id = nextId++;
    pending.set(id, { resolve, reject, heard: false, started: null, cars: [] });
    const request: CatalogWorkerRequest = { id, etag };
    worker.postMessage(request);
  });
}

/** getCatalog through the worker, falling back to the page when no worker can run. */
export function workerCatalogApi(): Pick<ApiClient, 'getCatalog'> {
  const direct = createApiClient();
  return {
    async getCatalog(etag) {
      if (typeof Worker === 'undefined') return direct.getCatalog(etag);
      try {
        return await inWorker(etag);
      } catch (error) {
        if (error instanceof WorkerUnavailable) return direct.getCatalog(etag);
        throw error;
      }
    },
  };
}
