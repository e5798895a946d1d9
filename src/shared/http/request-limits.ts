// How often one collector, or one address without an account, may ask: one sync push in flight
// at a time, a read budget for the reads that weigh on the whole database (matches, wanted-by,
// community prices, user search, the leaderboard), and a per-address budget for anonymous
// requests. The server's refusals say these words; the device can show them as they are.

/** A push's lease on its collector: long past any push, short enough after a crash. */
export const PUSH_LEASE_SECONDS = 60;
/** A push refused while another is in flight is asked back after this long. */
export const PUSH_IN_FLIGHT_RETRY_SECONDS = 1;
export const PUSH_IN_FLIGHT_ERROR = `Another push of yours is still being applied: send this one when it has finished (try again in ${PUSH_IN_FLIGHT_RETRY_SECONDS} s)`;

/**
 * Each collector's budget for the heavy reads, one unit a read: a few screens' worth at once,
 * then one every two seconds (each can keep the database busy for a tenth of a second). The device keeps the last answer it had, so a refused read still
 * shows something. Server env READ_BUDGET_CAPACITY / READ_BUDGET_REFILL_PER_SECOND.
 */
export const READ_BUDGET_CAPACITY = 10;
export const READ_BUDGET_REFILL_PER_SECOND = 0.5;

/**
 * Each address's budget for requests without an account (every /api request with no
 * Authorization header costs 1, a heavy read ANONYMOUS_HEAVY_READ_UNITS): generous for a
 * visitor or a whole household behind one address, small for a loop. Server env
 * ANONYMOUS_READ_CAPACITY / ANONYMOUS_READ_REFILL_PER_SECOND.
 */
export const ANONYMOUS_READ_CAPACITY = 600;
export const ANONYMOUS_READ_REFILL_PER_SECOND = 10;
export const ANONYMOUS_HEAVY_READ_UNITS = 60;

export const readBudgetError = (seconds: number) =>
  `Too many searches and market reads at once: try again in ${seconds} s`;
export const anonymousLimitError = (seconds: number) =>
  `Too many requests from this address: sign in, or try again in ${seconds} s`;

/**
 * Requests of one caller the server works on at once (a caller: one signed-in token, or one
 * address without one); the next ones wait their turn, unread, costing the server nothing. So a
 * caller with many connections gets the same share of the server as one with a single one.
 * Photo uploads stream their bytes for as long as the network takes and have their own budget:
 * they do not take a turn.
 */
export const IN_FLIGHT_PER_COLLECTOR = 2;
export const IN_FLIGHT_PER_ADDRESS = 2;
/** Requests of one caller waiting their turn at most; past them, a refusal. */
export const WAITING_PER_CALLER = 64;
export const TOO_MANY_AT_ONCE_ERROR =
  'Too many requests at once: wait for your earlier requests to be answered (try again in 1 s)';
