// `Cache-Control: private, no-store` on every /api answer to a request that carried a token, and
// on every sign-in refusal: such an answer is one collector's (their profile, 'liked by me'),
// and no browser cache, proxy or CDN may keep it or hand it to the next person on that device or
// network. Anonymous answers keep their own caching (the catalogue's ETag, photos' immutable).
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function privateAnswers() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    // Set after the handler and onError have made the answer, so errors are covered too.
    if (c.req.header('Authorization') !== undefined || c.res.status === 401) {
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    }
  });
}
