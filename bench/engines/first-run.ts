// bench:engines, first run: a fresh profile opens /login and the collector logs in at once; the
// clock runs from *Log in* pressed to a toy number typed on /search finding its car (the real
// catalogue downloaded and stored on the device on the way).
import type { EngineSession } from '../../test/fixtures/engines/engine-session';
import type { RealCatalogueApp } from '../../test/fixtures/real-catalogue-app';
import { createCollector } from '../../test/fixtures/server-collection';

export const TOY_NUMBER = 'CFJ01';
/** Past this the run counts as never (the issue watched WebKit for 9 minutes). */
export const FIRST_RUN_DEADLINE_MS = 120_000;

export interface FirstRun {
  /** Seconds from Log in to the car found, or null when not found within the deadline. */
  seconds: number | null;
  /** What the screen said at the end of a run that did not make it. */
  stuckOn?: string;
}

export async function measureFirstRun(
  session: EngineSession,
  app: RealCatalogueApp,
): Promise<FirstRun> {
  const collector = await createCollector(app.serverBase, 'bench');
  const page = await session.newPage();
  try {
    await page.goto(`${app.base}/login?next=${encodeURIComponent('/search')}`);
    await page.fill('Email', collector.email, { timeout: 60_000 });
    await page.fill('Password', collector.password);
    const pressed = performance.now();
    await page.click({ role: 'button', name: 'Log in' });
    const found = await page
      .waitFor(
        `${TOY_NUMBER} found on /search`,
        async () => {
          const state = await page.evaluate(() => ({
            path: location.pathname,
            query: (document.getElementById('catalog-search-input') as HTMLInputElement | null)
              ?.value,
            ids: Array.from(document.querySelectorAll('li[data-car-id]')).map(
              (tile) => tile.getAttribute('data-car-id') ?? '',
            ),
          }));
          // Typed as soon as the search box is there, as a collector would.
          if (state.path === '/search' && state.query === '') {
            await page.fill('Search the catalogue', TOY_NUMBER, { timeout: 5000 });
          }
          return state.ids.length === 1 && state.ids[0]!.includes(TOY_NUMBER.toLowerCase());
        },
        (done) => done,
        { timeout: FIRST_RUN_DEADLINE_MS, interval: 50 },
      )
      .then(
        () => true,
        () => false,
      );
    if (found) return { seconds: (performance.now() - pressed) / 1000 };
    const text = await page
      .evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 120))
      .catch((error: unknown) => `no answer from the page (${String(error)})`);
    return { seconds: null, stuckOn: text };
  } finally {
    await page.close();
  }
}
