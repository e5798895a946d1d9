// Middleware: a valid Firebase ID token in `Authorization: Bearer …`, or 401 {error}.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import type { TokenVerifier } from './token-verifier';

export function requireUser(verifier: TokenVerifier) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) {
      return c.json({ error: 'Sign-in required: missing bearer token' }, 401);
    }
    try {
      const user = await verifier.verify(match[1]);
      c.set('userId', user.uid);
      c.set('userEmail', user.email);
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
