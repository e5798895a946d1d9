// This browser profile's identity and counters: the clientId of outbox keys and its next seqs.
// The row also carries what every local change moves besides its rows: the rows marks
// (local-store/rows-marker.ts) and each collector's totals. Every change writes this row anyway, so
// keeping them here costs the change no request of its own; each request in a change's
// transaction is time before the screen shows it
// (docs/decisions/0006-rows-marker-and-totals-in-the-counters-row.md).
import type { EntityTable } from 'dexie';
import type { MetaRow } from './device-rows';
import type { OwnedTotals } from './owned-summaries';

/** The part of the database the counters live in (garage-db.ts's `meta`). */
type WithMeta = { meta: EntityTable<MetaRow, 'key'> };

export interface DeviceCounters {
  clientId: string;
  /** Next outbox seq: strictly increasing, never reused, so `<clientId>:<seq>` is unique. */
  nextOutboxSeq: number;
  /** Next row seq for collection rows this device creates. */
  nextRowSeq: number;
  /**
   * Per collector: the fingerprint of the server snapshot their rows are exactly (absent when
   * they may differ from it). Read and written only through local-store/rows-marker.ts.
   */
  rowsAreSnapshot?: Record<string, string>;
  /**
   * Per collector: the totals of their rows on this device, moved by every change and counted
   * afresh by every rebase (absent before their first of either here).
   */
  totals?: Record<string, OwnedTotals>;
}

/** The counters' row in `meta`. */
export const DEVICE_COUNTERS_KEY = 'device';

/** A browser profile's first counters: a new clientId, every seq at 1. */
export function newCounters(): DeviceCounters {
  return { clientId: crypto.randomUUID(), nextOutboxSeq: 1, nextRowSeq: 1 };
}

/** Reads the counters inside the caller's transaction (creating them on first use). */
export async function readCounters(db: WithMeta): Promise<DeviceCounters> {
  const row = await db.meta.get(DEVICE_COUNTERS_KEY);
  return row ? (row.value as DeviceCounters) : newCounters();
}

export async function writeCounters(db: WithMeta, counters: DeviceCounters): Promise<void> {
  await db.meta.put({ key: DEVICE_COUNTERS_KEY, value: counters });
}

/** `userId`'s totals in `counters`, or undefined before their first change or rebase here. */
export function totalsIn(counters: DeviceCounters, userId: string): OwnedTotals | undefined {
  return counters.totals?.[userId];
}

/**
 * Sets `userId`'s totals on the counters the caller is about to write, in a new record: a record
 * other counters objects share (a copy's, local-store/change-base.ts) is left as it was.
 */
export function setTotalsIn(counters: DeviceCounters, userId: string, totals: OwnedTotals): void {
  counters.totals = { ...counters.totals, [userId]: totals };
}
