// The time inside a page cursor, parsed strictly: only the UTC ISO form the server itself
// writes, a real calendar instant, within the years SQL timestamps and our data can hold. A
// cursor is client input like any other: anything else is a 400, never a query that fails.

/** '2026-05-01T10:00:00Z' with 0 to 6 fraction digits, as toISOString and to_char print it. */
const UTC_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;

/** Rows are never older than this, nor dated after 9999 (SQL's timestamptz goes further). */
const FIRST_YEAR = 2000;
const LAST_YEAR = 9999;

/** The instant as given (kept to the microsecond), or null when it is not one. */
export function parseCursorInstant(text: string): string | null {
  const match = UTC_ISO.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  if (year === undefined || year < FIRST_YEAR || year > LAST_YEAR) return null;
  const date = new Date(Date.UTC(year, (month ?? 0) - 1, day, hour, minute, second));
  // Date.UTC rolls 30 February over into March: a real instant survives the round trip.
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month ?? 0) - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return same ? text : null;
}
