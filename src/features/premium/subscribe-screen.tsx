// /subscribe: the subscription wall, where a signed-in collector starts checkout.
import { useState } from 'react';
import { Link } from 'wouter';
import { callCommunity } from '../../sync/community-client';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { CHECKOUT_PATH, PLAN_PATH, type PlanAnswer } from './premium-types';
import { usePremiumStatus } from './use-premium-status';
import { Benefits, Price, YouArePremium } from './premium-parts';

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
