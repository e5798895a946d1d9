// The server's sign-in config (GET /api/config), kept on the device so sign-in state and the
// service worker's tokens work with no network.
import type { GarageDb } from '../db/garage-db';
import { apiFetch } from '../sync/api-fetch';

export interface ClientConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorHost: string | null;
}

const KEY = 'clientConfig';

function isClientConfig(value: unknown): value is ClientConfig {
  const v = value as Partial<ClientConfig> | null;
  return typeof v?.firebase?.apiKey === 'string' && typeof v.firebase.projectId === 'string';
}

/** The fresh config when the server answers, else the one stored last time, else null. */
export async function loadClientConfig(
  db: GarageDb,
  fetcher?: typeof fetch,
): Promise<ClientConfig | null> {
  try {
    const response = await apiFetch('/api/config', { cache: 'no-cache' }, { fetcher });
    if (response.ok) {
      const config: unknown = await response.json();
      if (isClientConfig(config)) {
        await db.meta.put({ key: KEY, value: config });
        return config;
      }
    }
  } catch {
    // Offline, or our API did not answer (a portal): fall back to the stored copy.
  }
  return storedClientConfig(db);
}

export async function storedClientConfig(db: GarageDb): Promise<ClientConfig | null> {
  const row = await db.meta.get(KEY);
  return isClientConfig(row?.value) ? row.value : null;
}
