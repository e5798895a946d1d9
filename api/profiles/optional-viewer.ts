// Middleware for public reads: who is looking, when a bearer token is sent (else null). A token
// that is sent but not valid answers 401 like requireUser, instead of quietly reading anonymously.
import { createMiddleware } from 'hono/factory';
import type { TokenVerifier } from '../auth/token-verifier';

export interface ViewerEnv {
  Variables: { viewerId: string | null };
}

export function optionalViewer(verifier: TokenVerifier) {
  return createMiddleware<ViewerEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    if (header === undefined) {
      c.set('viewerId', null);
      return next();
    }
    const match = header.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return c.json({ error: 'Sign-in required: malformed bearer token' }, 401);
    try {
      c.set('viewerId', (await verifier.verify(match[1])).uid);
    } catch (error) {
      const reason =
        error instanceof Error && /expired|expiration time/i.test(error.message)
          ? 'expired'
          : 'invalid';
      return c.json({ error: `Sign-in required: the token is ${reason}` }, 401);
    }
    await next();
  });
}
