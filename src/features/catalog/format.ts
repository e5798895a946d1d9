// Money and dates as a collector reads them (en, tabular figures come from CSS).

import { madeOnFirstUse } from '../../shared/made-on-first-use';

const money = madeOnFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
);

export function formatPrice(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : money().format(value);
}

const dateFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/** '2025-03-12' or an ISO timestamp → '12 Mar 2025'; '' when there is none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat().format(date);
}
