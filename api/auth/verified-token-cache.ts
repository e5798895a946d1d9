// Remembers ID tokens already verified, for a few minutes at most, so a collector's stream of
// changes pays for decoding and checking (in production an RS256 signature and the account's
// status) once per window, not once per request: on a small change that check was a twentieth
// of the server's time. Only successes are kept, under the whole token (signature included),
// never longer than the verifier itself would accept it nor than RECHECK_AFTER_MS, so an account
// disabled or signed out everywhere stops working within that; a failure is checked every time.
import type { TokenVerifier, VerifiedUser } from './token-verifier';

/** Enough for every collector signed in to one server process over a token's hour. */
const DEFAULT_MAX_TOKENS = 10_000;

/**
 * How long a verified token is trusted before it is verified again (with a hosted project, that
 * includes asking Firebase whether the account is disabled or its tokens revoked).
 */
export const RECHECK_AFTER_MS = 5 * 60_000;

interface Remembered {
  user: VerifiedUser;
  /** Milliseconds since the epoch, after which the token is verified again. */
  until: number;
}

export function cachingVerifier(
  inner: TokenVerifier,
  options: { maxTokens?: number; now?: () => number } = {},
): TokenVerifier {
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const now = options.now ?? Date.now;
  const remembered = new Map<string, Remembered>();
  // A device opening the app sends several requests with one new token at once: they share one
  // verification (with a hosted project, one call to Firebase) instead of each making its own.
  const verifying = new Map<string, Promise<VerifiedUser>>();
  const verifyOnce = (idToken: string): Promise<VerifiedUser> => {
    let pending = verifying.get(idToken);
    if (!pending) {
      pending = inner.verify(idToken).finally(() => verifying.delete(idToken));
      verifying.set(idToken, pending);
    }
    return pending;
  };
  return {
    async verify(idToken) {
      const hit = remembered.get(idToken);
      if (hit && now() < hit.until) return hit.user;
      if (hit) remembered.delete(idToken);
      const user = await verifyOnce(idToken);
      if (user.validUntil !== undefined && now() < user.validUntil) {
        // A Map keeps insertion order: when full, the oldest token makes room.
        if (remembered.size >= maxTokens) {
          const oldest = remembered.keys().next();
          if (!oldest.done) remembered.delete(oldest.value);
        }
        remembered.set(idToken, {
          user,
          until: Math.min(user.validUntil, now() + RECHECK_AFTER_MS),
        });
      }
      return user;
    },
  };
}
