// The payment provider behind /api/premium: Stripe Checkout in production, a development
// provider (named as such) for the embedded default and tests.

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes to pay; it comes back to returnUrl with ?session_id=. */
  url: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'development';
  createCheckout(input: {
    userId: string;
    email: string | null;
    returnUrl: string;
  }): Promise<CheckoutSession>;
}
