// bench:engines, delivery: a signed-in collector queues two changes with the server unreachable
// (the proxy refusing), the outage lasts OUTAGE_MS, then the network comes back and the clock
// runs, with no interaction, until the server holds both changes.
import { addFromTile, findCar, firstVisit, logInOnHome } from '../../test/fixtures/collector-steps';
import { readPill, SYNCED, waitForPill } from '../../test/fixtures/sync-pill-watch';
import type { EngineSession } from '../../test/fixtures/engines/engine-session';
import type { RealCatalogueApp } from '../../test/fixtures/real-catalogue-app';
import { createCollector, instanceCounts, serverCars } from '../../test/fixtures/server-collection';

/** How long the collector stays without the server after queuing (a fair's basement hall). */
export const OUTAGE_MS = 30_000;
/** Past this the changes count as not delivered. */
export const DELIVERY_DEADLINE_MS = 180_000;

export interface Delivery {
  /** Seconds from the network back to the server holding every queued change, or null. */
  seconds: number | null;
  outageSeconds: number;
  changes: number;
  /** What the sync pill said when the changes did not arrive in time. */
  pillAtEnd?: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureDelivery(
  session: EngineSession,
  app: RealCatalogueApp,
): Promise<Delivery> {
  const collector = await createCollector(app.serverBase, 'bench');
  const page = await session.newPage();
  try {
    await firstVisit(page, app.base);
    await logInOnHome(page, collector);
    await waitForPill(page, 0, SYNCED);
    await app.proxy.setFault('refuse');
    const cut = Date.now();
    const cars = [await findCar(page, 'CFJ01')];
    await addFromTile(page, cars[0]!);
    cars.push(await findCar(page, 'DHP37'));
    await addFromTile(page, cars[1]!);
    await waitForPill(page, 2, /2 changes waiting to sync$/);
    // The outage itself is the thing being modelled: its length sets the replayer's back-off.
    await pause(Math.max(0, OUTAGE_MS - (Date.now() - cut)));
    await app.proxy.setFault('none');
    const back = performance.now();
    const outageSeconds = (Date.now() - cut) / 1000;
    const expected = JSON.stringify(Object.fromEntries(cars.map((car) => [car, 1])));
    const delivered = await page
      .waitFor(
        'every queued change on the server',
        async () => JSON.stringify(instanceCounts(await serverCars(app.serverBase, collector))),
        (held) => held === expected,
        { timeout: DELIVERY_DEADLINE_MS, interval: 250 },
      )
      .then(
        () => true,
        () => false,
      );
    const pill = delivered ? null : await readPill(page).catch(() => null);
    return {
      seconds: delivered ? (performance.now() - back) / 1000 : null,
      outageSeconds,
      changes: cars.length,
      ...(pill ? { pillAtEnd: `${pill.text} [pending ${pill.pending}]` } : {}),
    };
  } finally {
    await app.proxy.setFault('none');
    await page.close();
  }
}
