// What every route can reach: the database, the clock and id source, and the signed-in user.
import type { Database } from '../db/database';
import type { TokenVerifier } from '../auth/token-verifier';

export interface AppDeps {
  db: Database;
  verifier: TokenVerifier;
  /** ISO timestamp; tests pin it. */
  now?: () => string;
  newId?: () => string;
}

export interface AppEnv {
  Variables: { userId: string; userEmail: string | null };
}
