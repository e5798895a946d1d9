// Global setup for browser tests: build the app once so the real server can serve dist/.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export async function setup() {
  await build({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  });
}
