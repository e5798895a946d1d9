// bench:ui's new device: a fresh profile opens /login and the collector logs in at once; the clock
// runs, in the page, from *Log in* pressed to a toy number typed into Home's search finding its
// car (the real catalogue downloaded, stored and read on the way). The text is typed the moment
// the search box is on Home, as a collector would.
import type { BrowserContext } from 'playwright-core';
import { PASSWORD, type Collector } from './app-session';

export const TOY_NUMBER = 'CFJ01';
const DEADLINE_MS = 60_000;

export interface NewDeviceRun {
  /** Log in → the car alone on Home (ms), or null when not within the deadline. */
  ms: number | null;
  /** Log in → Home's search box there (ms). */
  homeMs: number | null;
  /** What the screen said at the end of a run that did not make it. */
  stuckOn?: string;
}

export async function measureNewDevice(
  context: BrowserContext,
  base: string,
  collector: Collector,
): Promise<NewDeviceRun> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email', { exact: true }).first().fill(collector.email);
    await page.getByLabel('Password', { exact: true }).first().fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).first().waitFor();
    const run = await page.evaluate(
      ({ toyNumber, deadline }) =>
        new Promise<{ ms: number | null; homeMs: number | null }>((resolve) => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === 'Log in',
          );
          if (!button) return resolve({ ms: null, homeMs: null });
          let homeMs: number | null = null;
          let typed = false;
          const check = () => {
            if (location.pathname !== '/home') return;
            const input = document.getElementById('catalog-search') as HTMLInputElement | null;
            if (!input) return;
            if (!typed) {
              typed = true;
              homeMs = performance.now() - start;
              // React listens for 'input'; the value goes through the native setter as typing does.
              const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
              setValue?.set?.call(input, toyNumber);
              input.dispatchEvent(new Event('input', { bubbles: true }));
              return;
            }
            const tiles = [...document.querySelectorAll('main li[data-car-id]')];
            const only = tiles.length === 1 ? tiles[0]?.getAttribute('data-car-id') : null;
            if (only && only.toLowerCase().includes(toyNumber.toLowerCase())) {
              const ms = performance.now() - start;
              observer.disconnect();
              resolve({ ms, homeMs });
            }
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { childList: true, subtree: true });
          setTimeout(() => {
            observer.disconnect();
            resolve({ ms: null, homeMs });
          }, deadline);
          const start = performance.now();
          button.click();
        }),
      { toyNumber: TOY_NUMBER, deadline: DEADLINE_MS },
    );
    if (run.ms !== null) return run;
    const stuckOn = await page
      .evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 160))
      .catch((error: unknown) => `no answer from the page (${String(error)})`);
    return { ...run, stuckOn };
  } finally {
    await page.close();
  }
}
