// Builds the installable app (src/, entry src/index.html) into dist/, which the API also serves.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadFirstScreen } from './scripts/preload-first-screen.ts';

export default defineConfig({
  root: fileURLToPath(new URL('./src', import.meta.url)),
  // The manifest, icons and badge art (public/ beside src/, not the root's default src/public).
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), preloadFirstScreen('src/features/home/home-screen.tsx')],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
