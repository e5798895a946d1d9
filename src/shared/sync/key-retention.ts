// How long the server keeps a change's key and its answer, and what it answers once it no
// longer has them (docs/sync.md "How long the server remembers a change").

const DAY_MS = 24 * 60 * 60 * 1000;

/** A device away (no answered exchange with our API) up to this long still gets exactly-once. */
export const OFFLINE_WINDOW_DAYS = 365;

/**
 * Keys are kept this long after the server first answered them: the offline window plus a
 * month's margin for a device's last attempt before it went away and its back-off on return.
 */
export const KEY_RETENTION_DAYS = 400;
export const KEY_RETENTION_MS = KEY_RETENTION_DAYS * DAY_MS;

/**
 * The answer (409, a push entry 'rejected') to a key of a device at or below the highest seq of
 * it that was swept: it may have been applied then, so it is never applied again.
 */
export const KEY_TOO_OLD_ERROR = `This change was first sent over ${KEY_RETENTION_DAYS} days ago and the server no longer keeps its answer, so it was not applied again: your collection shows what the server has`;
