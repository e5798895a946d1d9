// Counts and text order as the app words them, each with one Intl object built on first use.
// `value.toLocaleString('en-US')` and `a.localeCompare(b)` give the same answers but may build
// ICU objects on every call: the zod schemas' messages and every catalogue sort paid for that on
// the first screen (docs/decisions/0012-intl-objects-on-first-use.md).
import { madeOnFirstUse } from '../made-on-first-use';

const countFormat = madeOnFirstUse(() => new Intl.NumberFormat('en-US'));
const textCollator = madeOnFirstUse(() => new Intl.Collator());
const namesCollator = madeOnFirstUse(
  () => new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }),
);

/** '12,000': what `value.toLocaleString('en-US')` says. */
export function formatCountEnUs(value: number): string {
  return countFormat().format(value);
}

/** The order of `a.localeCompare(b)` (the browser's language, default options). */
export function compareText(a: string, b: string): number {
  return textCollator().compare(a, b);
}

/**
 * The collection's order of names, brands and groups: case and accents aside, figures by value
 * ('Series 2' before 'Series 10').
 */
export function compareNames(a: string, b: string): number {
  return namesCollator().compare(a, b);
}
