// `node --import tsx bench/ui/profile-collection.ts [srcRoot...]`: where /collection's first
// render goes with 10,000 cars. Seeds once per source tree (e.g. a `git archive` of the last
// commit beside the working tree), then alternates between the trees (same machine, same moment:
// a fair before/after) taps on 'My Collection' (first rows, whole list) and cold loads, and
// times raw IndexedDB reads of the stores the screen uses. MARKS=1 prints the page's performance
// marks after each tap; PROFILE=1 writes a CPU profile of the last one; MINIFY=0 keeps names;
// SETTLE_MS (default 800) is how long after /home opens the tap comes.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parseEnv } from '../../api/env';
import { startAuthEmulator } from '../../api/runtime/auth-emulator';
import { startServer } from '../../api/runtime/start-server';
import { BADGE_IDS } from '../../src/shared/profile/badges';
import { launchChromium } from '../../test/fixtures/chromium';
import { importBenchCatalogue } from '../sync/catalogue';
import {
  addCars,
  catalogueCarIds,
  catalogueVersion,
  createCollector,
  pushMutations,
  signIn,
  waitUntil,
} from './app-session';
import { installProbes, navigateToCollection } from './measure';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const ROW = 'main [data-car-id]';
const SIZE = 10_000;
const ROUNDS = Number(process.env.ROUNDS ?? 6);

async function buildFrom(srcRoot: string, into: string): Promise<void> {
  // Build with the tree's own vite config and sources (its node_modules are this project's).
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(srcRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: {
        outDir: join(into, 'dist'),
        emptyOutDir: true,
        minify: process.env.MINIFY !== '0',
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const { buildServiceWorker } = await import('../../scripts/build-sw');
  symlinkSync(join(srcRoot, 'sw'), join(into, 'sw'), 'dir');
  await buildServiceWorker({ projectRoot: into, logLevel: 'warn' });
}

interface Target {
  name: string;
  page: Page;
  base: string;
  stop: () => Promise<void>;
  taps: number[];
  whole: number[];
  cold: number[];
}

async function deviceRows(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((done) => {
        const open = indexedDB.open('diecast-garage');
        open.onerror = () => done(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) return done(0);
          const req = db.transaction(name).objectStore(name).count();
          req.onsuccess = () => done(req.result);
          req.onerror = () => done(0);
        };
      }),
    table,
  );
}

/** Raw IndexedDB getAll of each store (ms): what reading it costs before any app code. */
function rawReads(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((done) => {
        const open = indexedDB.open('diecast-garage');
        open.onsuccess = async () => {
          const db = open.result;
          const out: Record<string, number> = {};
          const names = [...db.objectStoreNames].filter((n) =>
            ['ownedCars', 'ownedCarSummaries', 'cars', 'ownedSets', 'meta', 'profiles'].includes(n),
          );
          for (const name of names) {
            const started = performance.now();
            await new Promise<void>((ok) => {
              const req = db.transaction(name).objectStore(name).getAll();
              req.onsuccess = () => ok();
            });
            out[name] = Math.round(performance.now() - started);
          }
          db.close();
          done(out);
        };
      }),
  );
}

async function main() {
  const trees = process.argv.slice(2).map((p) => resolve(p));
  if (trees.length === 0) trees.push(projectRoot);
  const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
  const roots: string[] = [];
  const browser: Browser = await launchChromium();
  const targets: Target[] = [];
  try {
    for (const [index, tree] of trees.entries()) {
      const root = mkdtempSync(join(tmpdir(), 'diecast-profile-ui-'));
      roots.push(root);
      await importBenchCatalogue(join(root, 'data'));
      await buildFrom(tree, root);
      const env = parseEnv({
        DATA_DIR: join(root, 'data'),
        // The small demo catalogue, as every test and bench starts with (npm start: the real one).
        CATALOG_SEED: 'demo',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        // Seeding 10,000 cars for one collector is set-up, not what is measured: room for it.
        WRITE_BUDGET_CAPACITY: '100000',
      });
      const server = await startServer({ ...env, PORT: 0 }, { projectRoot: root });
      const base = `http://127.0.0.1:${server.port}`;
      const collector = await createCollector(base);
      const carIds = (await catalogueCarIds(base)).slice(0, SIZE);
      await pushMutations(base, collector, addCars(carIds));
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addInitScript((badgeIds: readonly string[]) => {
        localStorage.setItem('diecast.installPromptOffered', 'bench');
        for (const id of badgeIds) localStorage.setItem(`diecast.hideCelebration.${id}`, 'true');
      }, BADGE_IDS);
      await installProbes(context, ROW);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[page ${index}] ${error.message}`));
      await signIn(page, base, collector);
      await waitUntil(
        'the device copy',
        async () => [await catalogueVersion(page), await deviceRows(page, 'ownedCars')] as const,
        ([version, owned]) => version !== null && owned >= SIZE,
        { timeout: 180_000, interval: 500 },
      );
      targets.push({
        name: trees.length > 1 ? `${index}:${tree}` : tree,
        page,
        base,
        stop: () => server.stop(),
        taps: [],
        whole: [],
        cold: [],
      });
      console.log(`ready: ${tree} on ${base}`);
    }

    for (let round = 0; round < ROUNDS; round++) {
      for (const target of round % 2 ? [...targets].reverse() : targets) {
        await target.page.goto(`${target.base}/home`);
        await target.page
          .getByRole('heading', { level: 1 })
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 });
        await target.page.waitForTimeout(Number(process.env.SETTLE_MS ?? 800));
        const profiling = process.env.PROFILE === '1' && round === ROUNDS - 1;
        const cdp = profiling ? await target.page.context().newCDPSession(target.page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await target.page.evaluate(() => {
          performance.clearMarks();
          performance.clearMeasures();
          performance.mark('tap');
        });
        const tap = await navigateToCollection(target.page, ROW);
        const ms = tap.firstRowsMs;
        if (process.env.MARKS === '1') {
          await target.page.waitForTimeout(4000);
          const marks = await target.page.evaluate(() => {
            const all = performance.getEntriesByType('mark');
            const tap = all.find((m) => m.name === 'tap')?.startTime ?? 0;
            return all.map((m) => `${m.name}@${Math.round(m.startTime - tap)}`).join(' ');
          });
          console.log(`  ${targets.indexOf(target)} ${Math.round(ms ?? -1)} ms: ${marks}`);
        }
        if (cdp) {
          const { profile } = await cdp.send('Profiler.stop');
          const file = join(tmpdir(), `collection-${targets.indexOf(target)}.cpuprofile`);
          writeFileSync(file, JSON.stringify(profile));
          console.log(`profile: ${file}`);
        }
        target.taps.push(Math.round(ms ?? -1));
        target.whole.push(Math.round(tap.wholeListMs ?? -1));
        // A cold load of /collection (from navigation start), as bench:ui measures it.
        await target.page.goto(`${target.base}/collection`);
        const cold = await waitUntil(
          'the first collection row',
          () => target.page.evaluate(() => window.__uiBench?.firstRowAt ?? null),
          (at) => at !== null,
          { timeout: 30_000, interval: 50 },
        ).catch(() => null);
        target.cold.push(Math.round(cold ?? -1));
      }
    }
    for (const target of targets) {
      await target.page.goto(`${target.base}/home`);
      await target.page.waitForTimeout(1500);
      const reads = [await rawReads(target.page), await rawReads(target.page)];
      const line = (label: string, values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `  ${label} ms: ${values.join(', ')} (median ${sorted[Math.floor(sorted.length / 2)]})`;
      };
      console.log(
        [
          target.name,
          line('tap → rows', target.taps),
          line('tap → whole list', target.whole),
          line('cold load → rows', target.cold),
          `  raw getAll ms: ${JSON.stringify(reads)}`,
        ].join('\n'),
      );
    }
  } finally {
    await browser.close();
    for (const target of targets) await target.stop();
    await emulator.stop();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
