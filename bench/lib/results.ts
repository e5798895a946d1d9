// What every benchmark ends with: which targets it missed, and its figures in bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** Prints 'All targets met.' or which were missed. */
export function reportTargets(met: Record<string, boolean>): void {
  const missed = Object.entries(met)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  console.log(missed.length === 0 ? 'All targets met.' : `Targets missed: ${missed.join(', ')}`);
}

/** The machine the figures were taken on, with its load: a loaded machine moves the numbers. */
export function machineInfo(loadAtStart: number, extra: Record<string, unknown> = {}) {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    ...extra,
    loadAverage1m: {
      atStart: Number(loadAtStart.toFixed(2)),
      atEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
    },
  };
}

/**
 * Writes bench/results/<name>.json as `{benchmark, date, ...figures}`; a browser bench (its
 * machine names the Chromium) also writes <name>.chromium-<major>.json, so the latest figures of
 * each Chromium (CHROMIUM_PATH) stay side by side.
 */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  const text = `${JSON.stringify({ benchmark: name, date: new Date().toISOString(), ...figures }, null, 2)}\n`;
  writeFileSync(new URL(`../results/${name}.json`, import.meta.url), text);
  const machine = figures.machine as { chromium?: unknown } | undefined;
  const major = /(\d+)\./.exec(String(machine?.chromium ?? ''))?.[1];
  if (major)
    writeFileSync(new URL(`../results/${name}.chromium-${major}.json`, import.meta.url), text);
}
