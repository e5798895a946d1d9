// `npm run bench:engines`: the per-engine figures on Chromium, Firefox ESR and WebKitGTK
// (system packages), against the real server with the real catalogue, behind a local proxy that
// cuts the network the same way for every engine.
// A) Delivery: seconds from the network coming back to the server holding every change queued
//    during a 30 s outage, with no interaction (target ≤ 30 s on each engine).
// B) First run: *Log in* pressed on a fresh profile → 'CFJ01' typed on /search finds the car
//    (target: within 1.5× Chromium's), median of FIRST_RUNS.
// Figures are printed and written to bench/results/engines.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../api/runtime/auth-emulator';
import { ENGINES, launchEngine, type EngineName } from '../test/fixtures/engines/launch-engine';
import { startRealCatalogueApp } from '../test/fixtures/real-catalogue-app';
import { measureDelivery, OUTAGE_MS, type Delivery } from './engines/delivery';
import {
  FIRST_RUN_DEADLINE_MS,
  measureFirstRun,
  TOY_NUMBER,
  type FirstRun,
} from './engines/first-run';
import { machineInfo, reportTargets, writeResults } from './lib/results';
import { buildAppInto } from './ui/build';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const FIRST_RUNS = 3;

const targets = {
  deliveryS: 30,
  /** First run within this factor of Chromium's. */
  firstRunVsChromium: 1.5,
};

/** '2.35 s', or 'never' for a run that did not make it within its deadline. */
const seconds = (value: number | null, digits = 1) =>
  value === null ? 'never' : `${value.toFixed(digits)} s`;
const loadAtStart = loadavg()[0] ?? 0;

interface EngineFigures {
  version: string;
  delivery: Delivery;
  firstRun: { runs: FirstRun[]; medianS: number | null };
}

function median(runs: FirstRun[]): number | null {
  // A run that never found the car sorts last: it is slower than any that did.
  const sorted = runs.map((run) => run.seconds ?? Infinity).sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)] ?? Infinity;
  return Number.isFinite(middle) ? Number(middle.toFixed(2)) : null;
}

async function benchEngine(
  engine: EngineName,
  app: Awaited<ReturnType<typeof startRealCatalogueApp>>,
  stamp: (line: string) => void,
): Promise<EngineFigures> {
  const session = await launchEngine(engine);
  try {
    stamp(`${session.version}: A) delivery after a ${OUTAGE_MS / 1000} s outage`);
    const delivery = await measureDelivery(session, app);
    stamp(`${engine}: delivered in ${seconds(delivery.seconds)}; B) first runs`);
    const runs: FirstRun[] = [];
    for (let run = 0; run < FIRST_RUNS; run++) {
      const result = await measureFirstRun(session, app);
      stamp(
        `${engine}: first run ${run + 1}: ${seconds(result.seconds, 2)} ${result.stuckOn ?? ''}`,
      );
      runs.push(result);
    }
    const rounded = runs.map((run) => ({
      ...run,
      seconds: run.seconds === null ? null : Number(run.seconds.toFixed(2)),
    }));
    return {
      version: session.version,
      delivery: {
        ...delivery,
        seconds: delivery.seconds === null ? null : Number(delivery.seconds.toFixed(1)),
        outageSeconds: Number(delivery.outageSeconds.toFixed(1)),
      },
      firstRun: { runs: rounded, medianS: median(runs) },
    };
  } finally {
    await session.close();
  }
}

async function main() {
  const started = performance.now();
  const stamp = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);
  const emulator = await startAuthEmulator({ projectId: 'demo-diecast', cwd: projectRoot });
  const root = mkdtempSync(join(tmpdir(), 'diecast-bench-engines-'));
  try {
    stamp('building the app');
    await buildAppInto(root);
    stamp('importing the real catalogue, starting the server and the proxy');
    const app = await startRealCatalogueApp('bench-engines', { distFrom: join(root, 'dist') });
    const figures = {} as Record<EngineName, EngineFigures>;
    try {
      for (const engine of ENGINES) figures[engine] = await benchEngine(engine, app, stamp);
    } finally {
      await app.stop();
    }
    report(figures, app.cars);
  } finally {
    await emulator.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

function report(figures: Record<EngineName, EngineFigures>, cars: number) {
  const chromium = figures.chromium.firstRun.medianS;
  const met: Record<string, boolean> = {};
  const rows = ENGINES.map((engine) => {
    const { version, delivery, firstRun } = figures[engine];
    const deliveryMet = delivery.seconds !== null && delivery.seconds <= targets.deliveryS;
    const firstRunMet =
      firstRun.medianS !== null &&
      chromium !== null &&
      firstRun.medianS <= chromium * targets.firstRunVsChromium;
    met[`${engine}Delivery`] = deliveryMet;
    met[`${engine}FirstRun`] = firstRunMet;
    return {
      engine: version,
      'delivery after reconnect': `${seconds(delivery.seconds)} (${delivery.changes} changes, ${seconds(delivery.outageSeconds, 0)} outage)${delivery.pillAtEnd ? `; pill: ${delivery.pillAtEnd}` : ''}`,
      'first run (median)': `${seconds(firstRun.medianS, 2)} [${firstRun.runs.map((run) => seconds(run.seconds, 2)).join(', ')}]`,
      result: `${deliveryMet ? 'met' : 'MISSED'} / ${firstRunMet ? 'met' : 'MISSED'}`,
    };
  });
  console.log(
    `\nEngines benchmark (${cpus().length} cores, ${cpus()[0]?.model ?? '?'}; real catalogue, ` +
      `${cars} cars; targets: delivery ≤ ${targets.deliveryS} s, first run ≤ ` +
      `${targets.firstRunVsChromium}× Chromium's; '${TOY_NUMBER}', never = over ` +
      `${FIRST_RUN_DEADLINE_MS / 1000} s)`,
  );
  console.table(rows);
  reportTargets(met);
  writeResults('engines', {
    machine: machineInfo(loadAtStart, {
      engines: Object.fromEntries(ENGINES.map((engine) => [engine, figures[engine].version])),
    }),
    catalogue: { source: 'real', cars },
    method: {
      network: 'a local proxy between browser and server, refusing connections while cut',
      outageMs: OUTAGE_MS,
      firstRuns: FIRST_RUNS,
      toyNumber: TOY_NUMBER,
      firstRunDeadlineMs: FIRST_RUN_DEADLINE_MS,
    },
    engines: figures,
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
