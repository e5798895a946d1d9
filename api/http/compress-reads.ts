// Reads are sent gzipped to a client that accepts it. GET /api/collection/get for a large
// collection is megabytes of JSON, pulled after every push that confirmed a change: at a fair on
// a slow 4G signal that was seconds of transfer per change. Writes are left alone: their
// answers are a few dozen bytes on the busiest path (docs/decisions/0011-gzip-reads.md).
//
// Not hono/compress: it can only skip small answers that state a Content-Length, which c.json
// does not, so every 404 would be gzipped too. A read's JSON is built whole anyway, so it is
// measured here, and compressed on libuv's threads (zlib.gzip), never on the event loop.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from './app-env';

const gzipAsync = promisify(gzip);

/** Below this many bytes a read is sent as it is (one packet either way). */
export const MIN_COMPRESSED_BYTES = 1400;
/** zlib's speed/size trade: level 5 is within a few % of the default's size, faster. */
const LEVEL = 5;

function compressible(res: Response): boolean {
  const type = res.headers.get('Content-Type');
  return (
    res.status !== 206 &&
    res.body !== null &&
    !res.headers.has('Content-Encoding') &&
    !res.headers.has('Transfer-Encoding') &&
    type !== null &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
  );
}

export function compressReads(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || !compressible(c.res)) return;
    const vary = c.res.headers.get('Vary');
    if (!/\baccept-encoding\b/i.test(vary ?? '')) {
      c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const wanted = accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: '' });
    if (wanted !== 'gzip') return;
    const body = new Uint8Array(await c.res.arrayBuffer());
    // Hono copies the old answer's headers onto the new one: no stale length may ride along.
    c.res.headers.delete('Content-Length');
    const headers = new Headers(c.res.headers);
    const answer = { status: c.res.status, statusText: c.res.statusText, headers };
    if (body.byteLength < MIN_COMPRESSED_BYTES) {
      headers.set('Content-Length', String(body.byteLength));
      c.res = new Response(body, answer);
      return;
    }
    const zipped = await gzipAsync(body, { level: LEVEL });
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(zipped.byteLength));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = new Response(zipped, answer);
  };
}
