// /premium: what premium brings and its price, for anyone.
import { Link } from 'wouter';
import { useCommunityQuery } from '../../data/use-community-query';
import { ScreenHeader } from '../../ui/screen-header';
import { PLAN_PATH, type PlanAnswer } from './premium-types';
import { usePremiumStatus } from './use-premium-status';
import { Benefits, Price, YouArePremium } from './premium-parts';

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
