// Serves the built app from dist/ with the SPA fallback: every non-/api path gets index.html.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';

export function mountBuiltApp(app: Hono<AppEnv>, distDir: string): void {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  app.use('*', serveStatic({ root }));
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
