// The Notifier over standard Web Push: each of the user's devices gets the shape of docs/product.md,
// {notification: {title, body}, data: {url}}, encrypted (aes128gcm) and signed with our VAPID
// key by the `web-push` package. A device the push service says is gone (404/410) is
// forgotten; any other failure is logged and never reaches the caller (a follow or a comment
// must not fail because a phone is unreachable). Every send is checked against the endpoint
// policy (rows stored before it existed included), goes through a guarded transport (DNS
// answers checked), with a deadline, and at most SEND_CONCURRENCY at a time per process.
import webpush from 'web-push';
import type { Database } from '../db/database';
import type { Notifier, PushMessage } from './notifier';
import {
  deleteSubscription,
  subscriptionsOf,
  type PushSubscriptionRow,
} from './subscription-store';
import type { VapidKeys } from './vapid-keys';
import { endpointProblem, type EndpointPolicy } from './endpoint-policy';
import { guardedTransport, type PushTransport } from './push-transport';
import { createSendLimiter } from './send-limiter';

/** A day: an alert about a follow or an offer is stale after that. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
/** A push service answers in well under a second; a stuck one must not hold a slot for long. */
export const SEND_TIMEOUT_MS = 5_000;
/** Push requests in flight at once for the whole process, and alerts that may wait for a slot. */
export const SEND_CONCURRENCY = 8;
export const SEND_QUEUE_MAX = 1_000;

export interface WebPushNotifierOptions {
  db: Database;
  vapid: VapidKeys;
  /** VAPID 'sub': a mailto: or https: contact for the push services. */
  subject: string;
  /** Where sends may go (production allow-list; the loopback test flag). */
  policy: EndpointPolicy;
  log?: (line: string) => void;
  /** Tests: a transport that records instead of sending, and smaller limits. */
  transport?: PushTransport;
  timeoutMs?: number;
  concurrency?: number;
  maxQueued?: number;
}

export function pushPayload(message: PushMessage): string {
  return JSON.stringify({
    notification: { title: message.title, body: message.body },
    data: { url: message.url ?? '/' },
  });
}

export function createWebPushNotifier(options: WebPushNotifierOptions): Notifier {
  const log = options.log ?? ((line: string) => console.warn(line));
  const vapidDetails = { subject: options.subject, ...options.vapid };

  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const transport = options.transport ?? guardedTransport(options.policy, timeoutMs);
  const limiter = createSendLimiter({
    concurrency: options.concurrency ?? SEND_CONCURRENCY,
    maxQueued: options.maxQueued ?? SEND_QUEUE_MAX,
  });

  /** Delivers to one device; answers the push service's status, or throws on network failure. */
  async function deliver(row: PushSubscriptionRow, payload: string): Promise<number> {
    // web-push builds the encrypted body and the VAPID headers; the transport sends them.
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      { vapidDetails, TTL: TIME_TO_LIVE_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    return transport({
      endpoint: request.endpoint,
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
    });
  }

  async function sendToDevice(userId: string, row: PushSubscriptionRow, payload: string) {
    const problem = endpointProblem(row.endpoint, options.policy);
    if (problem) {
      // Stored before the policy existed (or under a looser one): never sent to, forgotten.
      await deleteSubscription(options.db, userId, row.endpoint);
      log(`[push] a device of ${userId} is not on an allowed push service (${problem}): forgotten`);
      return;
    }
    const where = new URL(row.endpoint).origin;
    try {
      const status = await deliver(row, payload);
      if (status === 404 || status === 410) {
        await deleteSubscription(options.db, userId, row.endpoint);
        log(`[push] ${where} says a device of ${userId} is gone (${status}): forgotten`);
      } else if (status < 200 || status > 299) {
        log(`[push] ${where} refused a message for ${userId}: HTTP ${status}`);
      }
    } catch (error) {
      log(
        `[push] could not reach ${where} for ${userId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return {
    publicKey: options.vapid.publicKey,
    async send(userId, message) {
      try {
        const payload = pushPayload(message);
        const rows = await subscriptionsOf(options.db, userId);
        await Promise.all(
          rows.map(async (row) => {
            const ran = await limiter.run(() => sendToDevice(userId, row, payload));
            if (!ran) log(`[push] too many alerts waiting: one for ${userId} was dropped`);
          }),
        );
      } catch (error) {
        log(
          `[push] sending to ${userId} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
