// The Notifier over standard Web Push: each of the user's devices gets SPEC §3's shape,
// {notification: {title, body}, data: {url}}, encrypted (aes128gcm) and signed with our VAPID
// key by the `web-push` package. A device the push service says is gone (404/410) is
// forgotten; any other failure is logged and never reaches the caller (a follow or a comment
// must not fail because a phone is unreachable).
import webpush from 'web-push';
import type { Database } from '../db/database';
import type { Notifier, PushMessage } from './notifier';
import {
  deleteSubscription,
  subscriptionsOf,
  type PushSubscriptionRow,
} from './subscription-store';
import type { VapidKeys } from './vapid-keys';

/** A day: an alert about a follow or an offer is stale after that. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface WebPushNotifierOptions {
  db: Database;
  vapid: VapidKeys;
  /** VAPID 'sub': a mailto: or https: contact for the push services. */
  subject: string;
  log?: (line: string) => void;
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

  /** Delivers to one device; answers the push service's status, or throws on network failure. */
  async function deliver(row: PushSubscriptionRow, payload: string): Promise<number> {
    // web-push builds the encrypted body and the VAPID headers; fetch sends them, so a push
    // service on http://localhost (development, tests) works as well as the https ones.
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
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.body?.cancel();
    return response.status;
  }

  async function sendToDevice(userId: string, row: PushSubscriptionRow, payload: string) {
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
        await Promise.all(rows.map((row) => sendToDevice(userId, row, payload)));
      } catch (error) {
        log(
          `[push] sending to ${userId} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
