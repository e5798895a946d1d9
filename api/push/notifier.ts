// Sending a push message (its shape: docs/product.md) to every device a user registered.
// The web-push implementation lives beside this file; tests may hand in a recording one.

export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap on the notification opens, e.g. '/profile/abc'. */
  url?: string;
}

export interface Notifier {
  send(userId: string, message: PushMessage): Promise<void>;
  /** The VAPID public key devices subscribe with (web-push notifier only). */
  readonly publicKey?: string;
}
