// The page's catalogue download, off its main thread: fetched and parsed here (parsing ~5 MB of
// JSON is a long task on a phone, one that a tap would wait behind) and handed back in chunks,
// each a short task for the page to take in. Started by catalog-worker-client.ts.
import type { CatalogCar } from '../shared/catalog/types';
import { createApiClient } from './api-client';
import type { CatalogWorkerMessage } from './catalog-worker-protocol';

/** Cars per message: each is copied into the page in a task of its own. */
const CARS_PER_MESSAGE = 1000;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ etag: string | null }>) => void) | null;
  postMessage(message: CatalogWorkerMessage): void;
};

scope.onmessage = (event) => {
  void (async () => {
    try {
      const answer = await createApiClient().getCatalog(event.data.etag);
      if (!answer) return scope.postMessage({ type: 'unchanged' });
      const { catalog, etag } = answer;
      scope.postMessage({ type: 'start', version: catalog.version, sets: catalog.sets, etag });
      for (let at = 0; at < catalog.cars.length; at += CARS_PER_MESSAGE) {
        const cars: CatalogCar[] = catalog.cars.slice(at, at + CARS_PER_MESSAGE);
        scope.postMessage({ type: 'cars', cars });
      }
      scope.postMessage({ type: 'done' });
    } catch (error) {
      scope.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  })();
};
