// What a failed SQL statement means, by its SQLSTATE: PGlite, node-postgres and Drizzle's
// wrapper (which keeps the driver's error as `cause`) all carry it as `code`.

/** The SQLSTATE of a database error (or of the error it wraps), or null. */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** unique_violation: two writers claimed the same key at the same moment. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * Text the database cannot hold: 22021 (a NUL byte in text) or 22P05 (a \u0000 escape in
 * jsonb). The text schema refuses both first; this is the last line of defence, a 400 not a 500.
 */
export function isUnstorableText(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === '22021' || state === '22P05';
}

export const UNSTORABLE_TEXT_ERROR =
  'The request holds text the database cannot store (a NUL character or an unpaired surrogate)';

/**
 * SQLSTATEs that say the database cannot be reached right now: class 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator, crashed, not yet accepting connections) and 53300
 * (no connection slot left).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;

/** What Node's sockets and DNS say when the database's host cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * node-postgres's own words for a lost or refused connection and a pool that waited too long
 * (it sets no code on these), and PGlite's once it has been closed under the app.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|PGlite is closed)/;

/**
 * True when a failure says the database is unreachable for now (the request itself was fine):
 * the API answers 503 with Retry-After, so devices keep the change and try again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 12; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNREACHABLE_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    pending.push(cause);
    // Node's happy-eyeballs connect fails with an AggregateError of one error per address.
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
