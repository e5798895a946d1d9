// What the wishlist forms accept, in a collector's words: a price typed as '5', '4.50', '$5' or
// '4,50', and a note, checked by the shared schema of the change (the server runs the same one)
// so a bad value is named under its field and nothing is queued.
import {
  mutationArgsSchemas,
  WISHLIST_NOTE_MAX,
  type MutationArgs,
} from '../../shared/collection/mutation-schemas';
import { NUL_ERROR, SURROGATE_ERROR } from '../../shared/text/user-text';

/** A typed price: a number, null for an empty field, or undefined when it is not a price. */
export function readPrice(text: string): number | null | undefined {
  const plain = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(',', '.');
  if (plain === '') return null;
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(plain)) return undefined;
  return Number(plain);
}

/** A price as a form shows it: '5', '4.50'. */
export function priceText(amount: number | null): string {
  if (amount === null) return '';
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export interface WishForm {
  maxPrice: string;
  note: string;
}

export type WishFormErrors = Partial<Record<keyof WishForm, string>>;

const PRICE_WORDS = 'Enter the most you would pay, like 5 or 4.50, or leave it empty';

function priceProblem(message: string): string {
  if (/negative/.test(message)) return 'A price cannot be below 0';
  if (/at most/.test(message)) return 'A price can be at most 1,000,000';
  return PRICE_WORDS;
}

function noteProblem(message: string): string {
  if (message === NUL_ERROR || message === SURROGATE_ERROR) {
    return 'The note has a character that cannot be kept: please retype it';
  }
  if (/at most/.test(message)) return `Keep the note to ${WISHLIST_NOTE_MAX} characters`;
  return message;
}

/** The change the form asks for, or what is wrong with each field. */
export function checkWishForm(
  carId: string,
  form: WishForm,
):
  | { ok: true; args: MutationArgs<'collection/update-wishlist-car'> }
  | { ok: false; errors: WishFormErrors } {
  const maxPrice = readPrice(form.maxPrice);
  const errors: WishFormErrors = {};
  if (maxPrice === undefined) errors.maxPrice = PRICE_WORDS;
  const parsed = mutationArgsSchemas['collection/update-wishlist-car'].safeParse({
    carId,
    maxPrice: maxPrice ?? null,
    note: form.note,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'maxPrice') errors.maxPrice ??= priceProblem(issue.message);
      else if (field === 'note') errors.note ??= noteProblem(issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, args: parsed.data };
}

/** The price paid typed in 'Found it' (empty: 0, the spec's default), or an error. */
export function checkPricePaid(
  text: string,
): { ok: true; price: number } | { ok: false; error: string } {
  const price = readPrice(text);
  if (price === undefined) return { ok: false, error: 'Enter what you paid, like 2.50' };
  if (price !== null && price < 0) return { ok: false, error: 'A price cannot be below 0' };
  if (price !== null && price > 1_000_000) {
    return { ok: false, error: 'A price can be at most 1,000,000' };
  }
  return { ok: true, price: price === null ? 0 : Math.round(price * 100) / 100 };
}
