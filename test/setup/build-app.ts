// Global setup for browser tests: build the app and its service worker once so the real server
// can serve dist/.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildServiceWorker } from '../../scripts/build-sw';

export async function setup() {
  // Vitest sets NODE_ENV=test and Vite builds for whatever NODE_ENV says: without this the
  // browser tests would run React's development bundle with import.meta.env.DEV true (so no
  // service worker), not the app collectors get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      logLevel: 'warn',
    });
    await buildServiceWorker();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
