// The page's catalogue download, off its main thread: fetched and parsed here (parsing the whole
// catalogue's JSON is a long task on a phone, one that a tap would wait behind) and handed back
// in chunks, each a short task for the page to take in. Started once per page by
// catalog-worker-client.ts (docs/decisions/0002-catalogue-box-in-chunks.md).
import type { CatalogCar } from '../shared/catalog/types';
import { createApiClient } from './api-client';
import type { CatalogWorkerMessage, CatalogWorkerRequest } from './catalog-worker-protocol';

/** Cars per message: each is copied into the page in a task of its own. */
const CARS_PER_MESSAGE = 1000;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CatalogWorkerRequest>) => void) | null;
  postMessage(message: CatalogWorkerMessage): void;
};

const api = createApiClient();

scope.onmessage = (event) => {
  const { id, etag: sentEtag } = event.data;
  void (async () => {
    try {
      const answer = await api.getCatalog(sentEtag);
      if (!answer) return scope.postMessage({ id, type: 'unchanged' });
      const { catalog, etag } = answer;
      scope.postMessage({ id, type: 'start', version: catalog.version, sets: catalog.sets, etag });
      for (let at = 0; at < catalog.cars.length; at += CARS_PER_MESSAGE) {
        const cars: CatalogCar[] = catalog.cars.slice(at, at + CARS_PER_MESSAGE);
        scope.postMessage({ id, type: 'cars', cars });
      }
      scope.postMessage({ id, type: 'done' });
    } catch (error) {
      scope.postMessage({
        id,
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  })();
};
