// The origin collectors reach this server at, for the provider's return URLs. Behind a
// TLS-terminating proxy the request arrives as http: the proxy's X-Forwarded-Proto says https.
import type { Context } from 'hono';

export function publicOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  if (forwarded === 'https' || forwarded === 'http') url.protocol = `${forwarded}:`;
  return url.origin;
}
