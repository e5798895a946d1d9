// Username rules (docs/product.md): what the create-username form and the server both accept.
import { z } from 'zod';
import { isReservedUsername, reservedUsernameMessage } from './username-lookalikes';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const GENERATED_STEM_MAX = 15;

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_]+$/, 'Username may only contain letters, digits and _')
  .refine((name) => !isReservedUsername(name), {
    error: (issue) => reservedUsernameMessage(String(issue.input)),
  });

/**
 * docs/product.md: the first word of the display name, else the e-mail before the @, else 'collector';
 * non-alphanumerics stripped, cut to 15, then a random number 1000-9999 appended.
 */
export function generateUsername(
  displayName: string | null | undefined,
  email: string | null | undefined,
  random: () => number = Math.random,
): string {
  const clean = (value: string | null | undefined) =>
    (value ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, GENERATED_STEM_MAX);
  const firstWord = (displayName ?? '').trim().split(/\s+/)[0];
  const stem = clean(firstWord) || clean(email?.split('@')[0]) || 'collector';
  const suffix = 1000 + Math.floor(random() * 9000);
  // 'Admin Smith' must not be offered a name the server refuses as kept for the team.
  return isReservedUsername(`${stem}${suffix}`) ? `collector${suffix}` : `${stem}${suffix}`;
}
