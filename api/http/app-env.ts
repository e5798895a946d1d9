// What every route can reach: the database, the clock and id source, and the signed-in user.
import type { Database } from '../db/database';
import type { TokenVerifier } from '../auth/token-verifier';
import type { ClientConfig } from '../routes/client-config';

export interface AppDeps {
  db: Database;
  verifier: TokenVerifier;
  /** ISO timestamp; tests pin it. */
  now?: () => string;
  newId?: () => string;
  /** Served at GET /api/config for the device's Firebase sign-in. */
  clientConfig?: ClientConfig;
}

export interface AppEnv {
  Variables: { userId: string; userEmail: string | null };
}
