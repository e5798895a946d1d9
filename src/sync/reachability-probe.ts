// While changes wait and the last attempt did not reach our API, the open page asks the API a
// tiny question every few seconds; the moment our API answers (the portal let go, the server is
// back, a network with no 'online' event of its own returned) the queue goes, instead of waiting
// out a back-off timer that may have grown to minutes.
import { currentUserId } from '../auth/auth-state';
import { deviceDb } from '../db/device-db';
import { outboxCounts } from '../db/outbox-store';
import { readSyncRecord } from '../db/sync-record';
import { apiFetch } from './api-fetch';

/** Between probes; jittered so devices in one hall do not knock together. */
export const PROBE_EVERY_MS = 8_000;
const PROBE_DEADLINE_MS = 5_000;

/** Whether our API answers now: any answer of its own counts (config is public and tiny). */
export async function apiAnswers(fetcher?: typeof fetch): Promise<boolean> {
  try {
    const response = await apiFetch(
      '/api/config',
      { cache: 'no-store' },
      { deadlineMs: PROBE_DEADLINE_MS, fetcher },
    );
    void response.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Starts probing; `onReachable` runs each time the API answers after a failed attempt. */
export function probeWhileUnreachable(onReachable: () => void): void {
  let busy = false;
  const tick = async () => {
    if (busy || document.visibilityState !== 'visible') return;
    const userId = currentUserId();
    if (!userId) return;
    busy = true;
    try {
      const [{ waiting }, record] = await Promise.all([
        outboxCounts(deviceDb, userId),
        readSyncRecord(deviceDb),
      ]);
      if (waiting > 0 && record.reachable === false && (await apiAnswers())) onReachable();
    } catch {
      // A probe that fails tells nothing new; the next one asks again.
    } finally {
      busy = false;
    }
  };
  const schedule = () =>
    setTimeout(
      () => {
        void tick().finally(schedule);
      },
      PROBE_EVERY_MS * (0.75 + Math.random() / 2),
    );
  schedule();
}
