// Serves the built app from dist/ with the SPA fallback (every non-/api path gets index.html) and
// the cache headers the service worker's update flow relies on, and the shell's security headers.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { ClientConfig } from './client-config';
import { shellHeaders, type ShellHeaders } from './shell-headers';

/**
 * Files under assets/ carry a content hash in their name (Vite), so they never change; anything
 * else (index.html, sw.js, icons, the manifest) keeps its name across releases and must be
 * revalidated, or a browser would keep checking an old sw.js and never see an update.
 */
export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * A Content Security Policy governs a response only when the browser makes it a document or a
 * worker: the app's page (index.html, which every route falls back to: `file` undefined), an
 * HTML or SVG file opened on its own, the service worker. On a script, style or image it is inert.
 */
export function policyTakesEffect(file: string | undefined): boolean {
  return file === undefined || file === 'sw.js' || /\.(html|svg)$/i.test(file);
}

export function mountBuiltApp(
  app: Hono<AppEnv>,
  distDir: string,
  options: {
    clientConfig?: ClientConfig;
    /** Where catalogue photos come from now (a new catalogue may bring a new host). */
    photoOrigins?: () => Promise<readonly string[]>;
  } = {},
): void {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  // The photo hosts are read (a query) only for a response whose CSP takes effect; the other
  // files of a page load (its scripts, styles, icons: 100 on a worker's first install) carry the
  // policy last read, which is inert on them.
  let lastRead: ShellHeaders | null = null;
  const headersFor = async (file: string | undefined): Promise<ShellHeaders> => {
    if (lastRead && !policyTakesEffect(file)) return lastRead;
    const origins = options.photoOrigins ? await options.photoOrigins() : [];
    lastRead = shellHeaders(options.clientConfig, origins);
    return lastRead;
  };
  // serveStatic reports the file it found before its response is taken as the context's
  // response, so the header is set once it is (headers set earlier would be lost).
  const served = new WeakMap<Context, string>();
  app.use('*', async (c, next) => {
    await next();
    const file = served.get(c);
    if (file !== undefined) c.header('Cache-Control', cacheControlFor(file));
    // The shell only: /api answers are JSON (and the dev checkout page sets its own policy).
    if (c.req.path.startsWith('/api/')) return;
    const security = await headersFor(file);
    const headers = file === 'sw.js' ? security.serviceWorker : security.document;
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  });
  app.use(
    '*',
    serveStatic({
      root,
      // The build writes .br and .gz copies (scripts/compress-dist.ts): sent when accepted.
      precompressed: true,
      onFound: (path, c) => {
        served.set(c, relative(root, path).split(sep).join('/'));
      },
    }),
  );
  app.get('*', (c) => {
    if (!existsSync(indexPath)) {
      return c.text(
        'The app is not built yet: run `npm run build` (npm start does it for you).',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });
}
