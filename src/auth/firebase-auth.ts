// One Firebase Auth instance per context (page or service worker), persisted in IndexedDB so
// both see the same signed-in user, offline too.
import { getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { ClientConfig } from './client-config';

let auth: Auth | null = null;

/**
 * The worker cannot use the popup/redirect resolver (no window), so both contexts start Auth
 * with IndexedDB persistence only; the page adds its resolver when it signs in with Google.
 */
export function firebaseAuth(config: ClientConfig): Auth {
  if (auth) return auth;
  const app = getApps()[0] ?? initializeApp(config.firebase);
  auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
  if (config.authEmulatorHost) {
    connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
  }
  return auth;
}
