// The payment provider behind /api/premium: Stripe Checkout in production, a development
// provider (named as such) for the embedded default and tests.

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes to pay; it comes back to returnUrl with ?session_id=. */
  url: string;
}

/** What a provider's event means for a collector's subscription. */
export type SubscriptionEvent =
  | { kind: 'checkout-completed'; sessionId: string; userId: string | null }
  | { kind: 'subscription-canceled'; userId: string | null }
  | { kind: 'ignored'; type: string };

/** A webhook whose signature does not match: answered 400 and nothing changes. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'development';
  createCheckout(input: {
    userId: string;
    email: string | null;
    /** Absolute URL of a guarded screen; the provider appends ?session_id=. */
    returnUrl: string;
    /** Absolute URL the collector lands on when they cancel at the provider. */
    cancelUrl: string;
  }): Promise<CheckoutSession>;
  /**
   * Stripe only: checks the webhook's signature over the raw body (throws
   * WebhookSignatureError) and says what the event means.
   */
  readWebhook?(rawBody: string, signature: string | undefined): SubscriptionEvent;
}
