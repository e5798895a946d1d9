// What every route can reach: the database, the clock and id source, and the signed-in user,
// plus the edges of the machine (photo storage, push, payments) behind small interfaces.
import type { Database } from '../db/database';
import type { TokenVerifier } from '../auth/token-verifier';
import type { ClientConfig } from '../runtime/client-config';
import type { WriteBudget } from './write-budget';
import type { RateLimiter } from './rate-limiter';
import type { Turns } from './fair-share';
import type { Notifier } from '../push/notifier';
import type { PhotoStore } from '../posts/photo-store';
import type { PhotoQuota } from '../posts/photo-quota';
import type { PaymentProvider } from '../premium/payment-provider';

export interface AppDeps {
  db: Database;
  verifier: TokenVerifier;
  /** ISO timestamp; tests pin it. */
  now?: () => string;
  newId?: () => string;
  /** Served at GET /api/config for the device's Firebase sign-in. */
  clientConfig?: ClientConfig;
  /** Production mode (from the parsed env): e.g. push endpoints on the push services' hosts only. */
  production?: boolean;
  /** Tests only (PUSH_ALLOW_LOOPBACK_FOR_TESTS): push endpoints on this machine are accepted. */
  allowLoopbackPush?: boolean;
  /** Every write is drawn from the collector's budget in work units; absent: unlimited (tests). */
  writeBudget?: WriteBudget;
  /** A few requests of each caller worked on at once, the rest wait (fair-share.ts); absent: all. */
  turns?: Turns;
  /** Heavy reads drawn from each collector's read budget (read-limits.ts); absent: unlimited. */
  readBudget?: RateLimiter;
  /** Requests without an account drawn from their address's budget; absent: unlimited. */
  anonymousReads?: RateLimiter;
  /** Reverse proxies in front (TRUSTED_PROXIES): whose X-Forwarded-For entry names the client. */
  trustedProxies?: number;
  /** A 429 over the budget is held this long before it is sent (at most Retry-After); 0: at once. */
  refusalHoldMs?: number;
  /** Sends a push message to a user's devices; absent: nothing is sent. */
  notifier?: Notifier;
  /** Where uploaded photo bytes live; absent: photo upload answers 503. */
  photoStore?: PhotoStore;
  /** Photos per collector (count and bytes); absent: DEFAULT_PHOTO_QUOTA. */
  photoQuota?: PhotoQuota;
  /** Checkout and its events; absent: /api/premium checkout answers 503. */
  paymentProvider?: PaymentProvider;
}

export interface AppEnv {
  /** userId/userEmail: set by requireUser; viewerId: by optionalViewer (null: a visitor). */
  Variables: { userId: string; userEmail: string | null; viewerId: string | null };
}
