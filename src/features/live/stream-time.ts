// Stream times in the collector's own time zone and words ('Today 19:00', 'Sat 14 Mar, 18:00').
import { madeOnFirstUse } from '../../shared/made-on-first-use';

const timeOnly = madeOnFirstUse(
  () => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }),
);
const dayAndTime = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

export function streamTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return `Today ${timeOnly().format(date)}`;
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (sameDay(date, tomorrow)) return `Tomorrow ${timeOnly().format(date)}`;
  return dayAndTime().format(date);
}
