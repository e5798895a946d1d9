// Middleware for public reads: a request without a token is a visitor (userId ''); a present
// token must be valid (401 otherwise), so 'liked by me' is never silently wrong.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import type { TokenVerifier } from '../auth/token-verifier';
import { requireUser } from '../auth/require-user';

export function optionalUser(verifier: TokenVerifier) {
  const required = requireUser(verifier);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.header('Authorization') === undefined) {
      c.set('userId', '');
      c.set('userEmail', null);
      await next();
      return;
    }
    return required(c, next);
  });
}

/** The signed-in viewer, or null for a visitor. */
export const viewerOf = (userId: string): string | null => (userId === '' ? null : userId);
