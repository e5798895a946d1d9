// bench:ui's changes on a big collection: 'Add to collection' tapped on a car page while the
// device holds 10,000 cars. The first change of a page reads its rows inside the transaction (no
// copy of the collector's rows yet); the page then takes that copy when idle
// (local-store/change-base-load.ts), one read of every row on the main thread, and later changes are worked
// out on it. Online, every change is pushed and followed by a pull and a rebase, which a tap
// right after it may wait behind. Measured in the page: tap → 'You own N' shown, and the long
// tasks from the first tap until the page has been quiet for a while (the copy included).
import type { Page } from 'playwright-core';
import { waitUntil } from './app-session';

const ANSWER = '[data-testid="ownership-answer"]';
const LATER_TAPS = 5;
/**
 * Between later taps, as a collector adding copies of a car quickly: each tap lands while the
 * sync of the one before (push, pull of the 10,000-car snapshot, rebase) is under way.
 */
const TAP_GAP_MS = 300;
/** After the first tap: the idle copy is taken within 2 s (requestIdleCallback's timeout). */
const SETTLE_MS = 5000;

export interface ChangeFigures {
  /** Tap → 'You own 1' on screen (ms), the change reading its rows in the transaction. */
  firstMs: number | null;
  /** Tap → 'You own N' for the taps after the copy was taken (ms; null: not within 20 s). */
  laterMs: (number | null)[];
  /** Long tasks from the first tap to SETTLE_MS after the last. */
  longTasks: { count: number; maxMs: number; blockingMs: number };
  /**
   * The snapshot pulls after the pushes (GET /api/collection/get) in the same span: how many,
   * and the bytes of the largest over the wire and as JSON.
   */
  pulls: { count: number; transferBytes: number; jsonBytes: number };
}

/** One tap on 'Add to collection' until the answer reads `expected` in a shown frame (ms). */
function timeTap(page: Page, expected: string): Promise<number | null> {
  return page.evaluate(
    ({ selector, expected }) =>
      new Promise<number | null>((resolve) => {
        const answer = document.querySelector(selector);
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Add to collection',
        );
        if (!answer || !button) return resolve(null);
        let done = false;
        const finish = (ms: number | null) => {
          if (done) return;
          done = true;
          observer.disconnect();
          resolve(ms);
        };
        const observer = new MutationObserver(() => {
          if (!answer.textContent?.startsWith(expected)) return;
          // Measured in the frame that shows it: after the next animation frame.
          requestAnimationFrame(() => setTimeout(() => finish(performance.now() - start), 0));
        });
        observer.observe(answer, { childList: true, characterData: true, subtree: true });
        setTimeout(() => finish(null), 20_000);
        const start = performance.now();
        button.click();
      }),
    { selector: ANSWER, expected },
  );
}

/** Taps 'Add to collection' on `carId` (not in the collection) 1 + LATER_TAPS times. */
export async function measureChanges(
  page: Page,
  base: string,
  carId: string,
): Promise<ChangeFigures> {
  await page.goto(`${base}/car/${encodeURIComponent(carId)}`);
  await waitUntil(
    'the car page saying the car is not owned yet',
    () => page.locator(ANSWER).textContent({ timeout: 30_000 }),
    (text) => text === "You don't own this one yet",
    { timeout: 30_000, interval: 100 },
  );
  // Whatever loading the page did is over before the clock runs.
  await page.waitForTimeout(1500);
  const from = await page.evaluate(() => performance.now());
  const firstMs = await timeTap(page, 'You own 1');
  await page.waitForTimeout(SETTLE_MS);
  const laterMs: (number | null)[] = [];
  for (let tap = 0; tap < LATER_TAPS; tap++) {
    laterMs.push(await timeTap(page, `You own ${tap + 2}`));
    await page.waitForTimeout(TAP_GAP_MS);
  }
  await page.waitForTimeout(SETTLE_MS);
  const longTasks = await page.evaluate((from) => {
    const tasks = (window.__uiBench?.longTasks ?? []).filter((task) => task.start >= from);
    return {
      count: tasks.length,
      maxMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
      blockingMs: Math.round(tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
    };
  }, from);
  const pulls = await page.evaluate((from) => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime >= from && entry.name.includes('/api/collection/get'))
      .sort((a, b) => b.decodedBodySize - a.decodedBodySize);
    return {
      count: entries.length,
      transferBytes: entries[0]?.transferSize ?? 0,
      jsonBytes: entries[0]?.decodedBodySize ?? 0,
    };
  }, from);
  return { firstMs, laterMs, longTasks, pulls };
}
