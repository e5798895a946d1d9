// The Stripe provider: Checkout Sessions in subscription mode, webhooks verified with the
// endpoint's signing secret over the raw body (stripe.webhooks.constructEvent).
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type SubscriptionEvent,
  type SubscriptionStatus,
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

/** Stripe's subscription states as ours: premium only while 'active' (or in a trial). */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
      return 'unpaid';
    case 'paused':
      return 'paused';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // 'incomplete': the first payment is still being attempted; checkout events decide.
      return null;
  }
}

/** The user an invoice's subscription was made for (subscription_data.metadata.userId). */
function invoiceUserId(invoice: Stripe.Invoice): string | null {
  const parent = (invoice as { parent?: { subscription_details?: { metadata?: Stripe.Metadata } } })
    .parent;
  const legacy = (invoice as { subscription_details?: { metadata?: Stripe.Metadata } })
    .subscription_details;
  return userIdOf(parent?.subscription_details?.metadata ?? legacy?.metadata);
}

/** What a verified Stripe event means for a collector. Unpaid never activates anything. */
export function meaningOf(event: Stripe.Event): SubscriptionEvent {
  const at = new Date((event.created ?? Math.floor(Date.now() / 1000)) * 1000);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.client_reference_id ?? userIdOf(session.metadata);
      // 'paid', or 'no_payment_required' (a 100% coupon); 'unpaid' waits for the async events.
      const paid =
        session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return {
        kind: paid ? 'checkout-paid' : 'checkout-awaiting-payment',
        sessionId: session.id,
        userId,
        at,
      };
    }
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const userId = session.client_reference_id ?? userIdOf(session.metadata);
      return { kind: 'checkout-paid', sessionId: session.id, userId, at };
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const userId = session.client_reference_id ?? userIdOf(session.metadata);
      return { kind: 'checkout-payment-failed', sessionId: session.id, userId, at };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const status =
        event.type === 'customer.subscription.deleted' ? 'canceled' : statusOf(subscription.status);
      if (status === null) return { kind: 'ignored', type: event.type };
      return { kind: 'subscription-status', userId: userIdOf(subscription.metadata), status, at };
    }
    case 'invoice.payment_failed':
      // Stripe retries; meanwhile the subscription is past due (its own update follows).
      return {
        kind: 'subscription-status',
        userId: invoiceUserId(event.data.object),
        status: 'past_due',
        at,
      };
    default:
      return { kind: 'ignored', type: event.type };
  }
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
      return meaningOf(event);
    },
  };
}
