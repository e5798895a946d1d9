// The one premium plan as collectors see it. With Stripe the amount charged is the configured
// price's (STRIPE_PRICE_ID): keep the two in step.
export const PREMIUM_PLAN = {
  id: 'monthly',
  name: 'Diecast Garage Premium',
  amount: 3.99,
  currency: 'EUR',
  interval: 'month',
} as const;

export const PREMIUM_PRICE_TEXT = '€3.99 a month';
