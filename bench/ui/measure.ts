// What bench:ui measures in headless Chromium: the JavaScript a screen loads (gzipped as built),
// the time until /collection shows its first rows, and long tasks while it scrolls.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';

export interface ScriptSize {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface ScreenJs {
  scripts: ScriptSize[];
  bytes: number;
  gzipBytes: number;
}

/** Each file gzipped (level 9) from the build, as a server compressing it would send it. */
function sized(distDir: string, paths: Iterable<string>): ScreenJs {
  const scripts = [...new Set(paths)].sort().map((script) => {
    const content = readFileSync(join(distDir, script));
    return {
      path: script,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
  });
  return {
    scripts,
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The JavaScript a screen needs, from Vite's manifest: the entry and everything it imports
 * statically, plus the screen's lazily loaded module and its static imports. Chunks the app
 * only preloads when idle are not part of it.
 */
export function manifestScreenJs(distDir: string, screenModule: string): ScreenJs | null {
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const screenKey = Object.keys(manifest).find((key) => key.endsWith(screenModule));
  if (!screenKey || !manifest['index.html']) return null;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(screenKey);
  return sized(
    distDir,
    [...files].filter((file) => file.endsWith('.js')),
  );
}

export interface LoadedJs {
  /** Requested before the screen was ready. */
  beforeReady: ScreenJs;
  /** Everything the page requested until the network was idle (idle preloads included). */
  all: ScreenJs;
}

/** The JavaScript files the page requested for `path`: before it was ready, and in all. */
export async function loadedJs(
  context: BrowserContext,
  base: string,
  path: string,
  distDir: string,
  ready: (page: Page) => Promise<void>,
): Promise<LoadedJs> {
  const page = await context.newPage();
  const requests: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.origin === new URL(base).origin) {
      requests.push({ path: url.pathname, at: Date.now() });
    }
  });
  await page.goto(`${base}${path}`);
  await ready(page);
  const readyAt = Date.now();
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(2000);
  await page.close();
  return {
    beforeReady: sized(
      distDir,
      requests.filter((request) => request.at <= readyAt).map((request) => request.path),
    ),
    all: sized(
      distDir,
      requests.map((request) => request.path),
    ),
  };
}

declare global {
  interface Window {
    __uiBench?: {
      longTasks: { start: number; duration: number }[];
      firstRowAt: number | null;
    };
  }
}

/** Installed before any page script: long tasks, and when the first collection row appears. */
export async function installProbes(context: BrowserContext, rowSelector: string): Promise<void> {
  // tsx (esbuild keepNames) wraps named functions in __name(); functions run in the page need it.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await context.addInitScript((selector: string) => {
    const probe = { longTasks: [] as { start: number; duration: number }[], firstRowAt: null };
    (window as Window).__uiBench = probe;
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No longtask support: the figures say so (empty, with supported: false).
    }
    const watch = () => {
      const observer = new MutationObserver(() => {
        if (location.pathname === '/collection' && document.querySelector(selector)) {
          observer.disconnect();
          // The frame that shows it: after the next animation frame.
          requestAnimationFrame(() =>
            setTimeout(() => {
              (probe as { firstRowAt: number | null }).firstRowAt = performance.now();
            }, 0),
          );
        }
      });
      observer.observe(document.documentElement, { childList: true, subtree: true });
    };
    if (document.documentElement) watch();
    else document.addEventListener('DOMContentLoaded', watch);
  }, rowSelector);
}

export interface CollectionTap {
  /** Until the first collection row is on screen. */
  firstRowsMs: number | null;
  /**
   * Until the whole list is there (sortable, scrollable to its end): the screen marks its list
   * aria-busy while only the first screenful is read. Equal to firstRowsMs when it never is.
   */
  wholeListMs: number | null;
}

/**
 * From /home, a tap on the bottom bar's 'My Collection' until the first collection row is on
 * screen, and until the whole list is (ms; null when not within 20 s).
 */
export function navigateToCollection(page: Page, rowSelector: string): Promise<CollectionTap> {
  return page.evaluate(
    (selector) =>
      new Promise<CollectionTap>((resolve) => {
        const before = new Set(document.querySelectorAll(selector));
        const link = document.querySelector<HTMLAnchorElement>('nav a[href="/collection"]');
        if (!link) return resolve({ firstRowsMs: null, wholeListMs: null });
        const result: CollectionTap = { firstRowsMs: null, wholeListMs: null };
        let firstSeen = false;
        let wholeSeen = false;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          observer.disconnect();
          resolve(result);
        };
        // Measured in the frame that shows it: after the next animation frame.
        const shown = (key: keyof CollectionTap) =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              result[key] = performance.now() - start;
              if (result.firstRowsMs !== null && result.wholeListMs !== null) finish();
            }, 0),
          );
        const check = () => {
          if (location.pathname !== '/collection') return;
          const row = [...document.querySelectorAll(selector)].find((node) => !before.has(node));
          if (!row) return;
          if (!firstSeen) {
            firstSeen = true;
            shown('firstRowsMs');
          }
          if (!wholeSeen && !document.querySelector('main [aria-busy="true"]')) {
            wholeSeen = true;
            shown('wholeListMs');
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          attributes: true,
          attributeFilter: ['aria-busy'],
        });
        setTimeout(finish, 20_000);
        const start = performance.now();
        link.click();
      }),
    rowSelector,
  );
}

export interface ScrollFigures {
  longtaskSupported: boolean;
  durationMs: number;
  scrolledPx: number;
  scrollHeight: number;
  maxRowsInDom: number;
  longTasks: number;
  maxLongTaskMs: number;
  frames: { count: number; p95Ms: number; maxMs: number };
}

/** Flings the collection down and back up with the mouse wheel; long tasks meanwhile. */
export async function scrollCollection(page: Page, rowSelector: string): Promise<ScrollFigures> {
  await page.mouse.move(195, 420);
  const startedAt = await page.evaluate((selector) => {
    const frames: number[] = [];
    let last = performance.now();
    let maxRows = 0;
    const state = window as unknown as {
      __scroll: { frames: number[]; running: boolean; maxRows: () => number };
    };
    state.__scroll = { frames, running: true, maxRows: () => maxRows };
    const tick = (now: number) => {
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, document.querySelectorAll(selector).length);
      if (state.__scroll.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return performance.now();
  }, rowSelector);
  const wallStart = Date.now();
  let maxScrollY = 0;
  for (let step = 0; step < 150; step++) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(16);
  }
  maxScrollY = Math.max(maxScrollY, await page.evaluate(() => window.scrollY));
  // A jump to the end (the scrollbar thumb dragged down), then flings back up.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  maxScrollY = Math.max(maxScrollY, await page.evaluate(() => window.scrollY));
  for (let step = 0; step < 100; step++) {
    await page.mouse.wheel(0, -700);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(300);
  const durationMs = Date.now() - wallStart;
  return page.evaluate(
    ({ from, durationMs, maxScrollY }) => {
      const state = window as unknown as {
        __scroll: { frames: number[]; running: boolean; maxRows: () => number };
      };
      state.__scroll.running = false;
      const probe = window.__uiBench;
      const tasks = (probe?.longTasks ?? []).filter((task) => task.start >= from);
      const frames = state.__scroll.frames.slice(1).sort((a, b) => a - b);
      const at = (p: number) =>
        frames[Math.min(frames.length - 1, Math.ceil(p * frames.length) - 1)];
      return {
        longtaskSupported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
        durationMs,
        scrolledPx: Math.round(maxScrollY),
        scrollHeight: document.documentElement.scrollHeight,
        maxRowsInDom: state.__scroll.maxRows(),
        longTasks: tasks.length,
        maxLongTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
        frames: {
          count: frames.length,
          p95Ms: Number((at(0.95) ?? 0).toFixed(1)),
          maxMs: Number((frames[frames.length - 1] ?? 0).toFixed(1)),
        },
      };
    },
    { from: startedAt, durationMs, maxScrollY },
  );
}
