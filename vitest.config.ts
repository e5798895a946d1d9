// Test projects: unit (pure, fake IndexedDB), api (app.request against SQL + the Auth emulator),
// e2e (real server + Chromium). `npm test` runs all three after typecheck and lint.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/setup/auth-emulator.ts'],
    // Vitest's default is one worker less than the cores (one on a 2-core machine), and files
    // that cannot share a worker run after all the others. Most of a test's time here is spent
    // waiting (on the Auth emulator, a browser, a retry timer), so two workers take every file,
    // browser specs included, side by side: the suite's time is about its longest lane, not
    // the sum of all files. Three were tried: the gain was within the machine's noise, and in
    // each run with three, one offline add clicked in a browser spec never reached the outbox.
    // Not raised until that is understood (docs/decisions/0014-two-test-workers.md).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Unit files share their worker's modules too (a test that needs a fresh module must
          // reset it itself): each file no longer loads them afresh
          // (docs/decisions/0015-test-files-share-their-workers-modules.md).
          isolate: false,
          setupFiles: ['test/setup/indexeddb-global.ts'],
          testTimeout: 30_000,
          // A few unit files open PGlite, slow beside browser specs
          // (docs/decisions/0017-test-waits-for-a-loaded-machine.md).
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          // test/api-postgres needs a real PostgreSQL (several processes on one database): it
          // joins the suite in .ci/run's PostgreSQL pass, which sets TEST_DATABASE_URL.
          include: [
            'test/api/**/*.test.ts',
            ...(process.env.TEST_DATABASE_URL ? ['test/api-postgres/**/*.test.ts'] : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // API files share their workers' module graph instead of each starting afresh: every
          // file still opens its own database, but PGlite's WebAssembly is compiled and the app's
          // modules are loaded once per worker, not once per file
          // (docs/decisions/0015-test-files-share-their-workers-modules.md). No API test sets
          // globals, env or timers for the next file; devices keep apart by database name. The
          // worker's databases all start from one migrated dump
          // (test/fixtures/migrated-database.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          globalSetup: ['test/setup/build-app.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser on a slow machine activates its worker and answers IndexedDB slowly
          // (docs/decisions/0017-test-waits-for-a-loaded-machine.md): every expect.poll waits on
          // real state for up to 30 s by default.
          expect: { poll: { timeout: 30_000, interval: 100 } },
          // Browser files share their worker's modules as the API files do: each still starts
          // its own server (its data folder from the worker's migrated dump) and browser.
          isolate: false,
        },
      },
    ],
  },
});
