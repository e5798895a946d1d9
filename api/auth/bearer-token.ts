// Reads and verifies `Authorization: Bearer <Firebase ID token>`: the one place that turns a
// header into a user or into the 401 message, for required and optional sign-in alike.
import type { TokenVerifier } from './token-verifier';

export type BearerResult =
  { ok: true; uid: string; email: string | null } | { ok: false; error: string };

export async function verifyBearer(
  verifier: TokenVerifier,
  header: string | undefined,
): Promise<BearerResult> {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) return { ok: false, error: 'Sign-in required: missing bearer token' };
  try {
    const user = await verifier.verify(match[1]);
    return { ok: true, uid: user.uid, email: user.email };
  } catch (error) {
    const reason =
      error instanceof Error && /expired|expiration time/i.test(error.message)
        ? 'expired'
        : 'invalid';
    return { ok: false, error: `Sign-in required: the token is ${reason}` };
  }
}
