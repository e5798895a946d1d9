// Verifies Firebase ID tokens: Google-signed in production, the emulator's unsigned ones locally.
import { Auth, type KeyStorer } from 'firebase-auth-cloudflare-workers';
import type { AccountCheck } from './account-status';
import { cachingVerifier } from './verified-token-cache';

export interface VerifiedUser {
  uid: string;
  email: string | null;
  /**
   * Milliseconds since the epoch until which this verifier would still accept the same token
   * (its expiry, less the verifier's clock tolerance); absent: not to be remembered.
   */
  validUntil?: number;
}

/**
 * The library accepts a token while `floor(now) + 5 <= exp` (seconds; 5 is its clock skew): a
 * remembered one is let go at `exp - 5`, a second earlier, so no answer outlives the check.
 */
const EXPIRY_MARGIN_SECONDS = 5;

export interface TokenVerifier {
  verify(idToken: string): Promise<VerifiedUser>;
}

/** Google's public signing keys, cached in this process for as long as Google says. */
class MemoryKeyStore implements KeyStorer {
  private value: string | null = null;
  private expiresAt = 0;

  async get<ExpectedValue = unknown>(): Promise<ExpectedValue | null> {
    if (this.value === null || Date.now() >= this.expiresAt) return null;
    return JSON.parse(this.value) as ExpectedValue;
  }

  async put(value: string, expirationTtl: number): Promise<void> {
    this.value = value;
    this.expiresAt = Date.now() + expirationTtl * 1000;
  }
}

export function createTokenVerifier(options: {
  projectId: string;
  /** Set only for the Auth emulator; then unsigned tokens are accepted (never in production). */
  emulatorHost?: string | undefined;
  /** Asked after the token itself checks out: may its account still act (account-status.ts)? */
  accountCheck?: AccountCheck;
  /** The verified-token cache's clock (tests). */
  now?: () => number;
}): TokenVerifier {
  // The library keeps one Auth per process; the project id is fixed for the process anyway.
  const auth = Auth.getOrInitialize(options.projectId, new MemoryKeyStore());
  const env = options.emulatorHost
    ? { FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost }
    : undefined;
  return cachingVerifier(
    {
      async verify(idToken) {
        // Audience, issuer, expiry and auth_time are checked for emulator tokens too.
        const decoded = await auth.verifyIdToken(idToken, false, env);
        await options.accountCheck?.(idToken, decoded.auth_time);
        return {
          uid: decoded.uid,
          email: typeof decoded.email === 'string' ? decoded.email : null,
          validUntil: (decoded.exp - EXPIRY_MARGIN_SECONDS) * 1000,
        };
      },
    },
    { now: options.now },
  );
}
