// The create-username form's words: the username rules of docs/product.md (src/shared/profile/username.ts) as
// collectors read them, and a free-looking alternative when a name is taken.
import { USERNAME_MAX, USERNAME_MIN, usernameSchema } from '../../shared/profile/username';

export const USERNAME_MESSAGES = {
  required: 'Choose a username.',
  tooShort: `Use at least ${USERNAME_MIN} characters.`,
  tooLong: `Use at most ${USERNAME_MAX} characters.`,
  characters: 'Use only letters, numbers and _ (no spaces or symbols).',
  offline: 'No connection. Choosing a username needs the internet once — try again when online.',
} as const;

/** The trimmed username, or the one sentence that says what to fix. */
export function checkUsername(
  value: string,
): { ok: true; username: string } | { ok: false; message: string } {
  const parsed = usernameSchema.safeParse(value);
  if (parsed.success) return { ok: true, username: parsed.data };
  const trimmed = value.trim();
  if (trimmed === '') return { ok: false, message: USERNAME_MESSAGES.required };
  if (!/^[A-Za-z0-9_]+$/.test(trimmed)) return { ok: false, message: USERNAME_MESSAGES.characters };
  if (trimmed.length < USERNAME_MIN) return { ok: false, message: USERNAME_MESSAGES.tooShort };
  if (trimmed.length > USERNAME_MAX) return { ok: false, message: USERNAME_MESSAGES.tooLong };
  return { ok: false, message: parsed.error.issues[0]?.message ?? USERNAME_MESSAGES.characters };
}

/** The server's 409 text for a name someone else has, or one too like it (api/routes/users.ts). */
export function isTakenError(status: number, error: string | undefined): boolean {
  return status === 409 && /already taken|which is taken/i.test(error ?? '');
}

/** A near alternative to a taken name: the name (cut to fit) with a number from 1 to 99. */
export function suggestUsername(taken: string, random: () => number = Math.random): string {
  const number = String(1 + Math.floor(random() * 99));
  const stem = taken.replace(/[^A-Za-z0-9_]/g, '').slice(0, USERNAME_MAX - number.length);
  return `${stem || 'collector'}${number}`;
}

/** 'That name is taken — try scoutmike7' */
export function takenMessage(suggestion: string): string {
  return `That name is taken — try ${suggestion}`;
}
