// What the premium screens share: the benefits, the 'you are premium' card, the price.
import { type ReactNode } from 'react';
import { BENEFITS, priceText, type PlanAnswer } from './premium-types';

export function Benefits() {
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

export function YouArePremium({ children }: { children?: ReactNode }) {
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

export function Price({ plan }: { plan: PlanAnswer | undefined }) {
  return (
    <p className="premium-price" data-testid="premium-price">
      {plan ? priceText(plan.plan) : '…'}
    </p>
  );
}
