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
  /** The most a budget holds: a write that needs more can never pass in one piece. */
  readonly capacity: number;
}

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

  /** Seconds until `units` are there (at least 1: Retry-After 0 would invite a busy loop). */
  async function waitFor(userId: string, units: number): Promise<number> {
    const [row] = await queryRows<{ available: number | string }>(
      db,
      sql`SELECT ${refilled} AS available FROM write_budgets w WHERE w.user_id = ${userId}`,
    );
    const available = row ? Number(row.available) : capacity;
    // A request bigger than the whole budget can never pass: the caller is told to wait for a
    // full budget and (by the 429's text) to send less at once.
    const needed = Math.min(units, capacity);
    return Math.max(1, Math.ceil((needed - available) / rate));
  }

  return {
    capacity,
    async take(userId, units) {
      if (units > capacity) return waitFor(userId, units);
      // One statement: a new collector starts full; an existing row is refilled and charged
      // only if it holds enough. Concurrent takes queue on the row lock and each re-checks.
      const taken = await queryRows<{ units: number }>(
        db,
        sql`INSERT INTO write_budgets AS w (user_id, units, refilled_at)
              VALUES (${userId}, ${capacity - units}::float8, clock_timestamp())
            ON CONFLICT (user_id) DO UPDATE
              SET units = ${refilled} - ${units}::float8, refilled_at = clock_timestamp()
              WHERE ${refilled} >= ${units}::float8
            RETURNING w.units`,
      );
      return taken.length > 0 ? null : waitFor(userId, units);
    },
  };
}
