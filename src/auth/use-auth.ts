// The signed-in user for components.
import { useSyncExternalStore } from 'react';
import { authStore, type AuthSnapshot } from './auth-state';

export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(authStore.subscribe, authStore.get);
}
