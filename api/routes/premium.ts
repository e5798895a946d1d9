// /api/premium: the plan, the collector's subscription status, checkout through the payment
// provider, Stripe's webhook, and the development provider's own checkout page.
import { Hono, type Context } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { devCheckoutPage } from '../premium/dev-checkout-page';
import { safeReturnPath } from '../premium/development-provider';
import { WebhookSignatureError } from '../premium/payment-provider';
import { PREMIUM_PLAN } from '../premium/plan';
import { budgetLimit } from '../http/over-budget';
import { publicOrigin } from '../premium/public-origin';
import {
  checkoutNotPaid,
  completeCheckout,
  hasPaidCheckout,
  setSubscriptionStatus,
  findCheckout,
  recordCheckout,
  subscriptionStatusOf,
} from '../premium/subscription-store';
import { idSchema } from '../../src/shared/collection/mutation-schemas';

/** A checkout session id as providers make them (dev_cs_…, cs_test_…): anything else is a 400. */
const isSessionId = (value: string) => idSchema.safeParse(value).success;
const badSessionId = (c: Context) => c.json({ error: 'sessionId: not a checkout session id' }, 400);

/** The development checkout page: its own inline style and one form back to this server. */
const CHECKOUT_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The screen the provider sends the browser back to: guarded, so the guard sees session_id. */
const RETURN_PATH = '/subscribe';

export function premiumRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const provider = deps.paymentProvider;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const notConfigured = (c: Context) =>
    c.json({ error: 'Payments are not set up on this server' }, 503);

  app.get('/premium/plan', (c) => c.json({ plan: PREMIUM_PLAN, provider: provider?.name ?? null }));

  app.get('/premium/status', requireUser(deps.verifier), async (c) =>
    c.json({ status: await subscriptionStatusOf(deps.db, c.get('userId')) }),
  );

  app.post('/premium/checkout', requireUser(deps.verifier), budgetLimit(deps), async (c) => {
    if (!provider) return notConfigured(c);
    const userId = c.get('userId');
    if ((await subscriptionStatusOf(deps.db, userId)) === 'active') {
      return c.json({ error: "You're already premium" }, 409);
    }
    const origin = publicOrigin(c);
    const session = await provider.createCheckout({
      userId,
      email: c.get('userEmail'),
      returnUrl: `${origin}${RETURN_PATH}`,
      cancelUrl: `${origin}${RETURN_PATH}`,
    });
    await recordCheckout(deps.db, {
      userId,
      sessionId: session.sessionId,
      provider: provider.name,
    });
    return c.json({ sessionId: session.sessionId, url: session.url, provider: provider.name });
  });

  // Stripe signs the exact bytes it sent: the body is read as text, never parsed and re-encoded.
  app.post('/premium/stripe-webhook', async (c) => {
    if (provider?.name !== 'stripe' || !provider.readWebhook) {
      return c.json({ error: 'Stripe is not configured on this server' }, 404);
    }
    const rawBody = await c.req.text();
    let event;
    try {
      event = provider.readWebhook(rawBody, c.req.header('stripe-signature'));
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      return c.json({ error: `Invalid Stripe signature: ${error.message}` }, 400);
    }
    switch (event.kind) {
      case 'checkout-paid': {
        const userId = await completeCheckout(
          deps.db,
          event.sessionId,
          event.userId,
          now(),
          event.at,
        );
        if (!userId) console.warn(`[premium] checkout ${event.sessionId} names no user: ignored`);
        break;
      }
      case 'checkout-awaiting-payment':
      case 'checkout-payment-failed':
        await checkoutNotPaid(
          deps.db,
          event.sessionId,
          event.kind === 'checkout-payment-failed' ? 'failed' : 'awaiting_payment',
          now(),
        );
        break;
      case 'subscription-status':
        if (!event.userId) {
          console.warn(`[premium] a subscription event (${event.status}) names no user: ignored`);
        } else if (event.status === 'active' && !(await hasPaidCheckout(deps.db, event.userId))) {
          // A subscription can be 'active' while a delayed first payment is still processing:
          // premium starts only once a checkout is paid (checkout-paid above).
          console.warn(
            `[premium] ${event.userId}'s subscription is active before any paid checkout: ignored`,
          );
        } else {
          await setSubscriptionStatus(deps.db, event.userId, event.status, event.at);
        }
        break;
      case 'ignored':
        break;
    }
    return c.json({ received: true });
  });

  // The development provider's checkout: a page anyone holding the (unguessable) session id
  // may open, exactly like a Stripe Checkout link. Absent with any other provider.
  if (provider?.name === 'development') {
    app.get('/premium/dev-checkout/:sessionId', async (c) => {
      const sessionId = c.req.param('sessionId');
      if (!isSessionId(sessionId)) return badSessionId(c);
      const session = await findCheckout(deps.db, sessionId);
      const status = !session ? 'unknown' : session.status === 'complete' ? 'complete' : 'open';
      c.header('Cache-Control', 'no-store');
      c.header('Content-Security-Policy', CHECKOUT_PAGE_POLICY);
      c.header('Referrer-Policy', 'no-referrer');
      return c.html(
        devCheckoutPage({ sessionId, returnPath: safeReturnPath(c.req.query('return')), status }),
        session ? 200 : 404,
      );
    });

    app.post('/premium/dev-checkout/:sessionId', async (c) => {
      const sessionId = c.req.param('sessionId');
      if (!isSessionId(sessionId)) return badSessionId(c);
      const session = await findCheckout(deps.db, sessionId);
      if (!session || session.provider !== 'development') {
        return c.html(
          devCheckoutPage({ sessionId, returnPath: RETURN_PATH, status: 'unknown' }),
          404,
        );
      }
      await completeCheckout(deps.db, sessionId, null, now());
      const back = safeReturnPath(c.req.query('return'));
      return c.redirect(`${back}?session_id=${encodeURIComponent(sessionId)}`, 303);
    });
  }

  return app;
}
