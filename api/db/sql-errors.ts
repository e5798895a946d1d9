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
