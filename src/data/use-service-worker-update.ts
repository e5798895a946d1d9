// React view of the service worker update flow: whether a new version waits, and how to apply it.
import { useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateReady, subscribeToUpdate } from '../sync/service-worker-registration';

export interface ServiceWorkerUpdate {
  updateReady: boolean;
  applyUpdate: () => void;
}

export function useServiceWorkerUpdate(): ServiceWorkerUpdate {
  const updateReady = useSyncExternalStore(subscribeToUpdate, isUpdateReady, () => false);
  return { updateReady, applyUpdate };
}
