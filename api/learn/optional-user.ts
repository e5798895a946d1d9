// Middleware for public reads that say more to a signed-in reader (e.g. 'completed'): a present
// bearer token must be valid (401 otherwise, so the device refreshes it); no token is anonymous.
import { createMiddleware } from 'hono/factory';
import type { TokenVerifier } from '../auth/token-verifier';
import type { AppEnv } from '../http/app-env';
import { requireUser } from '../auth/require-user';

export function optionalUser(verifier: TokenVerifier) {
  const required = requireUser(verifier);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.req.header('Authorization')) return next();
    return required(c, next);
  });
}
