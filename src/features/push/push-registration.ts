// This device's Web Push registration: asks for the notification permission, subscribes with
// the server's VAPID key through the service worker, and tells the server (online only).
import { AppError } from '../../errors/app-error';
import { callCommunity, readCommunity } from '../../sync/community-client';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const BLOCKED_MESSAGE =
  'Notifications are blocked for this site. Allow them in your browser settings to get alerts.';
export const UNSUPPORTED_MESSAGE =
  "This browser can't receive push notifications. On iPhone and iPad, add Diecast Garage to your Home Screen first, then turn them on there.";

const WORKER_WAIT_MS = 10_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

/** The service worker that receives pushes; it is registered by the app at start. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () =>
        reject(
          new AppError(
            'api',
            "The app's background worker isn't running yet. Reload the page and try again.",
          ),
        ),
      WORKER_WAIT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Turns alerts on for this device. Without the permission nothing is registered and the
 * clear 'blocked' message is thrown.
 */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new AppError('api', UNSUPPORTED_MESSAGE);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new AppError('api', BLOCKED_MESSAGE);

  const { body } = await readCommunity<{ publicKey: string }>('/api/push/public-key');
  const applicationServerKey = keyBytes(body.publicKey);
  const registration = await workerRegistration();
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (keys replaced) cannot be used: start over.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  await callCommunity('/api/push/subscribe', { method: 'POST', body: subscription.toJSON() });
}

/** Turns alerts off for this device: the server forgets it, then the browser does. */
export async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await callCommunity('/api/push/unsubscribe', {
    method: 'POST',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}

/**
 * Before signing out: this device must stop getting the collector's alerts even with no signal.
 * The server is told when it can be; the browser's subscription goes either way, so the push
 * service answers 410 to the next send and the server forgets the device then.
 */
export async function stopPushBeforeSignOut(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  try {
    await callCommunity('/api/push/unsubscribe', {
      method: 'POST',
      body: { endpoint: subscription.endpoint },
    });
  } finally {
    await subscription.unsubscribe();
  }
}
