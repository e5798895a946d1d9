// The sync push (POST /api/sync/push) as device and server both read it: the request and answer
// schemas, the format of a change's key and its refusal words, and how many entries a push holds.
import { z } from 'zod';

/** A key the device made (`<clientId>:<seq>`): printable ASCII, at most 200 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const KEY_FORMAT = 'must be 1-200 printable ASCII characters';

/**
 * Entries the device puts in one push. Kept small so each push's answer comes back well within
 * the device's deadline on a slow venue network, an answer lost on the way costs little to send
 * again, and halving a refused chunk down to the entry at fault takes few steps.
 */
export const DEVICE_PUSH_CHUNK_ENTRIES = 200;
/**
 * Entries the server takes in one push, whoever sends it: a bound on one request's work. It stays
 * above the device's chunk so a device's push is never refused for its length alone (a build
 * with another chunk size, a bulk import); the write budget bounds the work further.
 */
export const SERVER_PUSH_MAX_ENTRIES = 1000;
export const TOO_MANY_PUSH_ENTRIES = `must hold at most ${SERVER_PUSH_MAX_ENTRIES} entries`;

/** One outbox entry on the wire: `name` is a change's path without `/api/`, `args` its payload. */
export const pushEntrySchema = z.strictObject({
  key: z.string().regex(IDEMPOTENCY_KEY_PATTERN, KEY_FORMAT),
  name: z.string().min(1).max(100),
  args: z.unknown(),
});
export type PushEntry = z.infer<typeof pushEntrySchema>;

export const pushRequestSchema = z.strictObject({
  mutations: z.array(pushEntrySchema).max(SERVER_PUSH_MAX_ENTRIES, TOO_MANY_PUSH_ENTRIES),
});

export const PUSH_RESULT_STATUSES = ['ok', 'duplicate', 'rejected'] as const;
export type PushResultStatus = (typeof PUSH_RESULT_STATUSES)[number];

/**
 * One entry's result as the device reads it. An `error` that is not text is dropped rather than
 * the whole answer: the entry's status still says what happened to it.
 */
export const pushResultSchema = z.object({
  key: z.string(),
  status: z.enum(PUSH_RESULT_STATUSES),
  error: z.string().optional().catch(undefined),
});
export type PushResult = z.infer<typeof pushResultSchema>;

/** A 2xx answer to a push: one result per entry the server got to, in the entries' order. */
export const pushAnswerSchema = z.object({ results: z.array(pushResultSchema) });
export type PushAnswer = z.infer<typeof pushAnswerSchema>;

/** A result as the server sends it: a refused entry always says why. */
export type SentPushResult =
  { key: string; status: 'ok' | 'duplicate' } | { key: string; status: 'rejected'; error: string };
