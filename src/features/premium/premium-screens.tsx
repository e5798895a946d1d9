// /premium (public: what premium gives, 'Go premium') and /subscribe (the wall: the plan, its
// price and 'Subscribe', which sends the browser to the payment provider's checkout).
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { callCommunity } from '../../sync/community-client';
import { useCommunityQuery } from '../../sync/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { BENEFITS, CHECKOUT_PATH, PLAN_PATH, priceText, type PlanAnswer } from './premium-types';
import { usePremiumStatus } from './use-premium-status';
import './premium.css';

function Benefits() {
  return (
    <ul className="premium-benefits">
      {BENEFITS.map((benefit) => (
        <li key={benefit.title}>
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M6.2 11.4 2.8 8l-1.1 1.1 4.5 4.5 8-8-1.1-1.1z" />
          </svg>
          <span>
            <strong>{benefit.title}</strong>
            <span className="premium-benefits__text">{benefit.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function YouArePremium({ children }: { children?: ReactNode }) {
  return (
    <section className="premium-active card" role="status" data-testid="premium-active">
      <span className="premium-active__badge" aria-hidden="true">
        ★
      </span>
      <h2>You&apos;re premium</h2>
      <p>Thanks for supporting Diecast Garage. Every premium feature is on for your account.</p>
      {children}
    </section>
  );
}

function Price({ plan }: { plan: PlanAnswer | undefined }) {
  return (
    <p className="premium-price" data-testid="premium-price">
      {plan ? priceText(plan.plan) : '…'}
    </p>
  );
}

export function PremiumScreen() {
  const plan = useCommunityQuery<PlanAnswer>(PLAN_PATH);
  const premium = usePremiumStatus();
  return (
    <>
      <ScreenHeader title="Premium" />
      <main className="premium-main" aria-label="Premium">
        {premium.active ? (
          <YouArePremium />
        ) : (
          <section className="premium-hero card" aria-labelledby="premium-title">
            <p className="premium-kicker">Diecast Garage Premium</p>
            <h2 id="premium-title">More for the serious collector</h2>
            <Price plan={plan.data} />
            <Link href="/subscribe" className="pill-link pill-link--primary premium-cta">
              Go premium
            </Link>
            {premium.status === 'canceled' && (
              <p className="muted">Your subscription ended. Go premium again any time.</p>
            )}
          </section>
        )}
        <section className="premium-what card" aria-labelledby="premium-what">
          <h2 id="premium-what">What you get</h2>
          <Benefits />
        </section>
        <p className="premium-small muted">
          Billed monthly. Cancel any time; premium stays on until the end of the month you paid for.
          Your collection is always free and always yours.
        </p>
      </main>
    </>
  );
}

export function SubscribeScreen() {
  const plan = useCommunityQuery<PlanAnswer>(PLAN_PATH);
  const premium = usePremiumStatus();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = plan.data?.provider;

  const subscribe = async () => {
    setBusy(true);
    setError(null);
    try {
      const checkout = await callCommunity<{ url: string }>(CHECKOUT_PATH, { method: 'POST' });
      // Leaves the app for the provider's page; it comes back to /subscribe?session_id=….
      window.location.assign(checkout.url);
    } catch (failure) {
      setBusy(false);
      // Said under the button it belongs to (offline, or the server's reason), not as a toast.
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <div className="premium-screen">
      <ScreenHeader title="Subscribe" back="/premium" />
      <main className="premium-main" aria-label="Subscribe">
        {premium.active ? (
          <YouArePremium>
            <Link href="/home" className="pill-link">
              Back to your garage
            </Link>
          </YouArePremium>
        ) : (
          <section className="premium-wall card" aria-labelledby="subscribe-title">
            <h2 id="subscribe-title">{plan.data?.plan.name ?? 'Diecast Garage Premium'}</h2>
            <Price plan={plan.data} />
            <p className="muted">Monthly plan · cancel any time</p>
            <Benefits />
            {provider === 'development' && (
              <p className="premium-dev" role="note">
                Development payment provider — no real money. Checkout completes on this server
                without charging anything.
              </p>
            )}
            {provider === null && (
              <p className="premium-dev" role="note">
                Subscriptions are not available on this server yet.
              </p>
            )}
            <div className="premium-action">
              <button
                type="button"
                className="primary"
                disabled={busy || provider === null}
                aria-describedby={error ? 'subscribe-error' : undefined}
                onClick={() => void subscribe()}
              >
                {busy ? 'Opening checkout…' : 'Subscribe'}
              </button>
              {error && (
                <p id="subscribe-error" className="field-error" role="alert">
                  {error}
                </p>
              )}
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
