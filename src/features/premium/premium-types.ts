// What /api/premium answers (api/routes/premium.ts), and how a plan's price reads.

export interface PremiumPlan {
  id: string;
  name: string;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
}

export interface PlanAnswer {
  plan: PremiumPlan;
  /** 'development': the local stand-in that takes no money; null: checkout is off. */
  provider: 'stripe' | 'development' | null;
}

export const PLAN_PATH = '/api/premium/plan';
export const STATUS_PATH = '/api/premium/status';
export const CHECKOUT_PATH = '/api/premium/checkout';

export function priceText(plan: PremiumPlan): string {
  const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: plan.currency });
  return `${money.format(plan.amount)} / ${plan.interval}`;
}

/** What premium gives, in a collector's words. */
export const BENEFITS = [
  {
    title: 'Unlimited trade listings',
    text: 'List as many cars and sets for trade or sale as you like.',
  },
  {
    title: 'Price history',
    text: 'See how asking prices for a car have moved on the trade board over time.',
  },
  {
    title: 'Early catalogue updates',
    text: 'New releases reach your catalogue as soon as the team adds them.',
  },
  { title: 'Ad-free', text: 'No ads anywhere in the app, ever.' },
  {
    title: 'Keep the garage running',
    text: 'Your subscription pays for the catalogue, tutorials and live streams.',
  },
] as const;
