// bench:api's load: each client sends one request at a time, as one collector's device does.
// The server run and its HTTP ceiling reference share it, so the two rates are taken the same way.

/** Sends request `seq` of client `client`; answers its HTTP status. */
export type SendRequest = (client: number, seq: number) => Promise<{ status: number }>;

export interface LoadFigures {
  /** Every answered request's latency, in ms, sorted. */
  latencies: number[];
  /** Answers other than 200. */
  errors: number;
  seconds: number;
}

/**
 * `clients` clients for `durationMs`. Unpaced: the next request as soon as the last is answered.
 * Paced at `perClientRate`/s: on a fixed schedule, latency measured from the scheduled time, so
 * a server that falls behind is charged for the backlog it causes.
 */
export async function loadPhase(
  send: SendRequest,
  clients: number,
  durationMs: number,
  perClientRate?: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  const startedAt = performance.now();
  const stopAt = startedAt + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const interval = perClientRate ? 1000 / perClientRate : 0;
      // Spread the clients' schedules so they do not all fire at the same instant.
      let scheduled = startedAt + (interval * client) / clients;
      for (let seq = 0; ; seq++) {
        if (perClientRate) {
          const wait = scheduled - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        const sentAt = perClientRate ? scheduled : performance.now();
        if (sentAt >= stopAt) break;
        const response = await send(client, seq);
        latencies.push(performance.now() - sentAt);
        if (response.status !== 200) errors++;
        scheduled += interval;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, errors, seconds: (performance.now() - startedAt) / 1000 };
}

/**
 * How much warm-up a measured phase gets: `requestsPerProcess` requests for each process that
 * serves them, and no more than `capMs` however slow the machine.
 */
export interface WarmUp {
  requestsPerProcess: number;
  capMs: number;
}

export const WARM_UP: WarmUp = { requestsPerProcess: 3000, capMs: 30_000 };

/**
 * Unmeasured load before a measured phase, counted in requests, not seconds. A Node process runs
 * its code cold at first: measured here on the real server in 3-s windows, its CPU per change
 * fell from 2.3 ms to 0.7 ms over its first ~2,600 requests a process, and the bare server's
 * from 1.5 ms to 0.4 ms over ~2,200. Counted in requests, a slow machine's server is as warm as
 * a fast one's when the measuring starts. Answers what it sent, for the results.
 */
export async function warmUp(
  send: SendRequest,
  clients: number,
  processes: number,
  warm: WarmUp = WARM_UP,
): Promise<{ requests: number; seconds: number }> {
  const wanted = warm.requestsPerProcess * processes;
  const startedAt = performance.now();
  const stopAt = startedAt + warm.capMs;
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let seq = 0; sent < wanted && performance.now() < stopAt; seq++) {
        sent++;
        await send(client, seq);
      }
    }),
  );
  return { requests: sent, seconds: Number(((performance.now() - startedAt) / 1000).toFixed(1)) };
}
