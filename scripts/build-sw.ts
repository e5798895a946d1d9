// Builds the service worker into dist/sw.js after the app build and injects the precache manifest;
// then every text file of dist/ gets its compressed copies (the last step of every build).
import { resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { compressDist } from './compress-dist';

export interface ServiceWorkerBuild {
  /** Files in the precache manifest. */
  count: number;
  /** Their total size in bytes. */
  size: number;
  warnings: string[];
}

const defaultProjectRoot = fileURLToPath(new URL('..', import.meta.url));

/** Needs the app already built into `<projectRoot>/dist` (the manifest lists its files). */
export async function buildServiceWorker(
  options: { projectRoot?: string; logLevel?: 'info' | 'warn' | 'error' | 'silent' } = {},
): Promise<ServiceWorkerBuild> {
  const projectRoot = options.projectRoot ?? defaultProjectRoot;
  const distDir = resolve(projectRoot, 'dist');
  const swPath = resolve(distDir, 'sw.js');

  await build({
    configFile: false,
    root: projectRoot,
    publicDir: false,
    logLevel: options.logLevel ?? 'warn',
    // Workbox and the shared code branch on NODE_ENV; a worker has no `process`.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: distDir,
      // The app build is already in dist/: the worker is added beside it.
      emptyOutDir: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: resolve(projectRoot, 'sw/sw.ts'),
        // A classic script: module workers (`type: 'module'`) are not supported by every
        // browser the app targets, so one self-contained IIFE file.
        formats: ['iife'],
        name: 'diecastServiceWorker',
        fileName: () => 'sw.js',
      },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });

  const result = await injectManifest({
    swSrc: swPath,
    swDest: swPath,
    globDirectory: distDir,
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ico,woff2}'],
    globIgnores: ['sw.js', '**/*.map'],
    // Vite puts a content hash in every name under assets/, so the URL is already the revision.
    dontCacheBustURLsMatching: /^assets\//,
  });
  // After the manifest: the .br/.gz copies are not files the worker caches (it stores what the
  // server sends, decoded), and sw.js must be final before it is compressed.
  compressDist(distDir);
  return { count: result.count, size: result.size, warnings: result.warnings };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invokedDirectly) {
  const { count, size, warnings } = await buildServiceWorker({ logLevel: 'info' });
  for (const warning of warnings) console.warn(`sw: ${warning}`);
  console.log(
    `sw: dist/sw.js precaches ${count} files, ${(size / 1024).toFixed(1)} KiB (${size} bytes)`,
  );
}
