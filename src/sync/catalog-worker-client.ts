// GET /api/catalog for the page through the catalogue worker, so the download's parse runs off the
// main thread; where a module worker cannot start, the same call is made in the page.
import type { CatalogCar } from '../shared/catalog/types';
import { createApiClient, type ApiClient } from './api-client';
import type { CatalogWorkerMessage } from './catalog-worker-protocol';

type GetCatalog = ApiClient['getCatalog'];

/** The worker could not run at all (no module workers, its script not loaded): not an answer. */
class WorkerUnavailable extends Error {}

function inWorker(etag: string | null): ReturnType<GetCatalog> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./catalog-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return reject(new WorkerUnavailable());
    }
    let started: Extract<CatalogWorkerMessage, { type: 'start' }> | null = null;
    let heard = false;
    const cars: CatalogCar[] = [];
    const finish = (settle: () => void) => {
      worker.terminate();
      settle();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(heard ? new Error(event.message) : new WorkerUnavailable()));
    };
    worker.onmessage = (event: MessageEvent<CatalogWorkerMessage>) => {
      heard = true;
      const message = event.data;
      if (message.type === 'unchanged') finish(() => resolve(null));
      else if (message.type === 'error') finish(() => reject(new Error(message.message)));
      else if (message.type === 'start') started = message;
      else if (message.type === 'cars') for (const car of message.cars) cars.push(car);
      else if (started) {
        const { version, sets, etag: newEtag } = started;
        finish(() => resolve({ catalog: { version, cars, sets }, etag: newEtag }));
      }
    };
    worker.postMessage({ etag });
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
