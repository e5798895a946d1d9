// `npm run bench:lighthouse`: Lighthouse (its mobile preset: simulated slow 4G and a 4× slower
// CPU) on the built app served by the real server with the real catalogue, in the system
// Chromium (chrome-launcher, nothing downloaded): `/` signed out on a first visit, and `/home`
// signed in on a warm device (signed in, catalogue and collection stored, the service worker in
// charge). Each page RUNS times; the median run by performance score is reported.
// Scores and metrics are printed and written to bench/results/lighthouse.json; with
// LIGHTHOUSE_REPORTS=<dir>, each run's full report (JSON, for the Lighthouse viewer) and its trace
// (for the Performance panel) go there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { parseEnv } from '../api/env';
import { startAuthEmulator } from '../api/runtime/auth-emulator';
import { startServer } from '../api/runtime/start-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/fixtures/chromium';
import { machineInfo, reportTargets, writeResults } from './lib/results';
import { importBenchCatalogue } from './sync/catalogue';
import {
  addCars,
  catalogueCarIds,
  createCollector,
  pushMutations,
  signIn,
  waitForCatalogue,
  waitForServiceWorker,
} from './ui/app-session';
import { buildAppInto } from './ui/build';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;
/** A collection a collector at a fair might have: the home screen's counts are not empty. */
const COLLECTION_SIZE = 200;

const targets = { performanceScore: 90, lcpMs: 2500, tbtMs: 200 };

const fmt = (value: number, digits = 0) => value.toFixed(digits);
const loadAtStart = loadavg()[0] ?? 0;

interface PageFigures {
  url: string;
  lighthouse: string;
  /** 0–100. */
  scores: Record<string, number | null>;
  metricsMs: {
    fcp: number;
    lcp: number;
    tbt: number;
    speedIndex: number;
    interactive: number;
  };
  cls: number;
  unusedJsKiB: number;
  totalByteWeightKiB: number;
  lcpElement: string | null;
  /** The longest main-thread tasks (simulated times, ms) and the script each is attributed to. */
  longTasks: { url: string; startMs: number; durationMs: number }[];
}

interface Audit {
  numericValue?: number;
  details?: {
    overallSavingsBytes?: number;
    items?: { node?: { snippet?: string }; url?: string; startTime?: number; duration?: number }[];
  };
}

function figuresOf(lhr: {
  finalDisplayedUrl: string;
  lighthouseVersion: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
}): PageFigures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: string) => {
    const raw = lhr.categories[id]?.score;
    return raw === null || raw === undefined ? null : Math.round(raw * 100);
  };
  return {
    url: lhr.finalDisplayedUrl,
    lighthouse: lhr.lighthouseVersion,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    },
    metricsMs: {
      fcp: Math.round(value('first-contentful-paint')),
      lcp: Math.round(value('largest-contentful-paint')),
      tbt: Math.round(value('total-blocking-time')),
      speedIndex: Math.round(value('speed-index')),
      interactive: Math.round(value('interactive')),
    },
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    unusedJsKiB: Math.round(
      (lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024,
    ),
    totalByteWeightKiB: Math.round(value('total-byte-weight') / 1024),
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.node?.snippet ?? null,
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 5).map((task) => ({
      url: (task.url ?? '').replace(/^https?:\/\/[^/]+/, ''),
      startMs: Math.round(task.startTime ?? 0),
      durationMs: Math.round(task.duration ?? 0),
    })),
  };
}

/** One Lighthouse navigation of `url` in the launched Chromium, mobile preset. */
async function audit(chrome: LaunchedChrome, url: string, warm: boolean): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The warm device keeps what it stored (sign-in, catalogue, worker, its caches); the first
    // visit starts from nothing, as Lighthouse does by default.
    disableStorageReset: warm,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  }
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${++reportCount}-${warm ? 'warm' : 'cold'}.json`;
    writeFileSync(join(REPORTS, name), JSON.stringify(result.lhr));
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace)
      writeFileSync(join(REPORTS, name.replace('.json', '.trace.json')), JSON.stringify(trace));
  }
  return figuresOf(result.lhr as unknown as Parameters<typeof figuresOf>[0]);
}

function median(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort(
    (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0),
  );
  return sorted[Math.floor(sorted.length / 2)] as PageFigures;
}

function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS],
    logLevel: 'error',
  });
}

/** Signs a collector in through the app in the launched Chromium and waits for a warm device. */
async function warmUp(chrome: LaunchedChrome, base: string): Promise<void> {
  const collector = await createCollector(base);
  const carIds = (await catalogueCarIds(base)).slice(0, COLLECTION_SIZE);
  await pushMutations(base, collector, addCars(carIds));
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('no default context in the launched Chromium');
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('diecast.installPromptOffered', 'bench'));
  await signIn(page, base, collector);
  await waitForCatalogue(page);
  await waitForServiceWorker(page);
  // Once more, so the worker's caches and the app's own start-up path are as a return visit's.
  await page.goto(`${base}/home`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
  await page.waitForTimeout(3000);
  await page.close();
  // Only the connection goes: the browser and its profile stay for Lighthouse.
  await browser.close();
}

async function main() {
  const started = performance.now();
  const stamp = (label: string) =>
    console.log(`[${fmt((performance.now() - started) / 1000, 1)} s] ${label}`);
  const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
  const root = mkdtempSync(join(tmpdir(), 'diecast-bench-lighthouse-'));
  try {
    stamp('importing the catalogue into a fresh PGlite');
    const catalogue = await importBenchCatalogue(join(root, 'data'));
    stamp('building the app');
    await buildAppInto(root);
    const env = parseEnv({
      DATA_DIR: join(root, 'data'),
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    });
    const server = await startServer({ ...env, PORT: 0 }, { projectRoot: root });
    const base = `http://localhost:${server.port}`;
    try {
      const coldRuns: PageFigures[] = [];
      let chromiumVersion = '';
      for (let run = 0; run < RUNS; run++) {
        const chrome = await launchChromium();
        try {
          chromiumVersion ||= await browserVersion(chrome);
          coldRuns.push(await audit(chrome, `${base}/`, false));
        } finally {
          chrome.kill();
        }
        stamp(`/ signed out, run ${run + 1}: ${line(coldRuns[run] as PageFigures)}`);
      }
      const warmRuns: PageFigures[] = [];
      const chrome = await launchChromium();
      try {
        stamp('signing in on a fresh profile for the warm device');
        await warmUp(chrome, base);
        for (let run = 0; run < RUNS; run++) {
          warmRuns.push(await audit(chrome, `${base}/home`, true));
          stamp(`/home signed in, run ${run + 1}: ${line(warmRuns[run] as PageFigures)}`);
        }
      } finally {
        chrome.kill();
      }
      report({ catalogue, chromium: chromiumVersion, coldRuns, warmRuns });
    } finally {
      await server.stop();
    }
  } finally {
    await emulator.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

async function browserVersion(chrome: LaunchedChrome): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
  const { Browser } = (await response.json()) as { Browser: string };
  return Browser;
}

const line = (page: PageFigures) =>
  `performance ${page.scores.performance}, FCP ${page.metricsMs.fcp} ms, ` +
  `LCP ${page.metricsMs.lcp} ms, TBT ${page.metricsMs.tbt} ms, SI ${page.metricsMs.speedIndex} ms, ` +
  `TTI ${page.metricsMs.interactive} ms, CLS ${page.cls}, unused JS ${page.unusedJsKiB} KiB`;

function report({
  catalogue,
  chromium: version,
  coldRuns,
  warmRuns,
}: {
  catalogue: Awaited<ReturnType<typeof importBenchCatalogue>>;
  chromium: string;
  coldRuns: PageFigures[];
  warmRuns: PageFigures[];
}) {
  const signedOut = median(coldRuns);
  const signedIn = median(warmRuns);
  const meets = (page: PageFigures) =>
    (page.scores.performance ?? 0) >= targets.performanceScore &&
    page.metricsMs.lcp < targets.lcpMs &&
    page.metricsMs.tbt < targets.tbtMs;
  const met = { signedOut: meets(signedOut), signedInWarm: meets(signedIn) };
  console.log(
    `\nLighthouse ${signedOut.lighthouse}, mobile preset (simulated slow 4G, 4× CPU), ${version}; ` +
      `median of ${RUNS} by performance score`,
  );
  const row = (what: string, page: PageFigures) => ({
    page: what,
    performance: page.scores.performance,
    'FCP ms': page.metricsMs.fcp,
    'LCP ms': page.metricsMs.lcp,
    'TBT ms': page.metricsMs.tbt,
    'SI ms': page.metricsMs.speedIndex,
    'TTI ms': page.metricsMs.interactive,
    CLS: page.cls,
    'unused JS KiB': page.unusedJsKiB,
    a11y: page.scores.accessibility,
    'best pr.': page.scores.bestPractices,
  });
  console.table([
    row('/ signed out, first visit', signedOut),
    row('/home signed in, warm', signedIn),
  ]);
  console.log(
    `Targets: performance ≥ ${targets.performanceScore}, LCP < ${targets.lcpMs} ms, ` +
      `TBT < ${targets.tbtMs} ms. LCP element: ${signedOut.lcpElement ?? '?'} / ${signedIn.lcpElement ?? '?'}`,
  );
  const tasks = (page: PageFigures) =>
    page.longTasks.map((task) => `${task.durationMs} ms ${task.url || '(page)'}`).join(', ');
  console.log(`Longest tasks: signed out ${tasks(signedOut)}; signed in ${tasks(signedIn)}`);
  reportTargets(met);
  writeResults('lighthouse', {
    machine: machineInfo(loadAtStart, { chromium: version, lighthouse: signedOut.lighthouse }),
    catalogue,
    preset: 'mobile (Lighthouse default: simulated throttling, slow 4G, 4× CPU slowdown)',
    runs: RUNS,
    signedOut: { ...signedOut, runs: coldRuns },
    signedInWarm: { ...signedIn, collection: COLLECTION_SIZE, runs: warmRuns },
    targets,
    met,
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
