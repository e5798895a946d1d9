// Part B of bench:sync: in headless Chromium, on the bench page served by the real server, the
// catalogue download + store, add-car-instance → useLiveQuery with a 10,000-car collection against
// a bare put of the same row (the same-run reference every UI figure is divided by), catalogue
// search per keystroke, and the quick check's keystroke → answers rendered.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../test/fixtures/chromium';
import { percentile } from '../lib/http-client';
import { BENCH_PAGE_PATH } from './build';
import type {
  ChangeSample,
  DownloadFigures,
  QuickCheckSample,
  SearchSample,
} from './page/page-api';

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
/**
 * Samples of each write (add, bare put, floor), taken in turns. A p95 of 200 moved by ±0.1x the
 * bare put from run to run, as much as B2's margin; of 1,000, by about half that (~5 s more).
 */
const CHANGE_SAMPLES = Number(process.env.BENCH_CHANGE_SAMPLES ?? 1000);
const CHANGE_WARMUP = 10;

/** What a collector at a fair types into the quick check: toy numbers, collector numbers, names. */
export const QUICK_CHECK_QUERIES = [
  'CFJ01',
  'HTB84',
  'camaro',
  'bone shaker',
  '343',
  'skyline',
  'twin mill',
  'datsun 510',
  'GTB12',
  'porsche',
];

const round = (value: number) => Number(value.toFixed(2));

export interface Distribution {
  p50: number;
  p95: number;
  max: number;
}

export function distribution(values: number[]): Distribution {
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
  /**
   * The rows an add writes, in one plain IndexedDB transaction with nothing read and no Dexie:
   * what any add that writes them atomically costs at least, on this machine.
   */
  writeFloor: {
    samples: number;
    render: Distribution;
    commit: Distribution;
  };
  /** addCar.render / rawPut.render, at p50 and p95. */
  ratio: { p50: number; p95: number };
  /** writeFloor.render / rawPut.render, at p50 and p95. */
  floorRatio: { p50: number; p95: number };
  search: {
    queries: number;
    keystrokes: number;
    ms: Distribution;
    slowest: SearchSample[];
  };
  quickCheck: {
    queries: number;
    keystrokes: number;
    ms: Distribution;
    slowest: QuickCheckSample[];
  };
}

/** The bare put → render: the machine's own limit for a local change reaching the screen. */
export interface RawPutReference {
  samples: number;
  render: Distribution;
  commit: Distribution;
}

const slowest = <T extends { ms: number }>(samples: T[]) =>
  [...samples]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map((s) => ({ ...s, ms: round(s.ms) }));

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
    const quickCheck = await page.evaluate(
      ([uid, queries]) => window.__syncBench!.measureQuickCheck(uid, queries),
      [userId, QUICK_CHECK_QUERIES] as const,
    );

    const render = (samples: ChangeSample[]) => distribution(samples.map((s) => s.renderMs));
    const commit = (samples: ChangeSample[]) => distribution(samples.map((s) => s.commitMs));
    const addRender = render(changes.action);
    const putRender = render(changes.rawPut);
    const floorRender = render(changes.writeFloor);
    return {
      chromium: browser.version(),
      download: {
        runs: runs.map((r) => ({
          ...r,
          ms: round(r.ms),
          parsedMs: round(r.parsedMs),
        })),
        ms: round(median.ms),
        parsedMs: round(median.parsedMs),
        storeMs: round(median.ms - median.parsedMs),
        cars: median.cars,
        sets: median.sets,
        transferBytes: median.transferBytes,
      },
      collection: { size: seed.owned, seedMs: round(seed.ms) },
      addCar: { samples: changes.action.length, render: addRender, commit: commit(changes.action) },
      rawPut: { samples: changes.rawPut.length, render: putRender, commit: commit(changes.rawPut) },
      writeFloor: {
        samples: changes.writeFloor.length,
        render: floorRender,
        commit: commit(changes.writeFloor),
      },
      ratio: {
        p50: round(addRender.p50 / putRender.p50),
        p95: round(addRender.p95 / putRender.p95),
      },
      floorRatio: {
        p50: round(floorRender.p50 / putRender.p50),
        p95: round(floorRender.p95 / putRender.p95),
      },
      search: {
        queries: SEARCH_QUERIES.length,
        keystrokes: search.length,
        ms: distribution(search.map((s) => s.ms)),
        slowest: slowest(search),
      },
      quickCheck: {
        queries: QUICK_CHECK_QUERIES.length,
        keystrokes: quickCheck.length,
        ms: distribution(quickCheck.map((s) => s.ms)),
        slowest: slowest(quickCheck),
      },
    };
  } finally {
    await browser.close();
  }
}

/**
 * bench:ui's reference, taken the way bench:sync takes it: a first-visit bench page downloads the
 * catalogue, holds a 10,000-car collection, and times bare puts → useLiveQuery render.
 */
export async function rawPutReference(
  browser: Browser,
  baseUrl: string,
  userId: string,
  samples = 100,
): Promise<RawPutReference> {
  const page = await openBenchPage(browser, baseUrl);
  try {
    await page.evaluate(() => window.__syncBench!.downloadCatalog());
    await page.evaluate(([uid, size]) => window.__syncBench!.seedCollection(uid, size), [
      userId,
      COLLECTION_SIZE,
    ] as const);
    const puts = await page.evaluate(
      ([uid, count, warmup]) => window.__syncBench!.measureRawPuts(uid, count, warmup),
      [userId, samples, CHANGE_WARMUP] as const,
    );
    return {
      samples: puts.length,
      render: distribution(puts.map((s) => s.renderMs)),
      commit: distribution(puts.map((s) => s.commitMs)),
    };
  } finally {
    await page.context().close();
  }
}
