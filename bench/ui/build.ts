// Builds the app and its service worker into a private root (never the shared dist/), as the
// browser tests build it, for bench:ui and npm run screenshots.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildServiceWorker } from '../../scripts/build-sw';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds into `<root>/dist` (with Vite's manifest in dist/.vite/ when `manifest`); `root` then
 * serves as startServer's projectRoot.
 */
export async function buildAppInto(root: string, { manifest = false } = {}): Promise<void> {
  // Vite builds for whatever NODE_ENV says; the app collectors get is the production build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(projectRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: join(root, 'dist'), emptyOutDir: true, manifest },
    });
    // buildServiceWorker reads <root>/sw/sw.ts and writes <root>/dist/sw.js.
    symlinkSync(join(projectRoot, 'sw'), join(root, 'sw'), 'dir');
    await buildServiceWorker({ projectRoot: root, logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
