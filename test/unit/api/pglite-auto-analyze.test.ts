// PGlite's stand-in for autovacuum (api/db/pglite-auto-analyze.ts) while the database is held:
// the ticks that fall while a long transaction (a catalogue import) holds PGlite's one
// connection must not each queue a look of their own, to run one after another once it ends.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAutoAnalyze } from '../../../api/db/pglite-auto-analyze';

let client: PGlite;
beforeAll(async () => {
  client = new PGlite();
  await client.exec('CREATE TABLE cars (id int PRIMARY KEY)');
});
afterAll(async () => {
  await client.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The looks that have begun: each begins by flushing the statistics counts. */
function countLooks(): () => number {
  const query = vi.spyOn(client, 'query');
  return () =>
    query.mock.calls.filter(([text]) => String(text).includes('pg_stat_force_next_flush')).length;
}

/** Resolves once `count` has not moved for a while: nothing is left waiting. */
async function settled(count: () => number): Promise<number> {
  let last = -1;
  for (let still = 0; still < 5;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = count();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

describe('the stand-in for autovacuum while PGlite is held', () => {
  it('keeps one look waiting behind a long transaction, not one per tick', async () => {
    // Only the stand-in's interval is driven by hand; PGlite's own timers stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const looks = countLooks();
    const everyMs = 20;
    const autoAnalyze = startAutoAnalyze(client, everyMs);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let begin = () => {};
    const begun = new Promise<void>((resolve) => (begin = resolve));
    const held = client.transaction(async () => {
      begin();
      await released;
    });
    await begun;
    // Fifty ticks while the transaction holds the connection.
    vi.advanceTimersByTime(50 * everyMs);
    release();
    await held;
    // The look that was running (or first to wait) and at most one behind it.
    expect(await settled(looks)).toBeLessThanOrEqual(2);
    await autoAnalyze.stop();
  });

  it('still looks again after the transaction, when the next tick comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const looks = countLooks();
    const everyMs = 20;
    const autoAnalyze = startAutoAnalyze(client, everyMs);
    vi.advanceTimersByTime(everyMs);
    const first = await settled(looks);
    expect(first).toBe(1);
    vi.advanceTimersByTime(everyMs);
    expect(await settled(looks)).toBe(2);
    await autoAnalyze.stop();
  });
});
