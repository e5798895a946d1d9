// '5 min ago', '3 h ago', 'yesterday', then a date: how long ago a post or comment was made.
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const relative = madeOnFirstUse(
  () => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' }),
);
const day = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
);

export function timeAgo(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative().format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative().format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return relative().format(-days, 'day');
  return day().format(new Date(then));
}
