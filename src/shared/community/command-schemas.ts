// Every community command's payload schema by name: the device validates a change before it
// enters the outbox, with the same schema the server applies when the change arrives.
import type { z } from 'zod';
import { describeZodError } from '../validation';
import { postCommandSchemas } from './post-schemas';
import { profileCommandSchemas } from './profile-schemas';
import { tradeCommandSchemas } from './trade-schemas';
import { storableCopy } from '../text/user-text';

export const communityCommandSchemas: Record<string, z.ZodType> = {
  ...postCommandSchemas,
  ...profileCommandSchemas,
  ...tradeCommandSchemas,
};

export function isCommunityChangeName(name: string): boolean {
  return Object.hasOwn(communityCommandSchemas, name);
}

export type ParsedCommunityChange =
  { ok: true; args: unknown } | { ok: false; status: 400 | 404; error: string };

export function parseCommunityChange(name: string, args: unknown): ParsedCommunityChange {
  const schema = communityCommandSchemas[name];
  if (!schema) return { ok: false, status: 404, error: `Unknown change: ${storableCopy(name)}` };
  const parsed = schema.safeParse(args);
  return parsed.success
    ? { ok: true, args: parsed.data }
    : { ok: false, status: 400, error: describeZodError(parsed.error) };
}
