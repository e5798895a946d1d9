// Which payment provider a server runs with: Stripe when its three variables are set; else the
// development provider, but only for a demo-* project outside production: with a real project
// checkout is simply not offered (a free 'Pay' button must never reach real collectors).
import type { Env } from '../env';
import { developmentPaymentProvider } from './development-provider';
import type { PaymentProvider } from './payment-provider';
import { stripePaymentProvider } from './stripe-provider';

export function paymentProviderFor(env: Env): {
  provider: PaymentProvider | undefined;
  line: string;
} {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_ID) {
    return {
      provider: stripePaymentProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        priceId: env.STRIPE_PRICE_ID,
      }),
      line: `Payments: Stripe Checkout (price ${env.STRIPE_PRICE_ID})`,
    };
  }
  if (env.production || env.hostedFirebase) {
    return {
      provider: undefined,
      line: 'Payments: off (set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID)',
    };
  }
  return {
    provider: developmentPaymentProvider(),
    line: 'Payments: the DEVELOPMENT payment provider (no real money; set STRIPE_* for Stripe)',
  };
}
