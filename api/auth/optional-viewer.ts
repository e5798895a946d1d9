// Middleware for public reads that say more to a signed-in reader ('liked by me', my offers, my
// rank): `viewerId` is the reader, or null with no Authorization header. A token that is sent
// but not valid answers 401 like requireUser, never a quiet anonymous read (the device then
// refreshes its token instead of showing a wrong 'not liked').
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import { verifyBearer } from './bearer-token';
import type { TokenVerifier } from './token-verifier';

export function optionalViewer(verifier: TokenVerifier) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    if (header === undefined) {
      c.set('viewerId', null);
      return next();
    }
    const result = await verifyBearer(verifier, header);
    if (!result.ok) return c.json({ error: result.error }, 401);
    c.set('viewerId', result.uid);
    await next();
  });
}
