// The Stripe provider: Checkout Sessions in subscription mode, webhooks verified with the
// endpoint's signing secret over the raw body (stripe.webhooks.constructEvent).
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type SubscriptionEvent,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Tests point the client at a local fake of the Stripe API. */
  client?: { host: string; port: number; protocol: 'http' | 'https' };
}

function userIdOf(metadata: Stripe.Metadata | null | undefined): string | null {
  const id = metadata?.userId;
  return typeof id === 'string' && id !== '' ? id : null;
}

export function stripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.client ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  return {
    name: 'stripe',
    async createCheckout({ userId, email, returnUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.priceId, quantity: 1 }],
        // Stripe fills in {CHECKOUT_SESSION_ID}; the guard sees session_id and refreshes.
        success_url: `${returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: cancelUrl,
        client_reference_id: userId,
        ...(email ? { customer_email: email } : {}),
        metadata: { userId },
        // The subscription carries the user too, so its later events (cancel) find them.
        subscription_data: { metadata: { userId } },
      });
      if (!session.url) throw new Error('Stripe did not return a Checkout URL');
      return { sessionId: session.id, url: session.url };
    },
    readWebhook(rawBody, signature): SubscriptionEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'Invalid Stripe signature',
        );
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          return {
            kind: 'checkout-completed',
            sessionId: session.id,
            userId: session.client_reference_id ?? userIdOf(session.metadata),
          };
        }
        case 'customer.subscription.deleted':
          return { kind: 'subscription-canceled', userId: userIdOf(event.data.object.metadata) };
        default:
          return { kind: 'ignored', type: event.type };
      }
    },
  };
}
