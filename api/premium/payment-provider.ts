// The payment provider behind /api/premium: Stripe Checkout in production, a development
// provider (named as such) for the embedded default and tests.

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes to pay; it comes back to returnUrl with ?session_id=. */
  url: string;
}

/**
 * A collector's subscription as the profile shows it. Premium is 'active' only; the others say
 * why not: never paid, a payment that failed (past_due, then unpaid), paused, or ended.
 */
export const SUBSCRIPTION_STATUSES = [
  'none',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a provider's event means for a collector's subscription; `at`: when it happened. */
export type SubscriptionEvent =
  /** Checkout finished and the money is there (at once, or later for a delayed method). */
  | { kind: 'checkout-paid'; sessionId: string; userId: string | null; at: Date }
  /** Checkout finished but the payment is still on its way (bank debit, voucher): not premium. */
  | { kind: 'checkout-awaiting-payment'; sessionId: string; userId: string | null; at: Date }
  /** The delayed payment failed: the session ends unpaid, nothing is activated. */
  | { kind: 'checkout-payment-failed'; sessionId: string; userId: string | null; at: Date }
  /** The subscription changed state (renewed, past due, unpaid, paused, canceled). */
  | { kind: 'subscription-status'; userId: string | null; status: SubscriptionStatus; at: Date }
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
