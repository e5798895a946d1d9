// A collector with a large collection signs in on a new phone, on Chromium, Firefox ESR and
// WebKitGTK: until their collection is on the device, the quick check never tells them they do
// not own a car they own, a copy they add meanwhile is kept, and the collection then arrives
// whole (in steps, src/local-store/collection-fill.ts) with that copy on top, delivered to the server
// once. The first pull is held at the proxy, so 'not here yet' is seen on every engine, however
// fast it then writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_HERE_YET, ON_ITS_WAY } from '../../src/db/collection-arrival';
import { DELIVERY_WAIT, SCREEN_WAIT } from '../fixtures/app-waits';
import { clickThrough, firstVisit, logInOnHome } from '../fixtures/collector-steps';
import { addCars, pushMutations } from '../../bench/ui/app-session';
import { signInAccount } from '../fixtures/emulator-accounts';
import { collectDiagnostics } from '../fixtures/engines/page-diagnostics';
import { ENGINES, type EnginePage } from '../fixtures/engines/launch-engine';
import { engineForBlock } from '../fixtures/engines/engine-per-block';
import { startRealCatalogueApp, type RealCatalogueApp } from '../fixtures/real-catalogue-app';
import {
  createCollector,
  instanceCounts,
  serverCars,
  type Collector,
} from '../fixtures/server-collection';

/** Past FILL_IN_STEPS_FROM (500), so the first pull goes in steps on every engine. */
const COLLECTION_CARS = 1_500;
/** The car looked at during the fill: last in the collection, so the last to arrive. */
const TOY = 'CFJ01';
const SCENARIO_TIMEOUT_MS = 240_000;

let app: RealCatalogueApp;

beforeAll(async () => {
  // Seeding 1,500 cars at once is more than a collector's write budget allows.
  app = await startRealCatalogueApp('a-large-collection-arrives', {
    env: { WRITE_BUDGET_CAPACITY: '100000' },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

/** `carIds` added on the server, one copy each, in that order, as another device would have. */
async function seedCollection(collector: Collector, carIds: string[]): Promise<void> {
  const { idToken } = await signInAccount(collector.email, collector.password);
  const headers = { Authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  await pushMutations(app.serverBase, { headers }, addCars(carIds));
}

/** Records every text the element at `css` shows from now on, in this document, as `key`. */
function watchTexts(page: EnginePage, key: string, css: string): Promise<void> {
  return page.evaluate(
    ({ name, selector }) => {
      const all = ((window as unknown as { __seen?: Record<string, string[]> }).__seen ??= {});
      const seen: string[] = (all[name] = []);
      const note = () => {
        const text = document.querySelector(selector)?.textContent ?? '';
        if (seen[seen.length - 1] !== text) seen.push(text);
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    { name: key, selector: css },
  );
}

const textsSeen = (page: EnginePage, key: string) =>
  page.evaluate(
    (name) => (window as unknown as { __seen: Record<string, string[]> }).__seen[name] ?? [],
    key,
  );

describe.each(ENGINES)('a large collection arriving on a new device, on %s', (engine) => {
  const session = engineForBlock(engine);

  it(
    `${COLLECTION_CARS.toLocaleString('en')} cars: never 'not owned' before they are here, a copy added meanwhile kept`,
    async () => {
      const page = await session().newPage();
      let step = 'seeding the collection on the server';
      try {
        const collector = await createCollector(app.serverBase, `arrive${engine.slice(0, 2)}`);
        const looked = app.catalog.cars.find((car) => car.toyNumber === TOY);
        if (!looked) throw new Error(`the real catalogue has no ${TOY}`);
        const others = app.catalog.cars
          .filter((car) => car.id !== looked.id)
          .slice(0, COLLECTION_CARS - 1);
        await seedCollection(collector, [...others.map((car) => car.id), looked.id]);

        step = 'first visit: the worker and the catalogue on the device';
        await firstVisit(page, app.base);
        step = 'log in on /home, the first pull held at the network';
        await app.proxy.setFault('hold-response', (path) => path.startsWith('/api/collection/get'));
        await logInOnHome(page, collector);
        // Not '0 cars · 0 sets': nothing of the collection has reached the device yet.
        await page.waitFor(
          'Home to say the collection is on its way',
          () => page.text('[data-testid="collection-totals"]'),
          (totals) => totals === ON_ITS_WAY,
          SCREEN_WAIT,
        );

        // The quick check needs no profile: it is open before anything of the collector's
        // has arrived (the screens behind the sign-in guard wait for their profile).
        step = `the quick check on ${TOY} while the collection is still on its way`;
        await clickThrough(page, { css: 'a.quick-check-fab' });
        await page.fill('Toy #, collector # or casting name', TOY, SCREEN_WAIT);
        const answer = `li[data-car-id="${looked.id}"] [data-testid="quick-answer"]`;
        await page.waitFor(
          'the quick check to say the collection is still arriving',
          async () => [await page.text(answer), await page.text('.progress-stack .progress p')],
          ([said, arrival]) =>
            said === NOT_HERE_YET && arrival === 'Bringing your collection onto this device…',
          SCREEN_WAIT,
        );
        await watchTexts(page, 'answer', answer);
        await watchTexts(page, 'arrival', '.progress-stack');

        step = 'a copy added before the collection is here';
        await clickThrough(page, { css: `li[data-car-id="${looked.id}"] button.qc-add` });
        await page.waitFor(
          'the quick check to count the new copy',
          () => page.text(answer),
          (said) => said?.startsWith('You own 1 ') ?? false,
          SCREEN_WAIT,
        );

        step = 'the pull let through: the collection arrives, the copy on top';
        await app.proxy.setFault('none');
        await page.waitFor(
          `the quick check to count the server's copy and the new one`,
          () => page.text(answer),
          (said) => said?.startsWith('You own 2 ') ?? false,
          DELIVERY_WAIT,
        );
        await page.waitFor(
          'the arrival card gone',
          () => page.count({ css: '.progress-stack .progress' }),
          (n) => n === 0,
          SCREEN_WAIT,
        );
        const seen = (await textsSeen(page, 'answer')).filter(Boolean);
        expect(seen).not.toContain('Not owned');
        // The screens read between the steps: the card counted the cars as they came.
        const counted = (await textsSeen(page, 'arrival')).filter((text) =>
          /· [1-9][\d,]* \/ 1,500 cars$/.test(text),
        );
        expect(counted.length).toBeGreaterThan(0);

        step = 'the whole collection on the device, the new copy on the server once';
        await clickThrough(page, { role: 'link', name: 'My Collection' });
        await page.waitFor(
          'My Collection to count every car',
          // '1,501 cars · 0 sets' (WebKitGTK's locale writes '1501').
          async () => {
            const summary = await page.text('[data-testid="collection-summary"]');
            return Number(/^([\d,.\s]+) cars/.exec(summary ?? '')?.[1]?.replace(/\D/g, ''));
          },
          (cars) => cars === COLLECTION_CARS + 1,
          SCREEN_WAIT,
        );
        await page.waitFor(
          `the server to hold 2 copies of ${TOY}`,
          async () => instanceCounts(await serverCars(app.serverBase, collector))[looked.id],
          (copies) => copies === 2,
          DELIVERY_WAIT,
        );
        const held = await serverCars(app.serverBase, collector);
        expect(Object.keys(held)).toHaveLength(COLLECTION_CARS);
        console.info(
          `[${engine}] the quick check said for ${TOY}: ${seen.join(' → ')}; the card counted ${counted.join(', ')}`,
        );
      } catch (error) {
        const evidence = await collectDiagnostics(page, `large-collection-${engine}`);
        throw new Error(`[${engine}] step "${step}" failed: ${String(error)}\n${evidence}`, {
          cause: error,
        });
      } finally {
        await app.proxy.setFault('none');
        await page.close().catch(() => {});
      }
    },
    SCENARIO_TIMEOUT_MS,
  );
});
