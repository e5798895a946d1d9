// Who a request without an account comes from, for the per-address limits (read-limits.ts,
// fair-share.ts): the connection's address, or behind reverse proxies the address the outermost
// of them saw. Each proxy appends the address it was reached from to X-Forwarded-For, so with N
// trusted proxies that is the Nth entry from the end; anything before it a client may have
// written itself, so it is never read.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The connection's own address; 'unknown' where there is none (app.request() in tests). */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies <= 0) return socketAddress(c);
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Fewer entries than proxies: the request came past some of them; the first is the client's.
  const seen = forwarded[Math.max(0, forwarded.length - trustedProxies)];
  return seen !== undefined && isIP(seen) !== 0 ? seen : socketAddress(c);
}
