// Builds what bench:sync serves into a private root (never the shared dist/): the app, as the
// browser tests build it, plus the bench-only page under dist/bench-sync/.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { buildServiceWorker } from '../../scripts/build-sw';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_PAGE_PATH = '/bench-sync/index.html';

/** Vite builds for whatever NODE_ENV says; the app collectors get is the production build. */
async function inProduction<T>(run: () => Promise<T>): Promise<T> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await run();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** With `manifest`, Vite's manifest goes to dist/.vite/ (bench:ui reads the first screen's JS there). */
export async function buildBenchRoot(root: string, { manifest = false } = {}): Promise<void> {
  await inProduction(async () => {
    // The app: the same build as test/setup/build-app.ts, into root/dist instead of ./dist.
    await build({
      configFile: join(projectRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: join(root, 'dist'), emptyOutDir: true, manifest },
    });
    // buildServiceWorker reads <root>/sw/sw.ts and writes <root>/dist/sw.js.
    symlinkSync(join(projectRoot, 'sw'), join(root, 'sw'), 'dir');
    await buildServiceWorker({ projectRoot: root, logLevel: 'warn' });
    await build({
      configFile: false,
      root: fileURLToPath(new URL('./page', import.meta.url)),
      base: '/bench-sync/',
      publicDir: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: join(root, 'dist', 'bench-sync'), emptyOutDir: true, sourcemap: false },
    });
  });
}
