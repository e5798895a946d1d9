// Premium: checkout through the development provider end to end (page, Pay, redirect with
// session_id, status active); Stripe Checkout against a local fake of the Stripe API, and its
// webhook: a valid signature makes the collector active, a bad one changes nothing (400),
// cancelling makes them canceled. Plus the all-three-or-none rule for the Stripe variables.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app';
import { checkoutSessions, profiles } from '../../api/db/schema';
import { EnvError, parseEnv } from '../../api/env';
import { developmentPaymentProvider } from '../../api/premium/development-provider';
import { stripePaymentProvider } from '../../api/premium/stripe-provider';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { emulatorVerifier, type TestUser } from '../fixtures/auth';

const WEBHOOK_SECRET = 'whsec_test_secret_for_diecast';
const PRICE_ID = 'price_test_premium';

interface FakeStripeCall {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

let api: ApiHarness;
let stripeApp: App;
let bareApp: App;
let fakeStripe: Server;
const stripeCalls: FakeStripeCall[] = [];

beforeAll(async () => {
  api = await createApiHarness({ paymentProvider: developmentPaymentProvider() });
  // A stand-in for api.stripe.com: answers Checkout Session creation like Stripe does.
  fakeStripe = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      stripeCalls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form: new URLSearchParams(body),
      });
      const id = `cs_test_${stripeCalls.length}`;
      response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_1' });
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: 'subscription',
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
  const port = (fakeStripe.address() as AddressInfo).port;
  const stripe = stripePaymentProvider({
    secretKey: 'sk_test_diecast',
    webhookSecret: WEBHOOK_SECRET,
    priceId: PRICE_ID,
    client: { host: '127.0.0.1', port, protocol: 'http' },
  });
  // Same database, other edges: one app per provider.
  stripeApp = createApp({
    db: api.database.db,
    verifier: emulatorVerifier(),
    paymentProvider: stripe,
  });
  bareApp = createApp({ db: api.database.db, verifier: emulatorVerifier() });
});

afterAll(async () => {
  await new Promise<void>((resolve) => fakeStripe?.close(() => resolve()));
  await api?.close();
});

async function collector(name: string): Promise<TestUser> {
  const user = await api.user();
  await api.call(user, 'POST', '/api/users/initialize', { username: name });
  return user;
}

const statusOf = async (user: TestUser) =>
  (await api.call(user, 'GET', '/api/premium/status')).body.status as string;

const sessionRow = async (sessionId: string) =>
  (
    await api.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.sessionId, sessionId))
  )[0];

describe('the development payment provider', () => {
  it('says which provider and plan this server has', async () => {
    const { status, body } = await api.call(null, 'GET', '/api/premium/plan');
    expect(status).toBe(200);
    expect(body).toEqual({
      plan: {
        id: 'monthly',
        name: 'Diecast Garage Premium',
        amount: 3.99,
        currency: 'EUR',
        interval: 'month',
      },
      provider: 'development',
    });
  });

  it('checkout → its own page → Pay → back with session_id, and the collector is active', async () => {
    const user = await collector('PremiumPia');
    expect(await statusOf(user)).toBe('none');

    const checkout = await api.call(user, 'POST', '/api/premium/checkout');
    expect(checkout.status).toBe(200);
    const { sessionId, url, provider } = checkout.body;
    expect(provider).toBe('development');
    expect(url).toBe(`http://localhost/api/premium/dev-checkout/${sessionId}?return=%2Fsubscribe`);
    expect((await sessionRow(sessionId))?.status).toBe('open');

    const pagePath = url.replace('http://localhost', '');
    const page = await api.app.request(pagePath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Development payment provider — no real money');
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('€3.99 a month');

    const paid = await api.app.request(pagePath, { method: 'POST' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/subscribe?session_id=${sessionId}`);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'complete', userId: user.uid });
    expect(await statusOf(user)).toBe('active');
    const profile = await api.call(user, 'GET', '/api/profile/me');
    expect(profile.body.subscription).toEqual({ status: 'active' });

    // Paying twice changes nothing; a second checkout is refused.
    expect((await api.app.request(pagePath, { method: 'POST' })).status).toBe(303);
    const again = await api.call(user, 'POST', '/api/premium/checkout');
    expect(again).toEqual({ status: 409, body: { error: "You're already premium" } });
    const completedPage = await (await api.app.request(pagePath)).text();
    expect(completedPage).toContain('Already paid');
  });

  it('answers 404 for an unknown session and changes nothing', async () => {
    const page = await api.app.request('/api/premium/dev-checkout/dev_cs_nope');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Checkout not found');
    const paid = await api.app.request('/api/premium/dev-checkout/dev_cs_nope', { method: 'POST' });
    expect(paid.status).toBe(404);
    expect(await sessionRow('dev_cs_nope')).toBeUndefined();
  });

  it('never redirects off the site, whatever the return parameter says', async () => {
    const user = await collector('RedirectRay');
    const { sessionId } = (await api.call(user, 'POST', '/api/premium/checkout')).body;
    const paid = await api.app.request(
      `/api/premium/dev-checkout/${sessionId}?return=${encodeURIComponent('//evil.example/x')}`,
      { method: 'POST' },
    );
    expect(paid.headers.get('location')).toBe(`/subscribe?session_id=${sessionId}`);
  });

  it('needs a token for status and checkout', async () => {
    expect((await api.call(null, 'GET', '/api/premium/status')).status).toBe(401);
    expect((await api.call(null, 'POST', '/api/premium/checkout')).status).toBe(401);
  });

  it('is absent when the server has no provider: checkout answers 503', async () => {
    const user = await collector('NoProviderNed');
    const response = await bareApp.request('/api/premium/checkout', {
      method: 'POST',
      headers: user.headers,
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Payments are not set up on this server' });
    expect((await bareApp.request('/api/premium/dev-checkout/anything')).status).toBe(404);
  });
});

describe('Stripe', () => {
  const webhook = (payload: string, signature: string | null) =>
    stripeApp.request('/api/premium/stripe-webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      body: payload,
    });
  const signed = (payload: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  let eventSeq = 0;
  /** A Stripe event; `created` (seconds) orders events, as Stripe's own timestamps do. */
  const event = (type: string, object: Record<string, unknown>, created = 1_800_000_000) =>
    JSON.stringify(
      { id: `evt_${++eventSeq}`, object: 'event', type, created, data: { object } },
      null,
      2,
    );
  const deliver = async (type: string, object: Record<string, unknown>, created?: number) => {
    const payload = event(type, object, created);
    const response = await webhook(payload, signed(payload));
    expect(response.status).toBe(200);
  };
  const checkout = async (user: TestUser) =>
    (
      (await (
        await stripeApp.request('/api/premium/checkout', { method: 'POST', headers: user.headers })
      ).json()) as { sessionId: string }
    ).sessionId;
  const session = (id: string, user: TestUser, paymentStatus: string) => ({
    id,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: user.uid,
    payment_status: paymentStatus,
  });
  const subscription = (user: TestUser, status: string) => ({
    id: `sub_${user.uid}`,
    object: 'subscription',
    status,
    metadata: { userId: user.uid },
  });

  it('creates a Checkout Session in subscription mode that comes back with session_id', async () => {
    const user = await collector('StripeSue');
    const response = await stripeApp.request('/api/premium/checkout', {
      method: 'POST',
      headers: user.headers,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sessionId: string; url: string; provider: string };
    expect(body.provider).toBe('stripe');
    expect(body.url).toBe(`https://checkout.stripe.com/c/pay/${body.sessionId}`);

    const call = stripeCalls.at(-1) as FakeStripeCall;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.authorization).toBe('Bearer sk_test_diecast');
    expect(call.form.get('mode')).toBe('subscription');
    expect(call.form.get('line_items[0][price]')).toBe(PRICE_ID);
    expect(call.form.get('success_url')).toBe(
      'http://localhost/subscribe?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(call.form.get('client_reference_id')).toBe(user.uid);
    expect(call.form.get('subscription_data[metadata][userId]')).toBe(user.uid);
    expect(call.form.get('customer_email')).toBe(user.email);
    expect(await sessionRow(body.sessionId)).toMatchObject({ provider: 'stripe', status: 'open' });

    // Behind a TLS-terminating proxy, the way back is https.
    const proxied = await collector('ProxiedPat');
    await stripeApp.request('/api/premium/checkout', {
      method: 'POST',
      headers: { ...proxied.headers, 'x-forwarded-proto': 'https' },
    });
    expect(stripeCalls.at(-1)?.form.get('success_url')).toBe(
      'https://localhost/subscribe?session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('a signed checkout.session.completed makes the collector active', async () => {
    const user = await collector('SignedSam');
    const { sessionId } = (await (
      await stripeApp.request('/api/premium/checkout', { method: 'POST', headers: user.headers })
    ).json()) as { sessionId: string };
    const payload = event('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: user.uid,
      payment_status: 'paid',
    });
    const response = await webhook(payload, signed(payload));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await statusOf(user)).toBe('active');
    expect((await sessionRow(sessionId))?.status).toBe('complete');
  });

  it('a bad or missing signature is answered 400 and changes nothing', async () => {
    const user = await collector('ForgedFred');
    const payload = event('checkout.session.completed', {
      id: 'cs_test_forged',
      object: 'checkout.session',
      client_reference_id: user.uid,
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const bad = await webhook(payload, forged);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/Invalid Stripe signature/);
    // The signature covers the exact bytes: the same event re-encoded does not verify.
    const reencoded = JSON.stringify(JSON.parse(payload));
    expect((await webhook(reencoded, signed(payload))).status).toBe(400);
    expect((await webhook(payload, null)).status).toBe(400);
    expect(await statusOf(user)).toBe('none');
  });

  it('customer.subscription.deleted makes the collector canceled; other events change nothing', async () => {
    const user = await collector('CancelCara');
    await api.database.db
      .update(profiles)
      .set({ subscriptionStatus: 'active' })
      .where(eq(profiles.userId, user.uid));
    const other = event('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect((await webhook(other, signed(other))).status).toBe(200);
    expect(await statusOf(user)).toBe('active');

    const payload = event('customer.subscription.deleted', {
      id: 'sub_1',
      object: 'subscription',
      metadata: { userId: user.uid },
    });
    expect((await webhook(payload, signed(payload))).status).toBe(200);
    expect(await statusOf(user)).toBe('canceled');
  });

  it('a completed checkout that is not paid yet activates nothing; its async payment success does', async () => {
    const user = await collector('SepaSofia');
    const sessionId = await checkout(user);
    await deliver('checkout.session.completed', session(sessionId, user, 'unpaid'));
    expect(await statusOf(user)).toBe('none');
    expect((await sessionRow(sessionId))?.status).toBe('awaiting_payment');
    // Stripe may call the subscription active while the debit is still processing: not yet.
    await deliver('customer.subscription.updated', subscription(user, 'active'));
    expect(await statusOf(user)).toBe('none');
    await deliver('checkout.session.async_payment_succeeded', session(sessionId, user, 'paid'));
    expect(await statusOf(user)).toBe('active');
    expect((await sessionRow(sessionId))?.status).toBe('complete');
  });

  it('an async payment that fails leaves the collector without premium and the session failed', async () => {
    const user = await collector('BouncedBen');
    const sessionId = await checkout(user);
    await deliver('checkout.session.completed', session(sessionId, user, 'unpaid'));
    await deliver('checkout.session.async_payment_failed', session(sessionId, user, 'unpaid'));
    expect(await statusOf(user)).toBe('none');
    expect((await sessionRow(sessionId))?.status).toBe('failed');
  });

  it('a failed renewal makes the collector past_due; subscription changes follow Stripe', async () => {
    const user = await collector('RenewRuth');
    const sessionId = await checkout(user);
    await deliver('checkout.session.completed', session(sessionId, user, 'paid'), 1_800_000_000);
    expect(await statusOf(user)).toBe('active');
    await deliver(
      'invoice.payment_failed',
      {
        id: 'in_failed',
        object: 'invoice',
        parent: { subscription_details: { metadata: { userId: user.uid } } },
      },
      1_800_000_100,
    );
    expect(await statusOf(user)).toBe('past_due');
    await deliver('customer.subscription.updated', subscription(user, 'unpaid'), 1_800_000_200);
    expect(await statusOf(user)).toBe('unpaid');
    // Paid again: Stripe says active, and the collector is premium again.
    await deliver('customer.subscription.updated', subscription(user, 'active'), 1_800_000_300);
    expect(await statusOf(user)).toBe('active');
    await deliver('customer.subscription.updated', subscription(user, 'canceled'), 1_800_000_400);
    expect(await statusOf(user)).toBe('canceled');
  });

  it('an older event delivered late does not undo a newer one', async () => {
    const user = await collector('LateLiam');
    const sessionId = await checkout(user);
    await deliver('checkout.session.completed', session(sessionId, user, 'paid'), 1_800_000_000);
    await deliver('customer.subscription.deleted', subscription(user, 'canceled'), 1_800_000_500);
    await deliver('customer.subscription.updated', subscription(user, 'active'), 1_800_000_100);
    expect(await statusOf(user)).toBe('canceled');
  });

  it('the webhook does not exist on a server without Stripe', async () => {
    const payload = event('checkout.session.completed', { id: 'cs_x', object: 'checkout.session' });
    const response = await api.app.request('/api/premium/stripe-webhook', {
      method: 'POST',
      headers: { 'stripe-signature': signed(payload) },
      body: payload,
    });
    expect(response.status).toBe(404);
  });
});

describe('the Stripe variables', () => {
  const problemsOf = (source: Record<string, string>) => {
    try {
      parseEnv(source);
      return [];
    } catch (error) {
      if (error instanceof EnvError) return error.problems;
      throw error;
    }
  };

  it('go together: all three or none, in one clear line', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'Stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID together: set all three or none (missing STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID)',
    ]);
    expect(
      problemsOf({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PRICE_ID: 'price_abc',
      }),
    ).toEqual([]);
  });

  it('are checked for shape without echoing a secret', () => {
    const [line] = problemsOf({
      STRIPE_SECRET_KEY: 'pk_live_oops',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_ID: 'price_abc',
    });
    expect(line).toBe('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…)');
  });
});
