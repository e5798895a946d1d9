// Each collector's write budget in work units (src/shared/collection/work-units.ts): a bucket of
// WRITE_BUDGET_CAPACITY units that fills back at WRITE_BUDGET_REFILL_PER_SECOND. It lives in the
// database (write_budgets), taken by one atomic statement timed by the database's own clock, so
// every server process and every host on that database draws from the same budget.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database';
import {
  WRITE_BUDGET_CAPACITY,
  WRITE_BUDGET_REFILL_PER_SECOND,
} from '../../src/shared/collection/work-units';

export interface WriteBudget {
  /** Takes `units` from `userId`'s budget: null when allowed, else whole seconds to wait. */
  take(userId: string, units: number): Promise<number | null>;
  /** Whole seconds until `units` are there (at least 1), for a write refused elsewhere. */
  waitFor(userId: string, units: number): Promise<number>;
  /** The most a budget holds: a write that needs more can never pass in one piece. */
  readonly capacity: number;
  readonly refillPerSecond: number;
}

/**
 * A single collection change pays inside its own write (api/db/functions/diecast_apply_diff.sql)
 * rather than in a statement of its own: this is what that write needs to know.
 */
export interface BudgetCharge {
  units: number;
  capacity: number;
  refillPerSecond: number;
}

/** SQLSTATE diecast_apply_diff raises when a change is over its collector's budget. */
export const OVER_BUDGET_SQLSTATE = 'DG429';

export interface WriteBudgetOptions {
  capacity: number;
  refillPerSecond: number;
}

export const DEFAULT_WRITE_BUDGET: WriteBudgetOptions = {
  capacity: WRITE_BUDGET_CAPACITY,
  refillPerSecond: WRITE_BUDGET_REFILL_PER_SECOND,
};

export function databaseWriteBudget(
  db: Queryable,
  options: WriteBudgetOptions = DEFAULT_WRITE_BUDGET,
): WriteBudget {
  const { capacity, refillPerSecond: rate } = options;
  // The budget after refilling since refilled_at, never above the capacity.
  const refilled = sql`least(${capacity}::float8, w.units
    + extract(epoch from clock_timestamp() - w.refilled_at)::float8 * ${rate}::float8)`;

  /** Seconds until `units` are there, with `available` now (at least 1: no busy loop). */
  function secondsUntil(units: number, available: number): number {
    // A request bigger than the whole budget can never pass: the caller is told to wait for a
    // full budget and (by the 429's text) to send less at once.
    const needed = Math.min(units, capacity);
    return Math.max(1, Math.ceil((needed - available) / rate));
  }

  async function available(userId: string): Promise<number> {
    const [row] = await queryRows<{ available: number | string }>(
      db,
      sql`SELECT ${refilled} AS available FROM write_budgets w WHERE w.user_id = ${userId}`,
    );
    return row ? Number(row.available) : capacity;
  }

  return {
    capacity,
    refillPerSecond: rate,
    async waitFor(userId, units) {
      return secondsUntil(units, await available(userId));
    },
    async take(userId, units) {
      if (units > capacity) return secondsUntil(units, await available(userId));
      // One statement, one round trip (a refused collector may be hammering): a new collector
      // starts full; an existing row is refilled and charged only if it holds enough, and
      // concurrent takes queue on its row lock, each re-checking. When nothing was taken, the
      // budget as it stood (the statement's snapshot) says how long to wait.
      const [row] = await queryRows<{ taken: number | null; available: number | string | null }>(
        db,
        sql`WITH taken AS (
              INSERT INTO write_budgets AS w (user_id, units, refilled_at)
                VALUES (${userId}, ${capacity - units}::float8, clock_timestamp())
              ON CONFLICT (user_id) DO UPDATE
                SET units = ${refilled} - ${units}::float8, refilled_at = clock_timestamp()
                WHERE ${refilled} >= ${units}::float8
              RETURNING w.units)
            SELECT (SELECT units FROM taken) AS taken,
                   (SELECT ${refilled} FROM write_budgets w WHERE w.user_id = ${userId}) AS available`,
      );
      if (row?.taken !== null && row?.taken !== undefined) return null;
      // Refused by a concurrent take between our snapshot and the row lock: read it again.
      const now =
        row?.available === null || row?.available === undefined
          ? await available(userId)
          : Number(row.available);
      return secondsUntil(units, now);
    },
  };
}
