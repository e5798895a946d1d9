// Remembers ID tokens already verified, each until it expires, so a collector's stream of
// changes pays for decoding and checking (in production an RS256 signature) once per token,
// not once per request: on a small change that check was a twentieth of the server's time.
// Only successes are kept, under the whole token (signature included), and none is kept longer
// than the verifier itself would accept it; a token that fails is checked again every time.
import type { TokenVerifier, VerifiedUser } from './token-verifier';

/** Enough for every collector signed in to one server process over a token's hour. */
const DEFAULT_MAX_TOKENS = 10_000;

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
  return {
    async verify(idToken) {
      const hit = remembered.get(idToken);
      if (hit && now() < hit.until) return hit.user;
      if (hit) remembered.delete(idToken);
      const user = await inner.verify(idToken);
      if (user.validUntil !== undefined && now() < user.validUntil) {
        // A Map keeps insertion order: when full, the oldest token makes room.
        if (remembered.size >= maxTokens) {
          const oldest = remembered.keys().next();
          if (!oldest.done) remembered.delete(oldest.value);
        }
        remembered.set(idToken, { user, until: user.validUntil });
      }
      return user;
    },
  };
}
