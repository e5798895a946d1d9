// Middleware: a valid Firebase ID token in `Authorization: Bearer …`, or 401 {error}.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env';
import { verifyBearer } from './bearer-token';
import type { TokenVerifier } from './token-verifier';

export function requireUser(verifier: TokenVerifier) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await verifyBearer(verifier, c.req.header('Authorization'));
    if (!result.ok) return c.json({ error: result.error }, 401);
    c.set('userId', result.uid);
    c.set('userEmail', result.email);
    await next();
  });
}
