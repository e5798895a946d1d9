// Part B of bench:sync: in headless Chromium, on the bench page served by the real server, the
// catalogue download + store, add-car-instance → useLiveQuery with a 10,000-car collection, and
// catalogue search per keystroke.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../test/fixtures/chromium';
import { percentile } from '../lib/http-client';
import { BENCH_PAGE_PATH } from './build';
import type { ChangeSample, DownloadFigures, SearchSample } from './page/page-api';

export const SEARCH_QUERIES = [
  'camaro',
  'skyline',
  'bone shaker',
  'htb84',
  "'67",
  'mustang',
  'porsche 911',
  'twin mill',
  'corvette',
  'datsun 510',
  'lamborghini',
  'nissan gt-r',
  'batmobile',
  'volkswagen',
  'rodger dodger',
  'ford gt',
  'toyota supra',
  'mclaren',
  'honda civic',
  'dodge charger',
];

const DOWNLOAD_RUNS = 3;
const COLLECTION_SIZE = 10_000;
const CHANGE_SAMPLES = 200;
const CHANGE_WARMUP = 10;

const round = (value: number) => Number(value.toFixed(2));

export interface Distribution {
  p50: number;
  p95: number;
  max: number;
}

function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

export interface BrowserFigures {
  chromium: string;
  download: {
    runs: DownloadFigures[];
    /** The median run. */
    ms: number;
    headersMs: number;
    parsedMs: number;
    /** parsed → stored: search words, bulkPut of cars and sets, commit. */
    storeMs: number;
    cars: number;
    sets: number;
    transferBytes: number;
  };
  collection: { size: number; seedMs: number };
  addCar: {
    samples: number;
    render: Distribution;
    commit: Distribution;
  };
  rawPut: {
    samples: number;
    render: Distribution;
    commit: Distribution;
  };
  /** addCar.render / rawPut.render, at p50 and p95. */
  ratio: { p50: number; p95: number };
  search: {
    queries: number;
    keystrokes: number;
    ms: Distribution;
    slowest: SearchSample[];
  };
}

async function openBenchPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[bench page] ${error.message}`));
  await page.goto(`${baseUrl}${BENCH_PAGE_PATH}`);
  await page.waitForFunction(() => window.__syncBench !== undefined);
  return page;
}

export async function benchBrowser(baseUrl: string, userId: string): Promise<BrowserFigures> {
  const browser = await launchChromium();
  try {
    // Each download on a first-visit device: a fresh context (empty IndexedDB, cold HTTP cache).
    const runs: DownloadFigures[] = [];
    let page: Page | null = null;
    for (let run = 0; run < DOWNLOAD_RUNS; run++) {
      if (page) await page.context().close();
      page = await openBenchPage(browser, baseUrl);
      runs.push(await page.evaluate(() => window.__syncBench!.downloadCatalog()));
    }
    if (!page) throw new Error('no download run');
    const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;

    const seed = await page.evaluate(
      ([uid, size]) => window.__syncBench!.seedCollection(uid, size),
      [userId, COLLECTION_SIZE] as const,
    );
    const changes = await page.evaluate(
      ([uid, samples, warmup]) => window.__syncBench!.measureChanges(uid, samples, warmup),
      [userId, CHANGE_SAMPLES, CHANGE_WARMUP] as const,
    );
    const search = await page.evaluate(
      (queries) => window.__syncBench!.measureSearch(queries),
      SEARCH_QUERIES,
    );

    const render = (samples: ChangeSample[]) => distribution(samples.map((s) => s.renderMs));
    const commit = (samples: ChangeSample[]) => distribution(samples.map((s) => s.commitMs));
    const addRender = render(changes.action);
    const putRender = render(changes.rawPut);
    return {
      chromium: browser.version(),
      download: {
        runs: runs.map((r) => ({
          ...r,
          ms: round(r.ms),
          headersMs: round(r.headersMs),
          parsedMs: round(r.parsedMs),
        })),
        ms: round(median.ms),
        headersMs: round(median.headersMs),
        parsedMs: round(median.parsedMs),
        storeMs: round(median.ms - median.parsedMs),
        cars: median.cars,
        sets: median.sets,
        transferBytes: median.transferBytes,
      },
      collection: { size: seed.owned, seedMs: round(seed.ms) },
      addCar: { samples: changes.action.length, render: addRender, commit: commit(changes.action) },
      rawPut: { samples: changes.rawPut.length, render: putRender, commit: commit(changes.rawPut) },
      ratio: {
        p50: round(addRender.p50 / putRender.p50),
        p95: round(addRender.p95 / putRender.p95),
      },
      search: {
        queries: SEARCH_QUERIES.length,
        keystrokes: search.length,
        ms: distribution(search.map((s) => s.ms)),
        slowest: [...search]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5)
          .map((s) => ({ ...s, ms: round(s.ms) })),
      },
    };
  } finally {
    await browser.close();
  }
}
