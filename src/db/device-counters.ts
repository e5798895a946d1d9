// This browser profile's identity and counters: the clientId of outbox keys and its next seqs.
// The row also carries the rows marks (db/rows-marker.ts): every local change writes this row
// anyway, so clearing a mark there costs the change no request of its own.
import type { GarageDb } from './garage-db';

export interface DeviceCounters {
  clientId: string;
  /** Next outbox seq: strictly increasing, never reused, so `<clientId>:<seq>` is unique. */
  nextOutboxSeq: number;
  /** Next row seq for collection rows this device creates. */
  nextRowSeq: number;
  /**
   * Per collector: the fingerprint of the server snapshot their rows are exactly (absent when
   * they may differ from it). Read and written only through db/rows-marker.ts.
   */
  rowsAreSnapshot?: Record<string, string>;
}

/** The counters' row in `meta`. */
export const DEVICE_COUNTERS_KEY = 'device';

/** Reads the counters inside the caller's transaction (creating them on first use). */
export async function readCounters(db: GarageDb): Promise<DeviceCounters> {
  const row = await db.meta.get(DEVICE_COUNTERS_KEY);
  if (row) return row.value as DeviceCounters;
  return { clientId: crypto.randomUUID(), nextOutboxSeq: 1, nextRowSeq: 1 };
}

export async function writeCounters(db: GarageDb, counters: DeviceCounters): Promise<void> {
  await db.meta.put({ key: DEVICE_COUNTERS_KEY, value: counters });
}
