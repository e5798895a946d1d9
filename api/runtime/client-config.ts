// The device's sign-in config (served at GET /api/config), from the validated environment.
import type { Env } from '../env';

export interface ClientConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** 'host:port' of the Auth emulator the device must talk to, or null for hosted Firebase. */
  authEmulatorHost: string | null;
}

export function clientConfigFor(env: Env, emulatorHost: string | undefined): ClientConfig {
  return {
    firebase: {
      // The emulator takes any API key; a hosted project needs its real web config.
      apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: env.FIREBASE_PROJECT_ID,
    },
    authEmulatorHost: emulatorHost ?? null,
  };
}
