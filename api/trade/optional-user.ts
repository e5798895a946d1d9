// Middleware for public reads (the trade board): a present bearer token is verified and names the
// user (their own offers show); no token reads anonymously; a bad token is 401 like elsewhere.
import { createMiddleware } from 'hono/factory';
import type { TokenVerifier } from '../auth/token-verifier';
import { requireUser } from '../auth/require-user';
import type { AppEnv } from '../http/app-env';

export function optionalUser(verifier: TokenVerifier) {
  const required = requireUser(verifier);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.header('Authorization') === undefined) {
      await next();
      return;
    }
    return required(c, next);
  });
}
