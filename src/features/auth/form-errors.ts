// Field errors of the sign-in forms, and landing the keyboard on the first one.
import { type AuthField as Field } from './auth-errors';

export type Errors = Partial<Record<Field, string>>;

/** Focuses the first field that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(errors: Errors, refs: Partial<Record<Field, HTMLElement | null>>) {
  const field = (['email', 'password'] as const).find((name) => errors[name]);
  if (field) refs[field]?.focus();
}
